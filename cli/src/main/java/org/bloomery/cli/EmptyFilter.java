package org.bloomery.cli;

import org.bloomery.api.MembershipFilter;

/** What the commands say of a filter that holds no item, where figures per item would divide by zero. */
final class EmptyFilter {
    /** What an empty filter does, said where the figures of a filter with items go. */
    static final String DESCRIPTION = "empty filter: answers absent for every item";

    private EmptyFilter() {
    }

    /**
     * Whether a filter holds no item: it counts none and expects no false positive, so it answers
     * absent for every item.
     *
     * @param filter the filter
     * @return true if it is empty
     */
    static boolean isEmpty(MembershipFilter<?> filter) {
        // A Bloom kind estimates its count from its set bits; its fpp is 0 only when none is set.
        return filter.approximateCount() == 0 && filter.expectedFpp() == 0;
    }
}
