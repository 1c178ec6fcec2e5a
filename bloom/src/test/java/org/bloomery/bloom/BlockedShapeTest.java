package org.bloomery.bloom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.bloomery.api.FilterSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BlockedShapeTest {
    private static final ShapeOptions BITS = ShapeOptions.bits("demo", "bits", BloomShape.MAX_CELLS, "2^37 bits");

    /** The k sizing chooses from, for which the model is exact. */
    private static final int[] EXACT = {1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64};

    /**
     * k = 8 puts one probe in each of a block's 64-bit words, so a block of j items answers a false
     * positive with probability {@code (1 - (63/64)^j)^8}; the model sums that over the binomial
     * spread of items per block.
     */
    @Test
    void oneProbePerWordIsTheBinomialSum() {
        long blocks = 3;
        int n = 200;
        BloomShape shape = new BloomShape(blocks * 512, 8, 512);
        double expected = 0;
        for (int j = 0; j <= n; j++) {
            double pj = binomial(n, j) * Math.pow(1.0 / blocks, j) * Math.pow(1 - 1.0 / blocks, n - j);
            expected += pj * Math.pow(1 - Math.pow(63 / 64.0, j), 8);
        }
        assertThat(shape.fppAt(n)).isCloseTo(expected, within(1e-12));
        assertThat(shape.layout()).isEqualTo(BloomLayout.BLOCKED);
        assertThat(shape.blocks()).isEqualTo(blocks);
    }

    /**
     * Far more items than the cells want (here 3,000 per block): the model steps through the bell of
     * the binomial weights instead of summing every j, and still equals the full sum; and sizing a
     * hopelessly small explicit m for 10^9 items takes moments, not a term per item.
     */
    @Test
    @Timeout(60)
    void overloadedBlocksSumTheBellInSteps() {
        long blocks = 100;
        long n = 300_000;
        double q = 1.0 / blocks;
        double logP = n * Math.log1p(-q);
        double expected = 0;
        for (long j = 0; j <= n; j++) {
            expected += Math.exp(logP) * Math.pow(1 - Math.pow(63 / 64.0, j), 8);
            logP += Math.log((double) (n - j) / (j + 1)) + Math.log(q) - Math.log1p(-q);
        }
        assertThat(new BloomShape(blocks * 512, 8, 512).fppAt(n)).isCloseTo(expected, within(1e-9 * expected));
        assertThat(BlockedModel.logFactorial(25)).isCloseTo(sumOfLogs(25), within(1e-12));
        assertThat(BlockedModel.logFactorial(1000)).isCloseTo(sumOfLogs(1000), within(1e-9));
        FilterSpec huge = FilterSpec.of(1_000_000_000L, 0.01).withOption("layout", "blocked").withOption("bits", "4096");
        BloomShape shape = BloomShape.fromSpec(huge, BITS);
        assertThat(shape.cells()).isEqualTo(4096);
        assertThat(shape.fppAt(1_000_000_000L)).isCloseTo(1.0, within(1e-9));
    }

    private static double sumOfLogs(int x) {
        double sum = 0;
        for (int i = 2; i <= x; i++) {
            sum += Math.log(i);
        }
        return sum;
    }

    private static double binomial(int n, int j) {
        double c = 1;
        for (int i = 0; i < j; i++) {
            c = c * (n - i) / (i + 1);
        }
        return c;
    }

    /**
     * A one-block filter holds every item in its block: the sum collapses to one term. With k = 16
     * each word takes two probes of every item, and a query's two probes in a word coincide with
     * probability 1/64.
     */
    @Test
    void oneBlockIsExact() {
        double miss = 63 / 64.0;
        double one = 1 - Math.pow(miss, 40);
        assertThat(new BloomShape(512, 8, 512).fppAt(40)).isCloseTo(Math.pow(one, 8), within(1e-15));
        double twoThrows = 1 - Math.pow(miss, 80);
        double bothOfTwo = 1 - 2 * Math.pow(miss, 80) + Math.pow(62 / 64.0, 80);
        double perWord = twoThrows / 64 + bothOfTwo * 63 / 64;
        assertThat(new BloomShape(512, 16, 512).fppAt(40)).isCloseTo(Math.pow(perWord, 8), within(1e-12));
        assertThat(new BloomShape(512, 8, 512).fppAt(0)).isZero();
        // k = 4: two aligned groups of 4 words, each item in one of them (binomial), one probe per word.
        double four = 0;
        for (int j = 0; j <= 40; j++) {
            four += binomial(40, j) * Math.pow(0.5, 40) * Math.pow(1 - Math.pow(miss, j), 4);
        }
        assertThat(new BloomShape(512, 4, 512).fppAt(40)).isCloseTo(four, within(1e-12));
    }

    /**
     * Pinned shapes: the sizing is part of the format (a filter read back is checked against it).
     * One item alone in its block is best tested with as many probes as allowed.
     */
    @ParameterizedTest
    @CsvSource({"1000000, 0.01, 10099712, 8", "1000000, 0.001, 15725056, 8", "1000000, 0.0001, 22884864, 16",
                "1, 0.5, 512, 64", "1000, 0.01, 10240, 8"})
    void fewestBlocksWithTheBestK(long n, double p, long cells, int k) {
        BloomShape shape = BloomShape.fromSpec(FilterSpec.of(n, p).withOption("layout", "blocked"), BITS);
        assertThat(shape).isEqualTo(new BloomShape(cells, k, 512));
        assertThat(shape).isEqualTo(BloomShape.optimal(n, p, BloomLayout.BLOCKED));
        assertThat(shape.fppAt(n)).isLessThanOrEqualTo(p);
        for (int other : EXACT) {
            if (cells > 512) {
                assertThat(new BloomShape(cells - 512, other, 512).fppAt(n)).as("k = %d", other).isGreaterThan(p);
            }
            assertThat(shape.fppAt(n)).as("k = %d", other).isLessThanOrEqualTo(new BloomShape(cells, other, 512).fppAt(n));
        }
    }

    @Test
    void optionsReplaceTheirPart() {
        FilterSpec spec = FilterSpec.of(1_000_000, 0.01).withOption("layout", "blocked");
        assertThat(BloomShape.fromSpec(spec.withOption("bits", "1000"), BITS).cells()).isEqualTo(1024);
        BloomShape fixedK = BloomShape.fromSpec(spec.withOption("hashes", "4"), BITS);
        assertThat(fixedK.hashes()).isEqualTo(4);
        assertThat(fixedK.fppAt(1_000_000)).isLessThanOrEqualTo(0.01);
        assertThat(new BloomShape(fixedK.cells() - 512, 4, 512).fppAt(1_000_000)).isGreaterThan(0.01);
        assertThat(BloomShape.fromSpec(FilterSpec.of(10, 0.01).withOption("layout", "standard"), BITS))
                .isEqualTo(BloomShape.optimal(10, 0.01));
        assertThatThrownBy(() -> BloomShape.fromSpec(FilterSpec.of(10, 0.01).withOption("layout", "STANDARD"), BITS))
                .hasMessageContaining("must be 'standard' or 'blocked' or 'sectored' or 'patterned', got 'STANDARD'");
        assertThatThrownBy(() -> BloomShape.fromSpec(spec.withOption("layout", "striped"), BITS))
                .hasMessageContaining("option 'layout' of kind 'demo' must be 'standard' or 'blocked' or 'sectored' or 'patterned', got 'striped'");
        assertThatThrownBy(() -> BloomShape.fromSpec(FilterSpec.of(14_000_000_000L, 1e-2).withOption("layout", "blocked"), BITS))
                .hasMessageContaining("blocked layout need more bits, more than kind 'demo' allows: 2^37 bits");
        assertThatThrownBy(() -> new BloomShape(1001 * 64, 3, 512)).hasMessageContaining("whole number of 512-cell blocks");
        assertThatThrownBy(() -> new BloomShape(1024, 3, 100)).hasMessageContaining("power of two in [64, 512], got 100");
    }

    /** LevelDB's rule: m = n * bitsPerKey, k = floor(0.69 * bitsPerKey) in [1, 30]. */
    @Test
    void bitsPerKeyFollowsLevelDb() {
        ShapeOptions options = BITS.withBitsPerKey();
        FilterSpec spec = FilterSpec.of(1000, 0.01);
        assertThat(BloomShape.fromSpec(spec.withOption("bitsPerKey", "10"), options)).isEqualTo(new BloomShape(10_048, 6));
        assertThat(BloomShape.fromSpec(spec.withOption("bitsPerKey", "1"), options)).isEqualTo(new BloomShape(1024, 1));
        assertThat(BloomShape.fromSpec(spec.withOption("bitsPerKey", "100"), options).hashes()).isEqualTo(30);
        assertThat(BloomShape.fromSpec(spec.withOption("bitsPerKey", "10").withOption("hashes", "3"), options))
                .isEqualTo(new BloomShape(10_048, 3));
        assertThat(BloomShape.fromSpec(spec.withOption("bitsPerKey", "10").withOption("layout", "blocked"), options))
                .isEqualTo(new BloomShape(10_240, 6, 512));
        assertThatThrownBy(() -> BloomShape.fromSpec(spec.withOption("bitsPerKey", "10").withOption("bits", "640"), options))
                .hasMessageContaining("options 'bits' and 'bitsPerKey' of kind 'demo' both set the size");
        assertThatThrownBy(() -> BloomShape.fromSpec(spec.withOption("bitsPerKey", "0"), options))
                .hasMessageContaining("[1, 1024], got '0'");
        assertThatThrownBy(() -> BloomShape.fromSpec(spec.withOption("bitsPerKey", "10"), BITS))
                .hasMessageContaining("no option 'bitsPerKey'");
        assertThatThrownBy(() -> BloomShape.fromSpec(FilterSpec.of(1L << 40, 0.01).withOption("bitsPerKey", "10"), options))
                .hasMessageContaining("bits per key need");
    }

    /** The count estimate inverts the expected blocked fill, and the fpp estimate follows it. */
    @Test
    void estimatesInvertTheBlockedFill() {
        BloomShape shape = BloomShape.optimal(1_000_000, 0.01, BloomLayout.BLOCKED);
        assertThat(shape.hashes()).isEqualTo(8);
        long n = 600_000;
        // One probe per 64-bit word per item: a bit stays clear with probability exp(-(n/b)/64).
        long expectedSetBits = Math.round(shape.cells() * -Math.expm1(-(double) n / shape.blocks() / 64));
        assertThat(shape.estimateCount(expectedSetBits)).isCloseTo(n, within(2L));
        assertThat(shape.estimateCount(0)).isZero();
        assertThat(shape.fppFromOccupied(expectedSetBits)).isCloseTo(shape.fppAt(n), within(1e-9));
        assertThat(shape.fppFromOccupied(shape.cells())).isEqualTo(1.0);
        assertThat(shape.fppFromOccupied(0)).isZero();
    }
}
