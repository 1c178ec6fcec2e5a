package org.bloomery.scalable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.EnumSet;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterFullException;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.FilterBytes;
import org.bloomery.api.contract.TestKeys;
import org.bloomery.bloom.BloomShape;
import org.junit.jupiter.api.Test;

/** BF.ADD / BF.EXISTS / BF.INFO semantics, the non-scaling mode, clear, and round trips after growth. */
class ScalableFilterTest {
    private static final long SEED = 0xB10051L;

    private static long key(int i) {
        return KeyHasher.hashLong(TestKeys.presentLong(SEED, i));
    }

    private static long absentKey(int i) {
        return KeyHasher.hashLong(TestKeys.absentLong(SEED, i));
    }

    @Test
    void addOfAPresentItemAnswersFalseAndCountsNothing() {
        ScalableFilter<Long> filter = ScalableFilter.create(FilterSpec.of(100, 0.01), KeyHasher.longs());
        for (int i = 0; i < 5_000; i++) {
            filter.addHash(key(i));
        }
        ScalableInfo before = filter.info();
        assertThat(before.layers()).as("grown past the first layer").isEqualTo(6);
        for (int i = 0; i < 5_000; i++) {
            assertThat(filter.addHash(key(i))).as("second add of key #%d", i).isFalse();
        }
        assertThat(filter.info()).isEqualTo(before);
        assertThat(filter.approximateCount()).isEqualTo(before.itemsInserted());
    }

    @Test
    void nonScalingFilterAtCapacityRefusesAndStaysUnchanged() {
        FilterSpec spec = FilterSpec.of(1_000, 0.01).withOption("nonscaling", "true");
        ScalableFilter<Long> filter = ScalableFilter.create(spec, KeyHasher.longs());
        // RedisBloom gives a non-scaling filter's one layer the whole error rate: a classic filter.
        assertThat(filter.info().perLayer().get(0).error()).isEqualTo(0.01);
        assertThat(filter.bitSize()).isEqualTo(BloomShape.optimal(1_000, 0.01).cells());
        int next = 0;
        while (filter.approximateCount() < 1_000) {
            filter.addHash(key(next++));
        }
        byte[] full = FilterBytes.of(filter);
        int absent = 0;
        while (filter.mightContainHash(absentKey(absent))) {
            absent++;
        }
        long newItem = absentKey(absent);
        assertThatThrownBy(() -> filter.addHash(newItem)).isInstanceOf(FilterFullException.class)
                .hasMessageContaining("non scaling filter is full").hasMessageContaining("'scalable'")
                .hasMessageContaining("capacity 1000");
        assertThat(FilterBytes.of(filter)).as("bytes after the refused add").isEqualTo(full);
        assertThat(filter.mightContainHash(newItem)).isFalse();
        for (int i = 0; i < next; i++) {
            assertThat(filter.mightContainHash(key(i))).as("earlier key #%d", i).isTrue();
            assertThat(filter.addHash(key(i))).as("re-add of present key #%d to a full filter", i).isFalse();
        }
        assertThat(filter.approximateCount()).isEqualTo(1_000);
    }

    @Test
    void roundTripAfterGrowthAnswersIdenticallyAndKeepsGrowing() throws IOException {
        FilterSpec spec = FilterSpec.of(1_000, 0.01).withOption("tightening", "0.8");
        ScalableFilter<Long> original = ScalableFilter.create(spec, KeyHasher.longs());
        for (int i = 0; i < 50_000; i++) {
            original.addHash(key(i));
        }
        assertThat(original.info().layers()).isEqualTo(6);
        byte[] bytes = FilterBytes.of(original);
        MembershipFilter<Long> read = Filters.readFrom(new ByteArrayInputStream(bytes), KeyHasher.longs());
        assertThat(read).isInstanceOf(ScalableFilter.class);
        ScalableFilter<Long> copy = (ScalableFilter<Long>) read;
        assertThat(copy.info()).isEqualTo(original.info());
        assertThat(copy.spec()).isEqualTo(spec);
        for (int i = 0; i < 50_000; i++) {
            assertThat(copy.mightContainHash(key(i))).as("key #%d after reading", i).isTrue();
        }
        for (int i = 0; i < 200_000; i++) {
            if (copy.mightContainHash(absentKey(i)) != original.mightContainHash(absentKey(i))) {
                throw new AssertionError("answers differ for absent key #" + i);
            }
        }
        // Both grow the same way from here: the read filter's layers, counts and bits are the
        // writer's, so every later add must answer the same and add the same layers.
        for (int i = 50_000; i < 150_000; i++) {
            if (copy.addHash(key(i)) != original.addHash(key(i))) {
                throw new AssertionError("adds differ for key #" + i);
            }
        }
        assertThat(copy.info().layers()).isEqualTo(8);
        assertThat(copy.info()).isEqualTo(original.info());
        assertThat(FilterBytes.of(copy)).isEqualTo(FilterBytes.of(original));
        for (int i = 0; i < 150_000; i++) {
            assertThat(copy.mightContainHash(key(i))).as("key #%d after growing the read filter", i).isTrue();
        }
    }

