package org.bloomery.bloom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.bloomery.api.FilterSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The sectored layout's model and sizing ({@link SectoredModel}). */
class SectoredShapeTest {
    private static final ShapeOptions BITS = ShapeOptions.bits("demo", "bits", BloomShape.MAX_CELLS, "2^37 bits");

    private static FilterSpec sectored(long n, double p) {
        return FilterSpec.of(n, p).withOption(BloomLayout.OPTION, "sectored");
    }

    /**
     * The model is the written sum: items per block Bin(n, 1/b); of a block's j items, a items reach
     * both of the query's words (Bin(j, 1/28)), b of the rest only w1 (Bin(j - a, 6/27)) and c of the
     * rest only w2 (Bin(j - a - b, 6/21)); the query is positive with h((a + b) kw, kw) h((a + c) kw,
     * kw). Summed here term by term (the model builds its per-block table by a joint-load
     * recurrence), and, above 256 items per block, the independent-words form the model then uses.
     */
    @ParameterizedTest
    @CsvSource({"200, 3, 6", "1000, 20, 6", "5000, 100, 8", "1500, 30, 16", "3000, 2, 2"})
    void modelIsTheMultinomialSum(int n, long blocks, int k) {
        int kw = k / 2;
        double[] hit = new double[n + 1];
        for (int m = 0; m <= n; m++) {
            hit[m] = BlockedModel.allHit((double) m * kw, kw, 64);
        }
        double expected = 0;
        for (int j = 0; j <= n; j++) {
            double pj = binomial(n, j, 1.0 / blocks);
            if (pj < 1e-20) {
                continue;
            }
            double block = 0;
            if (j <= 256) {
                for (int a = 0; a <= j; a++) {
                    for (int b = 0; a + b <= j; b++) {
                        double pab = binomial(j, a, 1 / 28.0) * binomial(j - a, b, 6 / 27.0);
                        for (int c = 0; a + b + c <= j; c++) {
                            block += pab * binomial(j - a - b, c, 6 / 21.0) * hit[a + b] * hit[a + c];
                        }
                    }
                }
            } else {
                double word = 0;
                for (int m = 0; m <= j; m++) {
                    word += binomial(j, m, 0.25) * hit[m];
                }
                block = word * word;
            }
            expected += pj * block;
        }
        BloomShape shape = new BloomShape(blocks * 512, k, 512, BloomLayout.SECTORED);
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
     * misses p at every k. At p = 1% and n from 10^6 that is at most 10.6 bits per item (fewer than
     * FastFilter's BlockedBloom at 11), with k = 6 (3 bits in each word); small filters need a little
     * more (whole blocks, and a wider spread of items per block).
     */
    @ParameterizedTest
    @CsvSource({"1, 0.01", "1000, 0.01", "1000000, 0.01", "1000000, 0.001", "1000000, 0.0001", "100000000, 0.01"})
    void sizingIsTheFewestBlocksMeetingP(long n, double p) {
        BloomShape shape = BloomShape.fromSpec(sectored(n, p), BITS);
        assertThat(shape).isEqualTo(BloomShape.optimal(n, p, BloomLayout.SECTORED));
        assertThat(shape.layout()).isEqualTo(BloomLayout.SECTORED);
        assertThat(shape.fppAt(n)).isLessThanOrEqualTo(p);
        assertThat(shape.hashes()).isEqualTo(SectoredModel.bestHashes(n, shape.blocks()));
        if (shape.blocks() > 1) {
            for (int k = 2; k <= SectoredModel.MAX_HASHES; k += 2) {
                assertThat(new BloomShape(shape.cells() - 512, k, 512, BloomLayout.SECTORED).fppAt(n))
                        .as("one block less, k %d", k).isGreaterThan(p);
            }
        }
        if (p == 0.01 && n >= 1_000_000) {
            assertThat((double) shape.cells() / n).as("bits per item at 1%").isLessThanOrEqualTo(10.6);
            assertThat(shape.hashes()).isEqualTo(6);
        }
    }

    /** An explicit m or bits per key keeps the model's best k there; an explicit k must be even, in [2, 16]. */
    @Test
    void explicitSizesAndHashes() {
        BloomShape bits = BloomShape.fromSpec(sectored(10_000, 0.01).withOption("bits", "100000"), BITS);
        assertThat(bits.cells()).isEqualTo(100_352);
        assertThat(bits.hashes()).isEqualTo(SectoredModel.bestHashes(10_000, bits.blocks()));
        BloomShape perKey = BloomShape.fromSpec(sectored(10_000, 0.01).withOption("bitsPerKey", "16"),
                BITS.withBitsPerKey());
        assertThat(perKey.cells()).isEqualTo(160_256);
        assertThat(perKey.hashes()).isEqualTo(SectoredModel.bestHashes(10_000, perKey.blocks())).isEqualTo(8);
        BloomShape fixed = BloomShape.fromSpec(sectored(10_000, 0.01).withOption("hashes", "4"), BITS);
        assertThat(fixed.hashes()).isEqualTo(4);
        assertThat(fixed.fppAt(10_000)).isLessThanOrEqualTo(0.01);
        assertThat(new BloomShape(fixed.cells() - 512, 4, 512, BloomLayout.SECTORED).fppAt(10_000)).isGreaterThan(0.01);
        for (String bad : new String[] {"1", "7", "18"}) {
            assertThatThrownBy(() -> BloomShape.fromSpec(sectored(10_000, 0.01).withOption("hashes", bad), BITS))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("option 'hashes' of kind 'demo' must be even and in [2, 16] in the sectored layout"
                            + " (half of them in each of a key's two words), got " + bad);
        }
        assertThatThrownBy(() -> new BloomShape(1024, 6, 128, BloomLayout.SECTORED))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("128 cells per block and 6 hashes");
        assertThatThrownBy(() -> new BloomShape(1024, 6, 0, BloomLayout.SECTORED))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cells per block must be 0 exactly in the standard layout");
    }

    /** Kinds of counters (blocks of 128 cells) refuse the layout, naming the values they take. */
    @Test
    void countersRefuseTheLayout() {
        ShapeOptions counters = new ShapeOptions("counting", "counters", BloomShape.MAX_CELLS, "2^37", 128, false);
        assertThatThrownBy(() -> BloomShape.fromSpec(sectored(1000, 0.01), counters))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("option 'layout' of kind 'counting' must be 'standard' or 'blocked' (the sectored layout"
                        + " stores bits, not counters), got 'sectored'");
    }

    /**
     * The fill inverse: keys added through the strategy to 200 blocks (at a quarter, a half, the
     * full and twice the 1% load) are estimated from the set bits within 3% (the spread of a fill
     * this size is well under 1%).
     */
    @Test
    void estimateCountInvertsTheFill() {
        long blocks = 200;
        BloomShape shape = new BloomShape(blocks * 512, 6, 512, BloomLayout.SECTORED);
        BloomBits bits = BloomBits.allocate(shape, Writers.MANY);
        SplittableRandom random = new SplittableRandom(44);
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
        BloomShape shape = BloomShape.fromSpec(sectored(1_000_000_000L, 0.01).withOption("bits", "4096"), BITS);
        assertThat(shape.fppAt(1_000_000_000L)).isCloseTo(1.0, within(1e-9));
        assertThat(shape.hashes()).isEqualTo(2);
    }
}
