package org.bloomery.ribbon;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.internal.SeededMix;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A query answers exactly as the body's definition read row by row (FORMAT.md): on solutions of
 * random words, where a random key matches with probability 2^-c, for whole and fractional r, one
 * shard and several, every body version, and shards of few groups, so that many windows start in
 * an (r - 1)-column group and reach into r-column ones, or start in the shard's last window; in
 * version 3, shards of different sizes.
 */
class RibbonAnswerTest {
    private static final int PROBES = 20_000;

    static Stream<Arguments> cases() {
        Stream.Builder<Arguments> cases = Stream.builder();
        for (double fpp : new double[] {0.3, 0.2, 0.01, 1.0 / 256, 0.001, 0x1p-32}) {
            for (int[] shape : new int[][] {{1, 256}, {1, 640}, {4, 1024}, {16, 4096}}) {
                cases.add(Arguments.of(fpp, shape[0], shape[1], false));
            }
            cases.add(Arguments.of(fpp, 1, 640, true));
            cases.add(Arguments.of(fpp, 1, 8192, true));
        }
        return cases.build();
    }

    @ParameterizedTest(name = "fpp={0} shards={1} rows={2} firstVersion={3}")
    @MethodSource("cases")
    void answersAsTheRowByRowDefinition(double fpp, int shards, int slots, boolean firstVersion) {
        SplittableRandom random = new SplittableRandom(Double.hashCode(fpp) * 31 + shards * 7 + slots);
        RibbonLayout layout = RibbonLayout.of(shards, slots, ResultBits.forFpp(fpp));
        long[] solution = random.longs(layout.words()).toArray();
        byte[] ordinals = new byte[shards];
        for (int shard = 0; shard < shards; shard++) {
            ordinals[shard] = (byte) random.nextInt(ShardSeeds.PER_SIZE);
        }
        long seed = random.nextLong();
        RibbonFilter<Long> filter = new RibbonFilter<>(FilterSpec.of(1000, fpp), KeyHasher.longs(), 1000, seed, layout,
                ordinals, new HeapSolution(padded(solution)), firstVersion);
        long[] seeds = ShardSeeds.of(seed, ordinals);
        int matches = 0;
        for (int i = 0; i < PROBES; i++) {
            long hash = random.nextLong();
            boolean expected = holdsRowByRow(layout, solution, seeds, hash, firstVersion);
            matches += expected ? 1 : 0;
            assertThat(filter.mightContainHash(hash)).as("hash %x", hash).isEqualTo(expected);
        }
        // A random key matches with probability 2^-c, c = r - 1 or r: the comparison saw both answers
        // whenever at least one match is expected (below 2^-14, none is).
        if (fpp > 0x1p-14) {
            assertThat(matches).isPositive();
        }
    }

    static Stream<Arguments> narrowCases() {
        Stream.Builder<Arguments> cases = Stream.builder();
        for (double fpp : new double[] {0.3, 0.2, 0.01, 1.0 / 256, 0.001, 0x1p-32}) {
            for (int[] groups : new int[][] {{2}, {10}, {3, 5, 2, 7}, {2, 4, 3, 6, 2, 2, 9, 5, 4, 3, 2, 8, 3, 4, 5, 2}}) {
                cases.add(Arguments.of(fpp, groups));
            }
        }
        return cases.build();
    }

    @ParameterizedTest(name = "fpp={0} shard groups={1}")
    @MethodSource("narrowCases")
    void answersAsTheRowByRowDefinitionWithNarrowWindows(double fpp, int[] groups) {
        SplittableRandom random = new SplittableRandom(Double.hashCode(fpp) * 31 + groups.length * 7 + groups[0]);
        NarrowLayout layout = NarrowLayout.of(groups, ResultBits.forFpp(fpp));
        long[] solution = random.longs(layout.words()).toArray();
        byte[] ordinals = new byte[groups.length];
        for (int shard = 0; shard < groups.length; shard++) {
            ordinals[shard] = (byte) random.nextInt(ShardSeeds.PER_SIZE);
        }
        long seed = random.nextLong();
        RibbonFilter<Long> filter = new RibbonFilter<>(FilterSpec.of(1000, fpp), KeyHasher.longs(), 1000, seed, layout,
                ordinals, new HeapSolution(padded(solution)));
        long[] seeds = ShardSeeds.of(seed, ordinals);
        int shardBits = Integer.numberOfTrailingZeros(groups.length);
        int matches = 0;
        for (int i = 0; i < PROBES; i++) {
            long hash = random.nextLong();
            int shard = shardBits == 0 ? 0 : (int) (hash >>> (64 - shardBits));
            int scrambled = (int) ((hash << shardBits) >>> 32) * ((int) seeds[shard] | 1);
            int start = layout.firstGroup(shard) * RibbonLayout.GROUP_ROWS
                    + (int) ((scrambled & 0xFFFFFFFFL) * layout.starts(shard) >>> 32);
            long product = KeyRow.product(hash);
            boolean expected = true;
            for (int column = 0; column < layout.columnsOf(start / RibbonLayout.GROUP_ROWS); column++) {
                long parity = 0;
                for (int k = 0; k < NarrowLayout.WIDTH; k++) {
                    if ((KeyRow.narrow(product) >>> k & 1) != 0) {
                        int row = start + k;
                        parity ^= solution[layout.firstWord(row / RibbonLayout.GROUP_ROWS) + column]
                                >>> (row % RibbonLayout.GROUP_ROWS) & 1;
                    }
                }
                expected &= parity == (KeyRow.result(product) >>> column & 1);
            }
            matches += expected ? 1 : 0;
            assertThat(filter.mightContainHash(hash)).as("hash %x", hash).isEqualTo(expected);
        }
        if (fpp > 0x1p-14) {
            assertThat(matches).isPositive();
        }
    }

    /** The equation, row by row: for each column c of the start's group, the XOR of the selected rows' bits. */
    private static boolean holdsRowByRow(RibbonLayout layout, long[] solution, long[] seeds, long hash,
            boolean firstVersion) {
        int shard = KeyRow.shard(hash, KeyRow.shardShift(layout.shardBits()));
        long mixed = SeededMix.mix(hash, seeds[shard]);
        int start = KeyRow.start(mixed, layout.starts());
        long product = KeyRow.product(mixed);
        long low = firstVersion ? KeyRow.firstLow(mixed) : KeyRow.low(product);
        long high = firstVersion ? KeyRow.firstHigh(mixed) : KeyRow.high(product);
        int result = firstVersion ? KeyRow.firstResult(mixed) : KeyRow.result(product);
        int base = shard * layout.shardWords();
        for (int column = 0; column < layout.columnsOf(start / RibbonLayout.GROUP_ROWS); column++) {
            long parity = 0;
            for (int i = 0; i < RibbonLayout.WIDTH; i++) {
                long coefficients = i < Long.SIZE ? low : high;
                if ((coefficients >>> i & 1) != 0) {
                    int row = start + i;
                    long word = solution[base + layout.firstWord(row / RibbonLayout.GROUP_ROWS) + column];
                    parity ^= word >>> (row % RibbonLayout.GROUP_ROWS) & 1;
                }
            }
            if (parity != (result >>> column & 1)) {
                return false;
            }
        }
        return true;
    }

    /** The words as a filter holds them, after {@link SolutionWords#PAD} unused ones. */
    private static long[] padded(long[] words) {
        long[] solution = SolutionWords.allocate(words.length);
        System.arraycopy(words, 0, solution, SolutionWords.PAD, words.length);
        return solution;
    }
}
