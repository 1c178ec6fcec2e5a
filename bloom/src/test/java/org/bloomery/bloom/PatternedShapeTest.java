package org.bloomery.bloom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.bloomery.api.FilterSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The patterned layout's model and sizing ({@link PatternedModel}). */
class PatternedShapeTest {
    private static final ShapeOptions BITS = ShapeOptions.bits("demo", "bits", BloomShape.MAX_CELLS, "2^37 bits");

    private static FilterSpec patterned(long n, double p) {
        return FilterSpec.of(n, p).withOption(BloomLayout.OPTION, "patterned");
    }

    /**
     * q(x), the chance that x uniform kw-subsets of 64 bits cover a given kw-subset: for one item,
     * 1 / C(64, kw) to within 10^-11 (the alternating sum's rounding error, 2^-52 times its largest
     * term C(kw, kw / 2) &le; 12870, far below any word fpp that sizing meets); for kw = 1, 1 -
     * (63/64)^x; and against a count by simulation of 2 * 10^5
     * trials for a few (x, kw) where q is near 0.1 (sd 0.0007, so the band of 0.004 is 5.9 sigma).
     */
    @Test
    void coverIsTheInclusionExclusionSum() {
        for (int kw = 1; kw <= 16; kw++) {
            double oneItem = 1 / choose(64, kw).doubleValue();
            assertThat(PatternedModel.uniformCovered(1, kw)).as("kw %d", kw).isCloseTo(oneItem, within(1e-11));
            assertThat(PatternedModel.uniformCovered(0, kw)).isZero();
        }
        for (int x : new int[] {1, 10, 100, 1000}) {
            assertThat(PatternedModel.uniformCovered(x, 1)).isCloseTo(1 - Math.pow(63 / 64.0, x), within(1e-12));
        }
        SplittableRandom random = new SplittableRandom(71);
        int[][] cases = {{12, 3}, {14, 4}, {17, 5}};
        for (int[] c : cases) {
            int x = c[0];
            int kw = c[1];
            int trials = 200_000;
            int covered = 0;
            for (int t = 0; t < trials; t++) {
                long word = 0;
                for (int i = 0; i < x; i++) {
                    word |= subset(random, kw);
                }
                long query = subset(random, kw);
                covered += (word & query) == query ? 1 : 0;
            }
            assertThat((double) covered / trials).as("x %d, kw %d", x, kw)
                    .isCloseTo(PatternedModel.uniformCovered(x, kw), within(0.004));
        }
    }

    private static long subset(SplittableRandom random, int kw) {
        long mask = 0;
        while (Long.bitCount(mask) < kw) {
            mask |= 1L << random.nextInt(64);
        }
        return mask;
    }

    private static BigInteger choose(int n, int k) {
        BigInteger result = BigInteger.ONE;
        for (int i = 0; i < k; i++) {
            result = result.multiply(BigInteger.valueOf(n - i)).divide(BigInteger.valueOf(i + 1));
        }
        return result;
    }

    /**
     * The model is the written sum: items per block Bin(n, 1/b); given j, each query word's load
     * Bin(j, 1/4), the two independent; the query positive with c(x1) c(x2). Summed here term by
     * term, with the table the model keeps for j up to 256 and without it above.
     */
    /**
     * The excess chance that an item's mask is the query's, from the table's rotated patterns: 0 for
     * kw = 1 (rotated single bits are uniform), about 1/16384 from kw = 3 (computed outside Java: 6.5644e-5
     * at kw = 3, 6.1607e-5 at 4, 6.0904e-5 at 5); c(x) adds it to q(x) as an independent chance per item.
     */
    @Test
    void excessCollisionComesFromTheTable() {
        assertThat(PatternedModel.excessCollision(1)).isCloseTo(0, within(1e-15));
        assertThat(PatternedModel.excessCollision(3)).isCloseTo(6.564385e-5, within(1e-10));
        assertThat(PatternedModel.excessCollision(4)).isCloseTo(6.160705e-5, within(1e-10));
        assertThat(PatternedModel.excessCollision(5)).isCloseTo(6.090400e-5, within(1e-10));
        for (int kw = 6; kw <= 16; kw++) {
            assertThat(PatternedModel.excessCollision(kw)).isCloseTo(1 / 16384.0, within(2e-6));
        }
        double e = PatternedModel.excessCollision(4);
        for (int x : new int[] {1, 7, 40}) {
            assertThat(PatternedModel.covered(x, 4, e))
                    .isCloseTo(1 - (1 - PatternedModel.uniformCovered(x, 4)) * Math.pow(1 - e, x), within(1e-15));
        }
    }

