package org.bloomery.benchmarks.contestant;

import java.util.OptionalLong;
import java.util.Set;
import org.apache.commons.collections4.bloomfilter.Shape;
import org.apache.commons.collections4.bloomfilter.SimpleBloomFilter;
import org.bloomery.classic.ClassicProvider;

/** Apache Commons Collections' {@code SimpleBloomFilter} (classic peer), sized by {@code Shape.fromNP}. */
public final class CommonsSimpleBloomContestant implements Contestant {
    private final Shape shape;
    private final SimpleBloomFilter filter;

    private CommonsSimpleBloomContestant(KeyType keyType, long n, double fpp) {
        shape = Shape.fromNP(CommonsShapes.insertions(n), fpp);
        filter = new SimpleBloomFilter(shape);
    }

    /**
     * The entrant {@code commons-simple}.
     *
     * @return the entrant
     */
    public static Entrant entrant() {
        return new Entrant("commons-simple", ClassicProvider.KIND, Side.PEER, Set.of(), true,
                "Commons Collections " + LibraryVersions.of("commons-collections")
                        + " SimpleBloomFilter (EnhancedDoubleHasher over the key's XXH64)",
                CommonsSimpleBloomContestant::new);
    }

    @Override
    public boolean add(long key) {
        return filter.merge(CommonsHashing.ofLong(key).indices(shape));
    }

    @Override
    public boolean mightContain(long key) {
        return filter.contains(CommonsHashing.ofLong(key).indices(shape));
    }

    @Override
    public boolean add(String key) {
        return filter.merge(CommonsHashing.ofString(key).indices(shape));
    }

    @Override
    public boolean mightContain(String key) {
        return filter.contains(CommonsHashing.ofString(key).indices(shape));
    }

    @Override
    public OptionalLong bitSize() {
        return OptionalLong.of(shape.getNumberOfBits());
    }
}
