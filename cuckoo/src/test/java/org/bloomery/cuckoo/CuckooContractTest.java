package org.bloomery.cuckoo;

import org.bloomery.api.FilterSpec;
import org.bloomery.api.contract.MembershipFilterContract;

/**
 * The contract kit on the cuckoo filter. A cuckoo filter stores every insertion, duplicates
 * included (so that each can be removed), and the kit's duplicate-add test adds each of n items
 * twice to a filter sized for n; {@code expansion = 1} lets the filter grow a sub-table for those.
 * The capacity tests add exactly n distinct items, which fit the first sub-table, so they measure
 * the fixed-size table.
 */
class CuckooContractTest extends MembershipFilterContract {
    @Override
    protected String kind() {
        return "cuckoo";
    }

    @Override
    protected FilterSpec spec(long expectedInsertions, double fpp) {
        return FilterSpec.of(expectedInsertions, fpp).withOption("expansion", "1");
    }
}
