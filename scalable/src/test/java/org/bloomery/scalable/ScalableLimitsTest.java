package org.bloomery.scalable;

import org.bloomery.bloom.BloomLayer;
import org.bloomery.bloom.GrowthPlan;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.util.stream.Stream;
import org.bloomery.api.FilterFullException;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.contract.FilterBytes;
import org.bloomery.api.contract.HeapLimitContract;
import org.bloomery.api.contract.TestKeys;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad options, growth that reaches a limit (each refused with a {@link FilterFullException} that
 * says why, the filter unchanged, never an OutOfMemoryError), and crafted bodies on reading.
 */
class ScalableLimitsTest {
    private static final long SEED = 0x11A175L;

    static Stream<Arguments> badOptions() {
        return Stream.of(
                Arguments.of("expansion", "0", "an integer in [1, 32768]"),
                Arguments.of("expansion", "32769", "an integer in [1, 32768]"),
                Arguments.of("expansion", "two", "an integer in [1, 32768]"),
                Arguments.of("tightening", "0", "the open range (0.0, 1.0)"),
                Arguments.of("tightening", "1", "the open range (0.0, 1.0)"),
                Arguments.of("tightening", "NaN", "the open range (0.0, 1.0)"),
                Arguments.of("nonscaling", "yes", "true or false"),
                Arguments.of("growth", "2", "has no option 'growth'"));
    }