    @Test
    void clearReturnsToTheFirstLayer() {
        ScalableFilter<Long> filter = ScalableFilter.create(FilterSpec.of(100, 0.01), KeyHasher.longs());
        long firstLayerBits = filter.bitSize();
        for (int i = 0; i < 2_000; i++) {
            filter.addHash(key(i));
        }
        assertThat(filter.info().layers()).isEqualTo(5);
        filter.clear();
        assertThat(filter.info().layers()).isEqualTo(1);
        assertThat(filter.bitSize()).isEqualTo(firstLayerBits);
        assertThat(filter.approximateCount()).isZero();
        assertThat(filter.expectedFpp()).isZero();
        for (int i = 0; i < 2_000; i++) {
            assertThat(filter.mightContainHash(key(i))).isFalse();
        }
        for (int i = 0; i < 2_000; i++) {
            filter.addHash(key(i));
        }
        assertThat(filter.info().layers()).as("grows again after clear").isEqualTo(5);
    }

    @Test
    void infoDescribesEveryLayer() {
        FilterSpec spec = FilterSpec.of(100, 0.01).withOption("expansion", "3").withOption("tightening", "0.8");
        ScalableFilter<Long> filter = ScalableFilter.create(spec, KeyHasher.longs());
        for (int i = 0; i < 2_000; i++) {
            filter.addHash(key(i));
        }
        ScalableInfo info = filter.info();
        assertThat(info.layers()).isEqualTo(4).isEqualTo(info.perLayer().size());
        long capacity = 100;
        for (int i = 0; i < info.layers(); i++, capacity *= 3) {
            LayerInfo layer = info.perLayer().get(i);
            double error = 0.01 * (1 - 0.8) * StrictMath.pow(0.8, i);
            BloomShape shape = BloomShape.optimal(capacity, error);
            assertThat(layer).isEqualTo(new LayerInfo(capacity, error, shape.hashes(), shape.cells(), layer.items()));
            if (i < info.layers() - 1) {
                assertThat(layer.items()).as("items of full layer %d", i).isEqualTo(capacity);
            }
        }
        assertThat(info.capacity()).isEqualTo(100 + 300 + 900 + 2_700);
        assertThat(info.bitSize()).isEqualTo(filter.bitSize())
                .isEqualTo(info.perLayer().stream().mapToLong(LayerInfo::bits).sum());
        assertThat(info.itemsInserted()).isEqualTo(filter.approximateCount())
                .isEqualTo(info.perLayer().stream().mapToLong(LayerInfo::items).sum());
        assertThat(info.expansion()).isEqualTo(3);
        assertThat(info.tightening()).isEqualTo(0.8);
        assertThat(filter.expectedFpp()).isPositive().isLessThan(0.01);
    }

    @Test
    void providerDeclaresGrowthAndConcurrencyAndDescribesItsOptions() {
        var provider = Filters.provider("scalable").orElseThrow();
        assertThat(provider).isInstanceOf(ScalableProvider.class);
        assertThat(provider.capabilities()).isEqualTo(EnumSet.of(Capability.GROW, Capability.CONCURRENT, Capability.ADD));
        assertThat(provider.description()).contains("expansion", "tightening", "nonscaling");
        MembershipFilter<Long> nonscaling = Filters.create("scalable",
                FilterSpec.of(10, 0.01).withOption("nonscaling", "true"), KeyHasher.longs());
        assertThat(nonscaling.capabilities()).as("a non-scaling filter does not grow")
                .isEqualTo(EnumSet.of(Capability.CONCURRENT, Capability.ADD));
    }
}