    /**
     * A regression case: JDK 25's C2 once compiled the rotations of excessCollision's table into
     * vector code that rotated some masks one bit too far, so the excess changed (6.6e-5 to 8.4e-4
     * at kw = 3) once the method was hot, after about 20 calls. It must not change however often
     * it runs.
     */
    @Test
    void excessCollisionIsTheSameOnceCompiled() {
        double first = PatternedModel.excessCollision(3);
        for (int round = 0; round < 300; round++) {
            assertThat(PatternedModel.excessCollision(3)).as("call %d", round).isEqualTo(first);
        }
        assertThat(first).isCloseTo(6.564384964387721E-5, within(1e-18));
    }

    @ParameterizedTest
    @CsvSource({"200, 3, 6", "1000, 20, 6", "5000, 100, 8", "1500, 30, 16", "3000, 2, 2", "1500, 3, 32"})
    void modelIsTheConditionalSum(int n, long blocks, int k) {
        int kw = k / 2;
        double excess = PatternedModel.excessCollision(kw);
        double expected = 0;
        for (int j = 0; j <= n; j++) {
            double pj = binomial(n, j, 1.0 / blocks);
            if (pj < 1e-20) {
                continue;
            }
            double word = 0;
            for (int x = 0; x <= j; x++) {
                word += binomial(j, x, 0.25) * PatternedModel.covered(x, kw, excess);
            }
            expected += pj * word * word;
        }
        BloomShape shape = new BloomShape(blocks * 512, k, 512, BloomLayout.PATTERNED);
        assertThat(shape.fppAt(n)).isCloseTo(expected, within(1e-9 * expected + 1e-15));
    }

    /** ln(i!) for i up to the largest n of the rows, by plain summation. */
    private static final double[] LOG_FACTORIAL = new double[6001];

    static {
        for (int i = 1; i < LOG_FACTORIAL.length; i++) {
            LOG_FACTORIAL[i] = LOG_FACTORIAL[i - 1] + Math.log(i);
        }
    }

    private static double binomial(int n, int j, double q) {
        return Math.exp(LOG_FACTORIAL[n] - LOG_FACTORIAL[j] - LOG_FACTORIAL[n - j] + j * Math.log(q)
                + (n - j) * Math.log1p(-q));
    }

    /**
     * Sizing gives the fewest blocks whose model fpp at the best even k is at most p: one block less
     * misses p at every k. At 10^6 keys: 10.22 bits per item at 1% (k = 6), 16.86 at 0.1% (k = 8),
     * 25.63 at 0.01% (k = 10), 37.82 at 10^-5 (k = 12).
     */
    @ParameterizedTest
    @CsvSource({"1, 0.01, 0, 0", "1000, 0.01, 0, 0", "1000000, 0.01, 10.22, 6", "1000000, 0.001, 16.86, 8",
        "1000000, 0.0001, 25.63, 10", "1000000, 0.00001, 37.82, 12", "100000000, 0.01, 10.22, 6"})
    void sizingIsTheFewestBlocksMeetingP(long n, double p, double bitsPerItem, int k) {
        BloomShape shape = BloomShape.fromSpec(patterned(n, p), BITS);
        assertThat(shape).isEqualTo(BloomShape.optimal(n, p, BloomLayout.PATTERNED));
        assertThat(shape.layout()).isEqualTo(BloomLayout.PATTERNED);
        assertThat(shape.fppAt(n)).isLessThanOrEqualTo(p);
        assertThat(shape.hashes()).isEqualTo(PatternedModel.bestHashes(n, shape.blocks()));
        if (shape.blocks() > 1) {
            for (int other = 2; other <= PatternedModel.MAX_HASHES; other += 2) {
                assertThat(new BloomShape(shape.cells() - 512, other, 512, BloomLayout.PATTERNED).fppAt(n))
                        .as("one block less, k %d", other).isGreaterThan(p);
            }
        }
        if (k > 0) {
            assertThat((double) shape.cells() / n).as("bits per item").isCloseTo(bitsPerItem, within(0.01));
            assertThat(shape.hashes()).isEqualTo(k);
        }
    }