    @ParameterizedTest(name = "{0}={1}")
    @MethodSource("badOptions")
    void badOptionsAreRejectedNamingTheRange(String key, String value, String allowed) {
        FilterSpec spec = FilterSpec.of(1_000, 0.01).withOption(key, value);
        assertThatThrownBy(() -> Filters.create("scalable", spec, KeyHasher.longs()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(key).hasMessageContaining(allowed);
    }

    @Test
    void growthOptionsAreRejectedForANonScalingFilter() {
        FilterSpec spec = FilterSpec.of(1_000, 0.01).withOption("nonscaling", "true").withOption("expansion", "4");
        assertThatThrownBy(() -> ScalableFilter.create(spec, KeyHasher.longs()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nonscaling=true");
    }

    @Test
    void capacityAndFirstLayerLimitsAreRejectedAtCreation() {
        assertThatThrownBy(() -> ScalableFilter.create(FilterSpec.of((1L << 40) + 1, 0.5), KeyHasher.longs()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[1, 2^40]")
                .hasMessageContaining("1099511627777");
        assertThatThrownBy(() -> ScalableFilter.create(FilterSpec.of(1L << 40, 0.01), KeyHasher.longs()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cannot build layer 0")
                .hasMessageContaining("2^37");
        assertThatThrownBy(() -> ScalableFilter.create(FilterSpec.of(10, 1e-20), KeyHasher.longs()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cannot build layer 0")
                .hasMessageContaining("needs 67 hashes, more than 64");
    }

    @Test
    void growthPastSixtyFourHashesIsRefused() {
        // Tightening 0.001 divides each layer's error by 1,000, adding about 10 hashes a layer:
        // layer 5 needs 56 and layer 6 would need 66.
        FilterSpec spec = FilterSpec.of(1, 0.01).withOption("expansion", "1").withOption("tightening", "0.001");
        FilterFullException refusal = fillUntilRefused(ScalableFilter.create(spec, KeyHasher.longs()), 6);
        assertThat(refusal).hasMessageContaining("cannot add layer 6").hasMessageContaining("needs 66 hashes");
    }

    @Test
    void growthPastTheLayerLimitIsRefused() {
        FilterSpec spec = FilterSpec.of(1, 0.01).withOption("expansion", "1").withOption("tightening", "0.99");
        FilterFullException refusal = fillUntilRefused(ScalableFilter.create(spec, KeyHasher.longs()), 256);
        assertThat(refusal).hasMessageContaining("cannot add layer 256").hasMessageContaining("at most 256 layers");
    }

    @Test
    void growthPastTwoToTheThirtySevenBitsIsRefused() {
        // BloomLayer 1 would take 200,000·32,768 = 6.6e9 items at error 1e-5, about 24 bits each: 1.6e11
        // bits, over the 2^37 = 1.37e11 limit.
        FilterSpec spec = FilterSpec.of(200_000, 0.01).withOption("expansion", "32768")
                .withOption("tightening", "0.001");
        FilterFullException refusal = fillUntilRefused(ScalableFilter.create(spec, KeyHasher.longs()), 1);
        assertThat(refusal).hasMessageContaining("cannot add layer 1").hasMessageContaining("2^37 bits");
    }

    @Test
    void growthPastTheFreeHeapIsRefusedWithoutOutOfMemoryError() {
        // BloomLayer 1 would take 100,000·32,768 = 3.3e9 items at error 0.0025: 4.1e10 bits, 5.1 GB.
        FilterSpec spec = FilterSpec.of(100_000, 0.01).withOption("expansion", "32768");
        long layerBytes = GrowthPlan.of(spec, "scalable").layer(1).shape().cells() / 8;
        assumeThat(Runtime.getRuntime().maxMemory()).as("a heap too small for a %d-byte layer", layerBytes)
                .isLessThan(layerBytes);
        FilterFullException refusal = fillUntilRefused(ScalableFilter.create(spec, KeyHasher.longs()), 1);
        assertThat(refusal).hasMessageContaining("cannot add layer 1").hasMessageContaining("bytes of heap are free");
    }

    /**
     * Growth into a layer that only just fits the free heap (within the headroom that the collector
     * may need to place it) is refused with the reason, never an OutOfMemoryError. Runs in the
     * small-heap JVM, where the expansion that makes layer 1 about 97% of the free heap is found.
     */
    @Test
    @Tag(HeapLimitContract.TAG)
    void growthIntoALayerThatOnlyJustFitsTheFreeHeapIsRefused() {
        Runtime runtime = Runtime.getRuntime();
        assumeThat(runtime.maxMemory()).as("the small-heap JVM").isLessThanOrEqualTo(512L << 20);
        System.gc();
        long free = runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory());
        int expansion = 1;
        while (expansion < 32768 && layerOneBytes(expansion + 1) <= free * 97 / 100) {
            expansion++;
        }
        assumeThat(layerOneBytes(expansion)).as("layer 1 at expansion %d", expansion).isGreaterThan(free * 9 / 10);
        FilterSpec spec = FilterSpec.of(10_000, 0.01).withOption("expansion", Integer.toString(expansion));
        FilterFullException refusal = fillUntilRefused(ScalableFilter.create(spec, KeyHasher.longs()), 1);
        assertThat(refusal).hasMessageContaining("cannot add layer 1").hasMessageContaining("bytes of heap are free");
    }

    private static long layerOneBytes(int expansion) {
        FilterSpec spec = FilterSpec.of(10_000, 0.01).withOption("expansion", Integer.toString(expansion));
        return GrowthPlan.of(spec, "scalable").layer(1).shape().cells() / 8;
    }

    /**
     * Adds new keys until the filter refuses one; checks that it refused when it had {@code layers}
     * layers, with every layer full, and that the refused add left its bytes and items as they were.
     */
    private static FilterFullException fillUntilRefused(ScalableFilter<Long> filter, int layers) {
        for (int i = 0; ; i++) {
            long hash = KeyHasher.hashLong(TestKeys.presentLong(SEED, i));
            ScalableInfo info = filter.info();
            LayerInfo newest = info.perLayer().get(info.layers() - 1);
            if (newest.items() < newest.capacity() || filter.mightContainHash(hash)) {
                filter.addHash(hash);
                continue;
            }
            byte[] before = FilterBytes.of(filter);
            try {
                filter.addHash(hash);
            } catch (FilterFullException refusal) {
                assertThat(info.layers()).as("layers when growth was refused").isEqualTo(layers);
                assertThat(FilterBytes.of(filter)).as("bytes after the refused add").isEqualTo(before);
                assertThat(filter.mightContainHash(hash)).isFalse();
                for (int j = 0; j < i; j++) {
                    assertThat(filter.mightContainHash(KeyHasher.hashLong(TestKeys.presentLong(SEED, j)))).isTrue();
                }
                assertThat(refusal).hasMessageContaining("scalable filter is full").hasMessageContaining("'scalable'");
                return refusal;
            }
        }
    }

    @Test
    void layerCountIsBoundedBeforeAnythingIsAllocated() {
        ScalableFilter<Long> filter = grownFilter();
        for (int count : new int[] {Integer.MAX_VALUE, 257, 0, -1}) {
            assertBodyRejected(filter, 14, ByteBuffer.allocate(4).putInt(count).array(), "layer count = " + count);
        }
        ScalableFilter<Long> nonscaling = ScalableFilter.create(
                FilterSpec.of(100, 0.01).withOption("nonscaling", "true"), KeyHasher.longs());
        assertBodyRejected(nonscaling, 14, ByteBuffer.allocate(4).putInt(2).array(), "outside [1, 1]");
    }

    @Test
    void growthParametersMustMatchTheSpec() {
        ScalableFilter<Long> filter = grownFilter();
        assertBodyRejected(filter, 0, ByteBuffer.allocate(4).putInt(3).array(), "expansion 3");
        assertBodyRejected(filter, 4, ByteBuffer.allocate(8).putDouble(0.9).array(), "tightening 0.9");
        assertBodyRejected(filter, 12, new byte[] {1}, "nonscaling true");
        assertBodyRejected(filter, 13, new byte[] {2}, "layout blocked");
        assertBodyRejected(filter, 13, new byte[] {1}, "layout 1 is the blocked layout of 0.1.0 snapshots");
        assertBodyRejected(filter, 13, new byte[] {3}, "layout sectored");
        assertBodyRejected(filter, 13, new byte[] {4}, "layout patterned");
        assertBodyRejected(filter, 13, new byte[] {5}, "layout");
    }

    @Test
    void everyLayerMustBeTheOneTheSpecGivesForItsIndex() {
        ScalableFilter<Long> filter = grownFilter();
        int layer1 = 18 + 33 + (int) filter.layers()[0].wordBytes();
        double error0 = filter.layers()[0].plan().error();
        assertBodyRejected(filter, 18, ByteBuffer.allocate(8).putLong(101).array(), "layer 0 is (capacity 101");
        assertBodyRejected(filter, 26, ByteBuffer.allocate(8).putDouble(Math.nextUp(error0)).array(), "layer 0 is");
        assertBodyRejected(filter, 34, new byte[] {9}, "k 9");
        assertBodyRejected(filter, layer1, ByteBuffer.allocate(8).putLong(400).array(), "layer 1 is (capacity 400");
        assertBodyRejected(filter, layer1 + 16, new byte[] {64}, "k 64");
        assertBodyRejected(filter, 43, ByteBuffer.allocate(8).putLong(101).array(), "layer 0 items = 101");
    }

    /** A filter of capacity 100 grown to 3 layers, so the body has a layer after the first. */
    private static ScalableFilter<Long> grownFilter() {
        ScalableFilter<Long> filter = ScalableFilter.create(FilterSpec.of(100, 0.01), KeyHasher.longs());
        for (int i = 0; i < 500; i++) {
            filter.addHash(KeyHasher.hashLong(TestKeys.presentLong(SEED, i)));
        }
        assertThat(filter.info().layers()).isEqualTo(3);
        return filter;
    }

    /** Overwrites body bytes from {@code at} with {@code value}, re-seals the checksum and reads. */
    private static void assertBodyRejected(ScalableFilter<Long> filter, int at, byte[] value, String message) {
        byte[] bytes = FilterBytes.of(filter);
        System.arraycopy(value, 0, bytes, FilterBytes.bodyOffset(bytes) + at, value.length);
        FilterBytes.reseal(bytes);
        assertThatThrownBy(() -> Filters.readFrom(new ByteArrayInputStream(bytes), KeyHasher.longs()))
                .isInstanceOf(InvalidFilterDataException.class).hasMessageContaining(message);
    }
}
