package org.bloomery.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.common.hash.Funnel;
import com.google.common.hash.Funnels;
import com.google.common.hash.PrimitiveSink;
import java.lang.management.ManagementFactory;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongUnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class KeyHasherTest {

    /** XXH64, seed 0, as printed by the reference tool {@code xxhsum -H1} 0.8.1. */
    static Stream<Arguments> publishedVectors() {
        return Stream.of(
                Arguments.of("", 0xef46db3751d8e999L),
                Arguments.of("a", 0xd24ec4f1a98c6e5bL),
                Arguments.of("abc", 0x44bc2cf5ad770999L),
                Arguments.of("message digest", 0x066ed728fceeb3beL),
                Arguments.of("abcdefghijklmnopqrstuvwxyz", 0xcfe1f278fa89835cL),
                Arguments.of("The quick brown fox jumps over the lazy dog", 0x0b242d361fda71bcL),
                Arguments.of("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 0x9e75a8e1c64f3e4fL),
                Arguments.of("h\u00e9llo \u20ac \ud83d\ude00", 0x38211b5ca55908ccL));
    }

    @ParameterizedTest(name = "\"{0}\"")
    @MethodSource("publishedVectors")
    void matchesPublishedVectors(String input, long expected) {
        byte[] utf8 = input.getBytes(StandardCharsets.UTF_8);
        assertThat(KeyHasher.hashBytes(utf8, 0, utf8.length)).isEqualTo(expected);
        assertThat(KeyHasher.hashString(input)).isEqualTo(expected);
        assertThat(KeyHasher.strings().hash(input)).isEqualTo(expected);
        assertThat(KeyHasher.strings().hash(new StringBuilder(input))).isEqualTo(expected);
        assertThat(FunnelKeyHasher.of(Funnels.stringFunnel(StandardCharsets.UTF_8)).hash(input)).isEqualTo(expected);
    }

    @Test
    void primitivesHashAsTheirLittleEndianBytes() {
        assertThat(KeyHasher.hashLongXxh64(0x0807060504030201L)).isEqualTo(0x814c43eb29646e14L);
        assertThat(KeyHasher.hashInt(42)).isEqualTo(0xd756d7b62fc50bf1L);
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 10_000; i++) {
            long value = random.nextLong();
            byte[] le = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(value).array();
            assertThat(KeyHasher.hashLongXxh64(value)).isEqualTo(KeyHasher.hashBytes(le, 0, 8))
                    .isEqualTo(KeyHasher.longsXxh64().hash(value))
                    .isEqualTo(FunnelKeyHasher.of(Funnels.longFunnel()).hash(value));
            assertThat(KeyHasher.hashLong(value)).isEqualTo(KeyHasher.longs().hash(value));
            int small = (int) value;
            byte[] le4 = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(small).array();
            assertThat(KeyHasher.hashInt(small)).isEqualTo(KeyHasher.hashBytes(le4, 0, 4))
                    .isEqualTo(KeyHasher.ints().hash(small))
                    .isEqualTo(FunnelKeyHasher.of(Funnels.integerFunnel()).hash(small));
        }
    }

    /** Random strings of every length up to 80 chars mixing 1-, 2-, 3- and 4-byte UTF-8 and lone surrogates. */
    @Test
    void stringHashEqualsTheHashOfItsUtf8Bytes() {
        SplittableRandom random = new SplittableRandom(2);
        char[] pool = {'a', 'Z', '0', '\u00e9', '\u07ff', '\u0800', '\u20ac', '\uffff', '\ud83d', '\ude00', '\udbff', '\udfff'};
        for (int i = 0; i < 20_000; i++) {
            int length = random.nextInt(81);
            StringBuilder s = new StringBuilder(length);
            for (int c = 0; c < length; c++) {
                s.append(random.nextInt(4) == 0 ? pool[random.nextInt(pool.length)] : (char) random.nextInt(0x10000));
            }
            String string = s.toString();
            byte[] utf8 = string.getBytes(StandardCharsets.UTF_8);
            assertThat(KeyHasher.hashString(string)).as("hash of %s", string).isEqualTo(KeyHasher.hashBytes(utf8, 0, utf8.length));
        }
    }

    /** Mostly ASCII, so 8-character runs take the lane-at-once path, broken at every offset by wider characters. */
    @Test
    void asciiRunsBrokenAnywhereHashLikeTheirUtf8Bytes() {
        SplittableRandom random = new SplittableRandom(8);
        char[] wide = {'\u00e9', '\u20ac', '\ud83d', '\ude00', '\u0080', '\u07ff'};
        for (int i = 0; i < 20_000; i++) {
            int length = random.nextInt(70);
            StringBuilder s = new StringBuilder(length);
            for (int c = 0; c < length; c++) {
                s.append(random.nextInt(12) == 0 ? wide[random.nextInt(wide.length)] : (char) (0x20 + random.nextInt(0x5F)));
            }
            byte[] utf8 = s.toString().getBytes(StandardCharsets.UTF_8);
            assertThat(KeyHasher.hashString(s)).as("hash of %s", s).isEqualTo(KeyHasher.hashBytes(utf8, 0, utf8.length));
        }
    }

    /**
     * The String path (ASCII lanes, then the encoder when a char is not ASCII) against the reference,
     * XXH64 of {@code getBytes(UTF_8)}, for every length 0 to 100: all ASCII, ASCII with one wider
     * char at a random place, and a mix of 1- to 4-byte UTF-8, pairs and lone surrogates; each also
     * as a {@code StringBuilder}, which takes the general encoder.
     */
    @Test
    void everyLengthHashesLikeItsUtf8BytesAsStringAndAsBuilder() {
        SplittableRandom random = new SplittableRandom(11);
        char[] wide = {'\u0080', '\u00e9', '\u00ff', '\u0100', '\u07ff', '\u0800', '\u20ac', '\uffff',
                '\ud83d', '\ude00', '\udbff', '\udfff'};
        for (int length = 0; length <= 100; length++) {
            for (int trial = 0; trial < 60; trial++) {
                char[] chars = new char[length];
                int mode = trial % 3;
                for (int c = 0; c < length; c++) {
                    chars[c] = mode == 2 && random.nextInt(3) == 0
                            ? wide[random.nextInt(wide.length)] : (char) random.nextInt(0x80);
                }
                if (mode == 1 && length > 0) {
                    chars[random.nextInt(length)] = wide[random.nextInt(wide.length)];
                }
                String string = new String(chars);
                byte[] utf8 = string.getBytes(StandardCharsets.UTF_8);
                long expected = KeyHasher.hashBytes(utf8, 0, utf8.length);
                assertThat(KeyHasher.hashString(string)).as("length %d, mode %d: %s", length, mode, string).isEqualTo(expected);
                assertThat(KeyHasher.hashString(new StringBuilder(string))).as("builder of %s", string).isEqualTo(expected);
            }
        }
    }

    @Test
    void byteRangesHashLikeCopies() {
        SplittableRandom random = new SplittableRandom(3);
        byte[] bytes = new byte[300];
        random.nextBytes(bytes);
        for (int offset = 0; offset < 40; offset++) {
            for (int length = 0; length <= 200; length += 7) {
                byte[] copy = java.util.Arrays.copyOfRange(bytes, offset, offset + length);
                assertThat(KeyHasher.hashBytes(bytes, offset, length)).isEqualTo(KeyHasher.bytes().hash(copy));
            }
        }
        assertThatThrownBy(() -> KeyHasher.hashBytes(bytes, 299, 2)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    /**
     * Strict avalanche: flipping any one input bit flips each output bit with probability 1/2.
     * 2,000 random inputs per flipped bit give a per-cell rate with standard deviation 0.011, so
     * the band [0.44, 0.56] is over 5 sigma wide; a hash with a weak output bit falls outside it.
     */
    @Test
    void everyInputBitAffectsEveryOutputBitHalfTheTime() {
        int trials = 2_000;
        SplittableRandom random = new SplittableRandom(4);
        for (LongUnaryOperator hash : List.<LongUnaryOperator>of(KeyHasher::hashLong, KeyHasher::hashLongXxh64)) {
            int[][] flips = new int[64][64];
            for (int t = 0; t < trials; t++) {
                long x = random.nextLong();
                long h = hash.applyAsLong(x);
                for (int in = 0; in < 64; in++) {
                    long d = h ^ hash.applyAsLong(x ^ (1L << in));
                    for (int out = 0; out < 64; out++) {
                        flips[in][out] += (int) ((d >>> out) & 1);
                    }
                }
            }
            for (int in = 0; in < 64; in++) {
                for (int out = 0; out < 64; out++) {
                    assertThat(flips[in][out] / (double) trials).as("input bit %d -> output bit %d", in, out)
                            .isBetween(0.44, 0.56);
                }
            }
        }
        int[] stringFlips = new int[64];
        for (int t = 0; t < trials; t++) {
            char[] chars = new char[16];
            for (int c = 0; c < 16; c++) {
                chars[c] = (char) ('a' + random.nextInt(26));
            }
            long h = KeyHasher.hashString(new String(chars));
            int pos = random.nextInt(16);
            chars[pos] ^= 1;
            long d = h ^ KeyHasher.hashString(new String(chars));
            for (int out = 0; out < 64; out++) {
                stringFlips[out] += (int) ((d >>> out) & 1);
            }
        }
        for (int out = 0; out < 64; out++) {
            assertThat(stringFlips[out] / (double) trials).as("string output bit %d", out).isBetween(0.44, 0.56);
        }
    }

    /**
     * The string, long and byte paths allocate nothing: 1,000,000 calls after warm-up may
     * allocate at most a few KiB (the thread-allocation counter itself and JIT noise), where one
     * small object per call would be 16 MB or more.
     */
    @Test
    void hashingStringsLongsAndBytesDoesNotAllocate() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        String[] strings = new String[1024];
        for (int i = 0; i < strings.length; i++) {
            // Half ASCII (the String path's lanes), half not (its fall-back to the encoder).
            strings[i] = i % 2 == 0 ? "key-" + i + "-\u00e9\u20ac-" + (i * 31) : "ascii-key-" + i + "-" + (i * 31);
        }
        byte[] bytes = new byte[64];
        long sink = 0;
        for (int warm = 0; warm < 5; warm++) {
            sink += hashMany(strings, bytes);
        }
        long thread = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(thread);
        sink += hashMany(strings, bytes);
        long allocated = threads.getThreadAllocatedBytes(thread) - before;
        assertThat(allocated).as("bytes allocated by 3,000,000 hash calls (sink %d)", sink).isLessThan(64 * 1024);
    }

    private static long hashMany(String[] strings, byte[] bytes) {
        long sink = 0;
        KeyHasher<CharSequence> hasher = KeyHasher.strings();
        for (int i = 0; i < 1_000_000; i++) {
            sink += hasher.hash(strings[i & 1023]);
            sink += KeyHasher.hashLong(i);
            sink += KeyHasher.hashLongXxh64(i);
            sink += KeyHasher.hashBytes(bytes, i & 31, 32);
        }
        return sink;
    }

    @Test
    void idsAreStableAndNullIsRejected() {
        assertThat(KeyHasher.strings().id()).isEqualTo("xxh64:utf8");
        assertThat(KeyHasher.longs().id()).isEqualTo("xxh3:long-le");
        assertThat(KeyHasher.longsXxh64().id()).isEqualTo("xxh64:long-le");
        assertThat(KeyHasher.ints().id()).isEqualTo("xxh64:int-le");
        assertThat(KeyHasher.bytes().id()).isEqualTo("xxh64:bytes");
        assertThat(FunnelKeyHasher.of(Funnels.longFunnel()).id()).isEqualTo("guava-funnel:Funnels.longFunnel()");
        assertThatThrownBy(() -> KeyHasher.strings().hash(null)).isInstanceOf(NullPointerException.class).hasMessageContaining("null");
        assertThatThrownBy(() -> KeyHasher.longs().hash(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> KeyHasher.longsXxh64().hash(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> FunnelKeyHasher.of(Funnels.longFunnel()).hash(null)).isInstanceOf(NullPointerException.class);
        KeyHasher<String> custom = KeyHasher.of("user:length", s -> KeyHasher.hashLong(s.length()));
        assertThat(custom.hash("abc")).isEqualTo(KeyHasher.hashLong(3));
        assertThatThrownBy(() -> custom.hash(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> KeyHasher.of("", s -> 0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 to 255");
        assertThatThrownBy(() -> KeyHasher.of("caf\u00e9", s -> 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aFileIsReadWithTheBuiltInHasherItNamesWhenTheCallersIsABuiltInOfTheSameItemType() {
        assertThat(KeyHasher.forReading("xxh64:long-le", KeyHasher.longs())).containsSame(KeyHasher.longsXxh64());
        assertThat(KeyHasher.forReading("xxh3:long-le", KeyHasher.longsXxh64())).containsSame(KeyHasher.longs());
        assertThat(KeyHasher.forReading("xxh3:long-le", KeyHasher.longs())).containsSame(KeyHasher.longs());
        assertThat(KeyHasher.forReading("xxh64:utf8", KeyHasher.longs())).isEmpty();
        assertThat(KeyHasher.forReading("xxh64:long-le", KeyHasher.ints())).isEmpty();
        assertThat(KeyHasher.forReading("my-app:id", KeyHasher.longs())).isEmpty();
        KeyHasher<Long> own = KeyHasher.of("my-app:id", KeyHasher::hashLong);
        assertThat(KeyHasher.forReading("my-app:id", own)).containsSame(own);
        assertThat(KeyHasher.forReading("xxh64:long-le", own)).isEmpty();
        KeyHasher<Long> funnel = FunnelKeyHasher.of(Funnels.longFunnel());
        assertThat(KeyHasher.forReading("xxh64:long-le", funnel)).isEmpty();
    }

    @Test
    void funnelsSeeEveryPrimitiveLittleEndian() {
        Funnel<long[]> pair = (value, sink) -> sink.putInt((int) value[0]).putLong(value[1]).putShort((short) 7).putBoolean(true);
        byte[] expected = ByteBuffer.allocate(15).order(ByteOrder.LITTLE_ENDIAN)
                .putInt(5).putLong(-9).putShort((short) 7).put((byte) 1).array();
        assertThat(FunnelKeyHasher.of("pair", pair).hash(new long[] {5, -9}))
                .isEqualTo(KeyHasher.hashBytes(expected, 0, expected.length));
    }

    /** Two enum funnels, each a constant named INSTANCE: once both had the id guava-funnel:INSTANCE. */
    enum FirstFunnel implements Funnel<Long> {
        INSTANCE;

        @Override
        public void funnel(Long value, PrimitiveSink sink) {
            sink.putLong(value);
        }
    }

    enum SecondFunnel implements Funnel<Long> {
        INSTANCE;

        @Override
        public void funnel(Long value, PrimitiveSink sink) {
            sink.putLong(~value);
        }
    }

    static final class NamedFunnel implements Funnel<Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public void funnel(Long value, PrimitiveSink sink) {
            sink.putLong(value * 3);
        }
    }

    @Test
    void derivedFunnelIdsAreStableAndDistinct() {
        assertThat(FunnelKeyHasher.of(FirstFunnel.INSTANCE).id())
                .isEqualTo("guava-funnel:org.bloomery.api.KeyHasherTest$FirstFunnel.INSTANCE");
        assertThat(FunnelKeyHasher.of(SecondFunnel.INSTANCE).id())
                .isEqualTo("guava-funnel:org.bloomery.api.KeyHasherTest$SecondFunnel.INSTANCE");
        assertThat(FunnelKeyHasher.of(new NamedFunnel()).id())
                .isEqualTo("guava-funnel:org.bloomery.api.KeyHasherTest$NamedFunnel");
        assertThat(FunnelKeyHasher.of(Funnels.stringFunnel(StandardCharsets.UTF_8)).id())
                .isEqualTo("guava-funnel:Funnels.stringFunnel(UTF-8)");
        assertThat(FunnelKeyHasher.of(Funnels.stringFunnel(StandardCharsets.UTF_16LE)).id())
                .isEqualTo("guava-funnel:Funnels.stringFunnel(UTF-16LE)");
    }

    /** A lambda's class name holds an identity hash that differs between JVMs; so would an anonymous class's order. */
    @Test
    void funnelsWithoutAStableNameAreRefusedSayingHowToGiveAnId() {
        Funnel<Long> lambda = (value, sink) -> sink.putLong(value);
        Funnel<Long> anonymous = new Funnel<>() {
            private static final long serialVersionUID = 1L;

            @Override
            public void funnel(Long value, PrimitiveSink sink) {
                sink.putLong(value);
            }
        };
        for (Funnel<Long> unnamed : List.of(lambda, anonymous)) {
            assertThatThrownBy(() -> FunnelKeyHasher.of(unnamed)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("give the hasher an id").hasMessageContaining("FunnelKeyHasher.of(\"your-id\", funnel)");
            assertThat(FunnelKeyHasher.of("my-longs", unnamed).id()).isEqualTo("my-longs");
        }
    }

    /** KeyHasher names no Guava type, so reflecting over it works without Guava on the class path. */
    @Test
    void keyHasherCanBeReflectedOverWithoutGuava() throws Exception {
        URL apiClasses = KeyHasher.class.getProtectionDomain().getCodeSource().getLocation();
        try (URLClassLoader withoutGuava = new URLClassLoader(new URL[] {apiClasses}, ClassLoader.getPlatformClassLoader())) {
            Class<?> keyHasher = withoutGuava.loadClass(KeyHasher.class.getName());
            assertThatThrownBy(() -> withoutGuava.loadClass("com.google.common.hash.Funnel"))
                    .isInstanceOf(ClassNotFoundException.class);
            assertThat(keyHasher.getMethods()).extracting(java.lang.reflect.Method::getName).contains("strings", "of");
            assertThat(keyHasher.getMethod("strings").invoke(null)).isNotNull();
        }
    }
}