    /** An explicit m or bits per key keeps the model's best k there; an explicit k must be even, in [2, 32]. */
    @Test
    void explicitSizesAndHashes() {
        BloomShape bits = BloomShape.fromSpec(patterned(10_000, 0.01).withOption("bits", "100000"), BITS);
        assertThat(bits.cells()).isEqualTo(100_352);
        assertThat(bits.hashes()).isEqualTo(PatternedModel.bestHashes(10_000, bits.blocks()));
        BloomShape perKey = BloomShape.fromSpec(patterned(10_000, 0.01).withOption("bitsPerKey", "16"),
                BITS.withBitsPerKey());
        assertThat(perKey.cells()).isEqualTo(160_256);
        assertThat(perKey.hashes()).isEqualTo(PatternedModel.bestHashes(10_000, perKey.blocks()));
        BloomShape fixed = BloomShape.fromSpec(patterned(10_000, 0.01).withOption("hashes", "4"), BITS);
        assertThat(fixed.hashes()).isEqualTo(4);
        assertThat(fixed.fppAt(10_000)).isLessThanOrEqualTo(0.01);
        assertThat(new BloomShape(fixed.cells() - 512, 4, 512, BloomLayout.PATTERNED).fppAt(10_000))
                .isGreaterThan(0.01);
        assertThat(BloomShape.fromSpec(patterned(10_000, 0.01).withOption("hashes", "32"), BITS).hashes())
                .isEqualTo(32);
        for (String bad : new String[] {"1", "7", "34"}) {
            assertThatThrownBy(() -> BloomShape.fromSpec(patterned(10_000, 0.01).withOption("hashes", bad), BITS))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("option 'hashes' of kind 'demo' must be even and in [2, 32] in the patterned layout"
                            + " (half of them in each of a key's two words), got " + bad);
        }
        assertThatThrownBy(() -> new BloomShape(1024, 6, 128, BloomLayout.PATTERNED))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the patterned layout stores bits in 512-bit blocks with an even number of hashes in"
                        + " [2, 32], got 128 cells per block and 6 hashes");
        assertThatThrownBy(() -> new BloomShape(1024, 34, 512, BloomLayout.PATTERNED))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got 512 cells per block and 34");
    }

    /** Kinds of counters (blocks of 128 cells) refuse the layout, naming the values they take. */
    @Test
    void countersRefuseTheLayout() {
        ShapeOptions counters = new ShapeOptions("counting", "counters", BloomShape.MAX_CELLS, "2^37", 128, false);
        assertThatThrownBy(() -> BloomShape.fromSpec(patterned(1000, 0.01), counters))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("option 'layout' of kind 'counting' must be 'standard' or 'blocked' (the patterned layout"
                        + " stores bits, not counters), got 'patterned'");
    }

    /**
     * The fill inverse: keys added to 200 blocks (at a quarter, a half, the full and twice the 1%
     * load) are estimated from the set bits within 3% (the spread of a fill this size is well under
     * 1%).
     */
    @Test
    void estimateCountInvertsTheFill() {
        long blocks = 200;
        BloomShape shape = new BloomShape(blocks * 512, 6, 512, BloomLayout.PATTERNED);
        BloomBits bits = BloomBits.allocate(shape, Writers.MANY);
        SplittableRandom random = new SplittableRandom(72);
        long added = 0;
        for (long target : new long[] {2_500, 5_000, 10_000, 20_000}) {
            for (; added < target; added++) {
                bits.add(random.nextLong());
            }
            assertThat((double) shape.estimateCount(bits.cardinality()) / added).as("estimate at %d", added)
                    .isBetween(0.97, 1.03);
        }
    }

    /** Sizing 10^9 items against a hopelessly small explicit m takes moments, not a term per item. */
    @Test
    @Timeout(30)
    void overloadedSizingIsQuick() {
        BloomShape shape = BloomShape.fromSpec(patterned(1_000_000_000L, 0.01).withOption("bits", "4096"), BITS);
        assertThat(shape.fppAt(1_000_000_000L)).isCloseTo(1.0, within(1e-9));
        assertThat(shape.hashes()).isEqualTo(2);
    }
}
