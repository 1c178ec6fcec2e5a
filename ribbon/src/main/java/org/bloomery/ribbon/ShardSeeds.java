package org.bloomery.ribbon;

import org.bloomery.api.internal.SeededMix;

/**
 * The seeds a Ribbon filter's shards are solved with (in body version 3, each seed gives the
 * shard's multiplier, which places its keys' windows; in version 2, it was mixed into their hashes).
 * A filter has one base seed; a shard that fails with one seed retries with the next of a fixed
 * sequence ({@link SeededMix#nextSeed} from
 * the base), so each shard's seed is stored as its ordinal in that sequence: one byte, below
 * {@link #PER_SIZE}.
 */
final class ShardSeeds {
    /** Seeds a shard may try at one size before the build grows the rows of every shard. */
    static final int PER_SIZE = 64;

    private ShardSeeds() {
    }

    /**
     * The sequence of seeds a shard tries.
     *
     * @param base the filter's base seed, which is the first
     * @return {@link #PER_SIZE} seeds, each the {@link SeededMix#nextSeed} of the one before
     */
    static long[] sequence(long base) {
        long[] seeds = new long[PER_SIZE];
        seeds[0] = base;
        for (int i = 1; i < PER_SIZE; i++) {
            seeds[i] = SeededMix.nextSeed(seeds[i - 1]);
        }
        return seeds;
    }

    /**
     * Every shard's multiplier (body version 3): the low 32 bits of its seed, made odd.
     *
     * @param base the filter's base seed
     * @param ordinals each shard's ordinal in {@link #sequence}, in [0, {@link #PER_SIZE})
     * @return the multipliers, one per shard
     */
    static int[] multipliers(long base, byte[] ordinals) {
        long[] seeds = of(base, ordinals);
        int[] multipliers = new int[seeds.length];
        for (int shard = 0; shard < seeds.length; shard++) {
            multipliers[shard] = multiplier(seeds[shard]);
        }
        return multipliers;
    }

    /**
     * A seed's multiplier (body version 3).
     *
     * @param seed a seed of {@link #sequence}
     * @return its low 32 bits, made odd
     */
    static int multiplier(long seed) {
        return (int) seed | 1;
    }

    /**
     * Every shard's seed.
     *
     * @param base the filter's base seed
     * @param ordinals each shard's ordinal in {@link #sequence}, in [0, {@link #PER_SIZE})
     * @return the seeds, one per shard
     */
    static long[] of(long base, byte[] ordinals) {
        long[] sequence = sequence(base);
        long[] seeds = new long[ordinals.length];
        for (int shard = 0; shard < ordinals.length; shard++) {
            seeds[shard] = sequence[ordinals[shard]];
        }
        return seeds;
    }
}
