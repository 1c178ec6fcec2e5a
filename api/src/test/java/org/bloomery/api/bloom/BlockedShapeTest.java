package org.bloomery.api.bloom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.bloomery.api.FilterSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BlockedShapeTest {
    private static final ShapeOptions BITS = ShapeOptions.bits("demo", "bits", BloomShape.MAX_CELLS, "2^37 bits");

    /**
     * The blocked model against RocksDB's published figure: 10 bits per key, k = 6 in 512-bit
     * blocks gives 0.957% (the best cache-local filter 0.9535%).
     */
    @Test
    void modelMatchesRocksDbsFigure() {
        BloomShape shape = new BloomShape(10_000_000L / 512 * 512, 6, 512);
        assertThat(shape.fppAt(1_000_000)).isCloseTo(0.00957, within(0.00005));
        assertThat(shape.layout()).isEqualTo(BloomLayout.BLOCKED);
        assertThat(shape.blocks()).isEqualTo(10_000_000L / 512);
    }

    /** A one-block filter holds every item in its block: the sum collapses to one term. */
    @Test
    void oneBlockIsExact() {
        BloomShape shape = new BloomShape(512, 3, 512);
        double expected = Math.pow(1 - Math.pow(1 - 1 / 512.0, 3 * 40), 3);
        assertThat(shape.fppAt(40)).isCloseTo(expected, within(1e-15));
        assertThat(shape.fppAt(0)).isZero();
    }

    /**
     * Pinned shapes: the sizing is part of the format (a filter read back is checked against it).
     * One item alone in its block is best tested with as many probes as allowed.
     */
    @ParameterizedTest
    @CsvSource({"1000000, 0.01, 9895936, 6", "1000000, 0.001, 15488512, 9", "1000000, 0.0001, 21914112, 12",
                "1, 0.5, 512, 64", "1000, 0.01, 10240, 7"})
    void fewestBlocksWithTheBestK(long n, double p, long cells, int k) {
        BloomShape shape = BloomShape.fromSpec(FilterSpec.of(n, p).withOption("layout", "blocked"), BITS);
        assertThat(shape).isEqualTo(new BloomShape(cells, k, 512));
        assertThat(shape).isEqualTo(BloomShape.optimal(n, p, BloomLayout.BLOCKED));
        assertThat(shape.fppAt(n)).isLessThanOrEqualTo(p);
        if (cells > 512) {
            for (int other = 1; other <= 64; other++) {
                assertThat(new BloomShape(cells - 512, other, 512).fppAt(n)).as("k = %d", other).isGreaterThan(p);
            }
        }
        assertThat(shape.fppAt(n)).isLessThan(new BloomShape(cells, Math.min(64, k + 1), 512).fppAt(n) + (k == 64 ? 1 : 0));
        assertThat(shape.fppAt(n)).isLessThanOrEqualTo(new BloomShape(cells, Math.max(1, k - 1), 512).fppAt(n));
    }

    @Test
    void optionsReplaceTheirPart() {
        FilterSpec spec = FilterSpec.of(1_000_000, 0.01).withOption("layout", "blocked");
        assertThat(BloomShape.fromSpec(spec.withOption("bits", "1000"), BITS)).isEqualTo(new BloomShape(1024, 1, 512));
        BloomShape fixedK = BloomShape.fromSpec(spec.withOption("hashes", "4"), BITS);
        assertThat(fixedK.hashes()).isEqualTo(4);
        assertThat(fixedK.fppAt(1_000_000)).isLessThanOrEqualTo(0.01);
        assertThat(new BloomShape(fixedK.cells() - 512, 4, 512).fppAt(1_000_000)).isGreaterThan(0.01);
        assertThat(BloomShape.fromSpec(FilterSpec.of(10, 0.01).withOption("layout", "STANDARD"), BITS))
                .isEqualTo(BloomShape.optimal(10, 0.01));
        assertThatThrownBy(() -> BloomShape.fromSpec(spec.withOption("layout", "striped"), BITS))
                .hasMessageContaining("option 'layout' of kind 'demo' must be 'standard' or 'blocked', got 'striped'");
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
        long n = 600_000;
        double perItem = Math.pow(1 - 1 / 512.0, shape.hashes());
        long expectedSetBits = Math.round(shape.cells() * -Math.expm1(-(double) n / shape.blocks() * (1 - perItem)));
        assertThat(shape.estimateCount(expectedSetBits)).isCloseTo(n, within(2L));
        assertThat(shape.estimateCount(0)).isZero();
        assertThat(shape.fppFromOccupied(expectedSetBits)).isCloseTo(shape.fppAt(n), within(1e-9));
        assertThat(shape.fppFromOccupied(shape.cells())).isEqualTo(1.0);
        assertThat(shape.fppFromOccupied(0)).isZero();
    }
}
