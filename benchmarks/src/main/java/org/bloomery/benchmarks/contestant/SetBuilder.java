package org.bloomery.benchmarks.contestant;

import java.util.function.DoublePredicate;

/**
 * Builds a contestant from a whole set of keys at once, as the {@code static} workload does: a
 * static filter's only way in, and a dynamic Bloomery kind's build path ({@code
 * Filters.buildFromHashes}). A builder with a fixed fingerprint width serves only the targets that
 * width is the narrowest to meet, so that every heat compares filters built for its target.
 */
public interface SetBuilder {

    /**
     * Builds the contestant.
     *
     * @param keyType the keys it will be queried with
     * @param keys the set: the long keys themselves, or Bloomery's string hash ({@code
     *     KeyHasher.hashString}) of each string key; owned by the builder, which may change it
     * @param fpp the target false-positive probability, one {@link #serves} accepts
     * @return the contestant, answering queries of {@code keyType}
     */
    Contestant build(KeyType keyType, long[] keys, double fpp);

    /**
     * Whether this builder takes part at a target fpp.
     *
     * @param fpp the target, in (0, 1)
     * @return true if it builds a filter for it
     */
    boolean serves(double fpp);

    /**
     * A builder sized by the target itself, serving every target.
     *
     * @param build builds the contestant
     * @return the builder
     */
    static SetBuilder sized(Build build) {
        return of(build, fpp -> true);
    }

    /**
     * A builder of a filter with {@code bits}-bit fingerprints (fpp about 2^-bits), serving the
     * targets for which {@code bits} is the narrowest of 8, 16 and 32 that meets them.
     *
     * @param bits 8, 16 or 32
     * @param build builds the contestant, whatever the target
     * @return the builder
     */
    static SetBuilder fingerprintBits(int bits, Build build) {
        return of(build, fpp -> narrowestWidth(fpp) == bits);
    }

    /** A builder of {@code build} serving the targets {@code serves} accepts. */
    private static SetBuilder of(Build build, DoublePredicate serves) {
        return new SetBuilder() {
            @Override
            public Contestant build(KeyType keyType, long[] keys, double fpp) {
                return build.build(keyType, keys, fpp);
            }

            @Override
            public boolean serves(double fpp) {
                return serves.test(fpp);
            }
        };
    }

    /**
     * The narrowest of 8, 16 and 32 fingerprint bits whose 2^-bits is at most the target.
     *
     * @param fpp the target
     * @return 8, 16 or 32, or 0 when even 2^-32 is above it
     */
    static int narrowestWidth(double fpp) {
        for (int bits = 8; bits <= 32; bits *= 2) {
            if (Math.scalb(1.0, -bits) <= fpp) {
                return bits;
            }
        }
        return 0;
    }

    /** The build itself. */
    @FunctionalInterface
    interface Build {
        /**
         * Builds the contestant.
         *
         * @param keyType as {@link SetBuilder#build}
         * @param keys as {@link SetBuilder#build}
         * @param fpp as {@link SetBuilder#build}
         * @return the contestant
         */
        Contestant build(KeyType keyType, long[] keys, double fpp);
    }
}
