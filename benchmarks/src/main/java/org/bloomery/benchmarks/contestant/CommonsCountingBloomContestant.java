package org.bloomery.benchmarks.contestant;

import java.util.EnumSet;
import java.util.OptionalLong;
import org.apache.commons.collections4.bloomfilter.ArrayCountingBloomFilter;
import org.apache.commons.collections4.bloomfilter.CellExtractor;
import org.apache.commons.collections4.bloomfilter.Hasher;
import org.apache.commons.collections4.bloomfilter.Shape;
import org.bloomery.counting.CountingProvider;

/**
 * Apache Commons Collections' {@code ArrayCountingBloomFilter} (counting peer), one 32-bit cell per
 * bit position. Driven through {@code add}/{@code subtract} of a {@code CellExtractor} of the key's
 * indices: {@code merge(Hasher)} and {@code remove(Hasher)} cost O(m) per call.
 */
public final class CommonsCountingBloomContestant implements Contestant {
    private final Shape shape;
    private final ArrayCountingBloomFilter filter;

    private CommonsCountingBloomContestant(KeyType keyType, long n, double fpp) {
        shape = Shape.fromNP(CommonsShapes.insertions(n), fpp);
        filter = new ArrayCountingBloomFilter(shape);
    }

    /**
     * The entrant {@code commons-counting}.
     *
     * @return the entrant
     */
    public static Entrant entrant() {
        return new Entrant("commons-counting", CountingProvider.KIND, Side.PEER, EnumSet.of(Ability.REMOVE), true,
                "Commons Collections " + LibraryVersions.of("commons-collections")
                        + " ArrayCountingBloomFilter (EnhancedDoubleHasher over the key's XXH64)",
                CommonsCountingBloomContestant::new);
    }

    @Override
    public boolean add(long key) {
        return add(CommonsHashing.ofLong(key));
    }

    @Override
    public boolean mightContain(long key) {
        return filter.contains(CommonsHashing.ofLong(key).indices(shape));
    }

    @Override
    public boolean remove(long key) {
        return remove(CommonsHashing.ofLong(key));
    }

    @Override
    public boolean add(String key) {
        return add(CommonsHashing.ofString(key));
    }

    @Override
    public boolean mightContain(String key) {
        return filter.contains(CommonsHashing.ofString(key).indices(shape));
    }

    @Override
    public boolean remove(String key) {
        return remove(CommonsHashing.ofString(key));
    }

    private boolean add(Hasher hasher) {
        return filter.add(CellExtractor.from(hasher.indices(shape)));
    }

    private boolean remove(Hasher hasher) {
        return filter.subtract(CellExtractor.from(hasher.indices(shape)));
    }

    @Override
    public OptionalLong bitSize() {
        return OptionalLong.of((long) shape.getNumberOfBits() * Integer.SIZE);
    }
}
