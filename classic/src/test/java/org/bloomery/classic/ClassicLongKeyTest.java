package org.bloomery.classic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The long-key paths a classic filter specialises when its hasher is a built-in long hasher ({@code
 * add(Long)}, {@code mightContain(Long)}, {@code addLong}, {@code mightContainLong}): the same bits
 * and answers as the hash methods fed the hasher's own hash, for each built-in long hasher and for a
 * hasher of the caller's, in every layout.
 */
class ClassicLongKeyTest {
    private static final KeyHasher<Long> OWN = KeyHasher.of("test:own-long", key -> key * 0x9E3779B97F4A7C15L);

    static Stream<Arguments> hashersAndLayouts() {
        return Stream.of(KeyHasher.longs(), KeyHasher.longsXxh64(), OWN)
                .flatMap(hasher -> Stream.of("standard", "blocked", "sectored", "patterned")
                        .map(layout -> Arguments.of(hasher, layout)));
    }

    @ParameterizedTest
    @MethodSource("hashersAndLayouts")
    void longPathsSetAndTestTheHashersBits(KeyHasher<Long> hasher, String layout) throws IOException {
        FilterSpec spec = FilterSpec.of(5_000, 0.01).withOption("layout", layout);
        ClassicFilter<Long> boxed = ClassicFilter.create(spec, hasher);
        ClassicFilter<Long> unboxed = ClassicFilter.create(spec, hasher);
        ClassicFilter<Long> byHash = ClassicFilter.create(spec, hasher);
        boolean builtIn = hasher != OWN;
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 5_000; i++) {
            long key = random.nextLong();
            boolean changed = byHash.addHash(hasher.hash(key));
            assertThat(boxed.add(key)).isEqualTo(changed);
            if (builtIn) {
                assertThat(unboxed.addLong(key)).isEqualTo(changed);
            }
        }
        for (int i = 0; i < 20_000; i++) {
            long key = i % 2 == 0 ? random.nextLong() : key(i);
            boolean expected = byHash.mightContainHash(hasher.hash(key));
            assertThat(boxed.mightContain(key)).isEqualTo(expected);
            if (builtIn) {
                assertThat(unboxed.mightContainLong(key)).isEqualTo(expected);
            }
        }
        assertThat(bytes(boxed)).isEqualTo(bytes(byHash));
        if (builtIn) {
            assertThat(bytes(unboxed)).isEqualTo(bytes(byHash));
        } else {
            assertThatThrownBy(() -> unboxed.addLong(1)).isInstanceOf(UnsupportedOperationException.class);
            assertThatThrownBy(() -> unboxed.mightContainLong(1)).isInstanceOf(UnsupportedOperationException.class);
        }
        assertThatThrownBy(() -> boxed.add(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> boxed.mightContain(null)).isInstanceOf(NullPointerException.class);
    }

    /** Keys around the Long cache and the ends of the range. */
    private static long key(int i) {
        long[] edges = {0, -1, 127, 128, -128, -129, Long.MIN_VALUE, Long.MAX_VALUE};
        return edges[(i >>> 1) % edges.length];
    }

    private static byte[] bytes(ClassicFilter<Long> filter) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        filter.writeTo(out);
        return out.toByteArray();
    }
}
