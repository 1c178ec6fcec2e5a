package org.bloomery.benchmarks.contestant;

import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import org.bloomery.aging.AgingProvider;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.classic.ClassicProvider;

/**
 * The hand-rolled sliding window, the baseline kind {@code aging} must beat on space: five classic
 * filters of {@code ceil(n / 4)} items each, sized for {@code p / 5}, of which the newest takes the
 * adds; after {@code ceil(n / 4)} adds the oldest is cleared and becomes the newest. A query asks all
 * five. So the last n adds are always in the newest five, the slack is n / 4, and the size is
 * {@code 5/4 · ln(5 / p) / ln² 2} bits per window item (16.1 at 1%). One thread at a time.
 */
public final class SegmentedRotationContestant implements Contestant {
    /** Filters in the rotation: four generations of a quarter window each, and the one filling. */
    static final int SEGMENTS = 5;

    private final MembershipFilter<?>[] segments;
    private final long perSegment;
    private long inNewest;
    private int newest;

    private SegmentedRotationContestant(KeyType keyType, long window, double fpp) {
        perSegment = Math.max(1, (window + SEGMENTS - 2) / (SEGMENTS - 1));
        KeyHasher<?> hasher = keyType == KeyType.STRING ? KeyHasher.strings() : KeyHasher.longs();
        segments = new MembershipFilter<?>[SEGMENTS];
        for (int i = 0; i < SEGMENTS; i++) {
            segments[i] = Filters.create(ClassicProvider.KIND, FilterSpec.of(perSegment, fpp / SEGMENTS), hasher);
        }
    }

    /**
     * The entrant {@code segmented-rotation}, in kind {@code aging}'s family.
     *
     * @return the entrant
     */
    public static Entrant entrant() {
        return new Entrant("segmented-rotation", AgingProvider.KIND, Side.PEER, Set.of(Ability.WINDOW), true,
                "hand-rolled: five Bloomery classic filters of n/4 items at p/5, the oldest cleared every n/4 adds",
                SegmentedRotationContestant::new);
    }

    @Override
    public boolean add(long key) {
        return addHash(KeyHasher.hashLong(key));
    }

    @Override
    public boolean mightContain(long key) {
        return mightContainHash(KeyHasher.hashLong(key));
    }

    @Override
    public boolean add(String key) {
        return addHash(KeyHasher.hashString(key));
    }

    @Override
    public boolean mightContain(String key) {
        return mightContainHash(KeyHasher.hashString(key));
    }

    private boolean addHash(long hash) {
        if (inNewest == perSegment) {
            newest = (newest + 1) % SEGMENTS;
            segments[newest].clear();
            inNewest = 0;
        }
        inNewest++;
        return segments[newest].addHash(hash);
    }

    private boolean mightContainHash(long hash) {
        for (MembershipFilter<?> segment : segments) {
            if (segment.mightContainHash(hash)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public OptionalLong bitSize() {
        long bits = 0;
        for (MembershipFilter<?> segment : segments) {
            bits += segment.bitSize();
        }
        return OptionalLong.of(bits);
    }

    @Override
    public OptionalInt layers() {
        return OptionalInt.of(SEGMENTS);
    }
}
