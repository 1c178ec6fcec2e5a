package org.bloomery.api;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * XXH64 (Yann Collet, xxHash), seed 0: the one 64-bit hash behind every {@link KeyHasher}. The
 * hash is part of the binary format, so this code must give the same value for the same bytes on
 * every JVM, forever. The one-shot methods allocate nothing.
 */
final class Xxh64 {
    static final long P1 = 0x9E3779B185EBCA87L;
    static final long P2 = 0xC2B2AE3D27D4EB4FL;
    static final long P3 = 0x165667B19E3779F9L;
    static final long P4 = 0x85EBCA77C2B2AE63L;
    static final long P5 = 0x27D4EB2F165667C5L;
    /** Bits that no ASCII char sets in the 16-bit slots of {@link #evenChars}/{@link #oddChars}. */
    static final long NOT_ASCII = 0xFF80_FF80_FF80_FF80L;

    private static final VarHandle LONG_LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT_LE =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private Xxh64() {
    }

    static long round(long acc, long lane) {
        acc += lane * P2;
        acc = Long.rotateLeft(acc, 31);
        return acc * P1;
    }

    static long mergeRound(long acc, long v) {
        acc ^= round(0, v);
        return acc * P1 + P4;
    }

    static long converge(long v1, long v2, long v3, long v4) {
        long h = Long.rotateLeft(v1, 1) + Long.rotateLeft(v2, 7)
                + Long.rotateLeft(v3, 12) + Long.rotateLeft(v4, 18);
        h = mergeRound(h, v1);
        h = mergeRound(h, v2);
        h = mergeRound(h, v3);
        return mergeRound(h, v4);
    }

    static long tailLane(long h, long lane) {
        h ^= round(0, lane);
        return Long.rotateLeft(h, 27) * P1 + P4;
    }

    static long tailInt(long h, long unsignedInt) {
        h ^= unsignedInt * P1;
        return Long.rotateLeft(h, 23) * P2 + P3;
    }

    static long tailByte(long h, int unsignedByte) {
        h ^= unsignedByte * P5;
        return Long.rotateLeft(h, 11) * P1;
    }

    static long avalanche(long h) {
        h ^= h >>> 33;
        h *= P2;
        h ^= h >>> 29;
        h *= P3;
        return h ^ (h >>> 32);
    }

    /** XXH64 of the 8 little-endian bytes of {@code value}. */
    static long hashLong(long value) {
        return avalanche(tailLane(P5 + 8, value));
    }

    /** XXH64 of the 4 little-endian bytes of {@code value}. */
    static long hashInt(int value) {
        return avalanche(tailInt(P5 + 4, value & 0xFFFF_FFFFL));
    }

    /** XXH64 of {@code bytes[offset .. offset+length)}. */
    static long hashBytes(byte[] bytes, int offset, int length) {
        int end = offset + length;
        int p = offset;
        long h;
        if (length >= 32) {
            long v1 = P1 + P2;
            long v2 = P2;
            long v3 = 0;
            long v4 = -P1;
            int limit = end - 32;
            do {
                v1 = round(v1, (long) LONG_LE.get(bytes, p));
                v2 = round(v2, (long) LONG_LE.get(bytes, p + 8));
                v3 = round(v3, (long) LONG_LE.get(bytes, p + 16));
                v4 = round(v4, (long) LONG_LE.get(bytes, p + 24));
                p += 32;
            } while (p <= limit);
            h = converge(v1, v2, v3, v4);
        } else {
            h = P5;
        }
        h += length;
        for (; p + 8 <= end; p += 8) {
            h = tailLane(h, (long) LONG_LE.get(bytes, p));
        }
        if (p + 4 <= end) {
            h = tailInt(h, ((int) INT_LE.get(bytes, p)) & 0xFFFF_FFFFL);
            p += 4;
        }
        for (; p < end; p++) {
            h = tailByte(h, bytes[p] & 0xFF);
        }
        return avalanche(h);
    }

    /**
     * XXH64 of the UTF-8 encoding of {@code s}, as {@link String#getBytes} with UTF-8 would give it
     * (an unpaired surrogate encodes as '?'). A {@code String} takes {@link #hashString(String)};
     * any other sequence is encoded by {@link #hashChars}.
     */
    static long hashString(CharSequence s) {
        return s instanceof String string ? hashString(string) : hashChars(s);
    }

    /**
     * XXH64 of a {@code String}'s UTF-8 encoding, computed as if the string were ASCII (then its
     * UTF-8 bytes are its chars, one each) and recomputed by {@link #hashChars} if it was not. The
     * chars are read 8 per lane and checked for ASCII once at the end: with a branch per lane, or
     * with the lanes of a short string in a loop, a 16-char key took 20 to 50% longer on JDK 17.
     * Reading the chars is most of what remains (16 {@code charAt} calls, added and nothing else,
     * take almost half the time of the hash of a 16-char key), and on JDK 17 no other way to read
     * them measured faster: the same lanes packed from a {@code char[]} took as long (so the cost
     * is the loads and the packing, not {@code charAt}'s checks); {@code getChars} into a reused
     * {@code char[]} and packing from that took 1.4 to 1.8 times as long (the copy is quick, but
     * reading the just-written array back costs more than reading the {@code String}); the
     * deprecated {@code getBytes(int, int, byte[], int)}, read 8 bytes at a time, is fast but keeps
     * only the low byte of each char, and no public method of {@code String} tells in constant time
     * that no char is above 0xFF, so it would give some strings a wrong hash.
     */
    static long hashString(String s) {
        final int n = s.length();
        return n < 32 ? finishAscii(s, 0, P5 + n, 0) : hashAsciiStripes(s, n);
    }

    /** {@link #hashString(String)} of a string of at least 32 chars: its whole 32-char stripes, then the rest. */
    private static long hashAsciiStripes(String s, int n) {
        final int stripes = n >>> 5;
        long wide = 0; // the chars OR-ed into 16-bit slots, as in finishAscii
        long v1 = P1 + P2;
        long v2 = P2;
        long v3 = 0;
        long v4 = -P1;
        // A counted loop: the JIT checks the chars' indexes once before it, not per char.
        for (int stripe = 0; stripe < stripes; stripe++) {
            int i = stripe << 5;
            long e1 = evenChars(s, i);
            long o1 = oddChars(s, i);
            long e2 = evenChars(s, i + 8);
            long o2 = oddChars(s, i + 8);
            long e3 = evenChars(s, i + 16);
            long o3 = oddChars(s, i + 16);
            long e4 = evenChars(s, i + 24);
            long o4 = oddChars(s, i + 24);
            wide |= e1 | o1 | e2 | o2 | e3 | o3 | e4 | o4;
            if ((wide & NOT_ASCII) != 0) {
                // Not ASCII: stop reading here. Without this, a 100-char string whose first char
                // is not ASCII took 48% longer than the encoder alone; with it, 10%.
                return hashChars(s);
            }
            v1 = round(v1, e1 | o1 << 8);
            v2 = round(v2, e2 | o2 << 8);
            v3 = round(v3, e3 | o3 << 8);
            v4 = round(v4, e4 | o4 << 8);
        }
        return finishAscii(s, stripes << 5, converge(v1, v2, v3, v4) + n, wide);
    }

    /**
     * The tail of {@link #hashString(String)}: the at most 31 chars from {@code i} (up to three
     * lanes, 4 chars, single chars) mixed into {@code h}, then the ASCII check over them and
     * {@code wide}, the chars seen before; if any was not ASCII, the whole string through
     * {@link #hashChars}.
     */
    private static long finishAscii(String s, int i, long h, long wide) {
        final int n = s.length();
        int lanes = (n - i) >>> 3; // 0 to 3 whole lanes
        if (lanes > 0) {
            long e = evenChars(s, i);
            long o = oddChars(s, i);
            wide |= e | o;
            h = tailLane(h, e | o << 8);
            if (lanes > 1) {
                e = evenChars(s, i + 8);
                o = oddChars(s, i + 8);
                wide |= e | o;
                h = tailLane(h, e | o << 8);
                if (lanes > 2) {
                    e = evenChars(s, i + 16);
                    o = oddChars(s, i + 16);
                    wide |= e | o;
                    h = tailLane(h, e | o << 8);
                }
            }
            i += lanes << 3;
        }
        if (i + 4 <= n) {
            long e = (long) s.charAt(i) | (long) s.charAt(i + 2) << 16;
            long o = (long) s.charAt(i + 1) | (long) s.charAt(i + 3) << 16;
            wide |= e | o;
            h = tailInt(h, e | o << 8);
            i += 4;
        }
        for (; i < n; i++) {
            char c = s.charAt(i);
            wide |= c;
            h = tailByte(h, c);
        }
        if ((wide & NOT_ASCII) != 0) {
            return hashChars(s);
        }
        return avalanche(h);
    }

    /**
     * The chars at {@code i}, {@code i + 2}, {@code i + 4}, {@code i + 6} in the four 16-bit slots
     * of a long, lowest first. If all eight chars from {@code i} are ASCII, {@code evenChars | oddChars
     * << 8} is their little-endian lane; {@code (evenChars | oddChars) & NOT_ASCII} is 0 exactly then.
     */
    static long evenChars(String s, int i) {
        return (long) s.charAt(i) | (long) s.charAt(i + 2) << 16
                | (long) s.charAt(i + 4) << 32 | (long) s.charAt(i + 6) << 48;
    }

    /** The chars at {@code i + 1}, {@code i + 3}, {@code i + 5}, {@code i + 7}, as {@link #evenChars}. */
    static long oddChars(String s, int i) {
        return (long) s.charAt(i + 1) | (long) s.charAt(i + 3) << 16
                | (long) s.charAt(i + 5) << 32 | (long) s.charAt(i + 7) << 48;
    }

    /**
     * XXH64 of the UTF-8 encoding of any character sequence, computed without encoding into an
     * array. Runs of 8 ASCII characters that start on a lane boundary become a lane at once
     * ({@link #asciiLane}); anything else is encoded one code point at a time.
     */
    static long hashChars(CharSequence s) {
        final int n = s.length();
        long v1 = P1 + P2;
        long v2 = P2;
        long v3 = 0;
        long v4 = -P1;
        long l0 = 0;
        long l1 = 0;
        long l2 = 0;
        int lanes = 0; // completed 8-byte lanes of the current 32-byte stripe, held in l0..l2
        long stripes = 0;
        long buf = 0; // bytes not yet forming a lane, first byte lowest
        int bufBytes = 0;
        for (int i = 0; i < n; ) {
            long lane;
            if (bufBytes == 0 && i + 8 <= n && (lane = asciiLane(s, i)) >= 0) {
                i += 8;
            } else {
                char c = s.charAt(i++);
                int enc; // the code point's UTF-8 bytes, first byte lowest
                int len;
                if (c < 0x80) {
                    enc = c;
                    len = 1;
                } else if (c < 0x800) {
                    enc = (0xC0 | (c >>> 6)) | ((0x80 | (c & 0x3F)) << 8);
                    len = 2;
                } else if (Character.isSurrogate(c)) {
                    char low;
                    if (Character.isHighSurrogate(c) && i < n && Character.isLowSurrogate(low = s.charAt(i))) {
                        int cp = Character.toCodePoint(c, low);
                        i++;
                        enc = (0xF0 | (cp >>> 18)) | ((0x80 | ((cp >>> 12) & 0x3F)) << 8)
                                | ((0x80 | ((cp >>> 6) & 0x3F)) << 16) | ((0x80 | (cp & 0x3F)) << 24);
                        len = 4;
                    } else {
                        enc = '?';
                        len = 1;
                    }
                } else {
                    enc = (0xE0 | (c >>> 12)) | ((0x80 | ((c >>> 6) & 0x3F)) << 8)
                            | ((0x80 | (c & 0x3F)) << 16);
                    len = 3;
                }
                long bytes = enc & 0xFFFF_FFFFL;
                buf |= bytes << (bufBytes << 3);
                bufBytes += len;
                if (bufBytes < 8) {
                    continue;
                }
                lane = buf;
                bufBytes -= 8;
                // The bytes of this code point that did not fit into the lane start the next one.
                buf = bufBytes == 0 ? 0 : bytes >>> ((len - bufBytes) << 3);
            }
            switch (lanes) {
                case 0 -> {
                    l0 = lane;
                    lanes = 1;
                }
                case 1 -> {
                    l1 = lane;
                    lanes = 2;
                }
                case 2 -> {
                    l2 = lane;
                    lanes = 3;
                }
                default -> {
                    v1 = round(v1, l0);
                    v2 = round(v2, l1);
                    v3 = round(v3, l2);
                    v4 = round(v4, lane);
                    lanes = 0;
                    stripes++;
                }
            }
        }
        long h = stripes > 0 ? converge(v1, v2, v3, v4) : P5;
        h += stripes * 32 + lanes * 8L + bufBytes;
        if (lanes > 0) {
            h = tailLane(h, l0);
        }
        if (lanes > 1) {
            h = tailLane(h, l1);
        }
        if (lanes > 2) {
            h = tailLane(h, l2);
        }
        if (bufBytes >= 4) {
            h = tailInt(h, buf & 0xFFFF_FFFFL);
            buf >>>= 32;
            bufBytes -= 4;
        }
        for (; bufBytes > 0; bufBytes--) {
            h = tailByte(h, (int) (buf & 0xFF));
            buf >>>= 8;
        }
        return avalanche(h);
    }

    /**
     * The 8 characters at {@code i} as one little-endian lane of their UTF-8 (here ASCII) bytes, or
     * -1 if any of them is not ASCII. A valid lane never has its top bit set, so -1 is free.
     */
    static long asciiLane(CharSequence s, int i) {
        long c0 = s.charAt(i);
        long c1 = s.charAt(i + 1);
        long c2 = s.charAt(i + 2);
        long c3 = s.charAt(i + 3);
        long c4 = s.charAt(i + 4);
        long c5 = s.charAt(i + 5);
        long c6 = s.charAt(i + 6);
        long c7 = s.charAt(i + 7);
        if ((c0 | c1 | c2 | c3 | c4 | c5 | c6 | c7) >= 0x80) {
            return -1;
        }
        return c0 | c1 << 8 | c2 << 16 | c3 << 24 | c4 << 32 | c5 << 40 | c6 << 48 | c7 << 56;
    }

    /** Streaming XXH64 over bytes fed in any pieces; used where the input arrives piecemeal. */
    static final class Streaming {
        private final byte[] stripe = new byte[32];
        private int buffered;
        private long v1 = P1 + P2;
        private long v2 = P2;
        private long v3 = 0;
        private long v4 = -P1;
        private long total;

        void update(byte b) {
            stripe[buffered++] = b;
            total++;
            if (buffered == 32) {
                consumeStripe();
            }
        }

        void update(byte[] bytes, int offset, int length) {
            for (int i = 0; i < length; i++) {
                update(bytes[offset + i]);
            }
        }

        /** Feeds the {@code byteCount} low bytes of {@code value}, lowest first. */
        void updateLittleEndian(long value, int byteCount) {
            for (int i = 0; i < byteCount; i++) {
                update((byte) (value >>> (i << 3)));
            }
        }

        private void consumeStripe() {
            v1 = round(v1, (long) LONG_LE.get(stripe, 0));
            v2 = round(v2, (long) LONG_LE.get(stripe, 8));
            v3 = round(v3, (long) LONG_LE.get(stripe, 16));
            v4 = round(v4, (long) LONG_LE.get(stripe, 24));
            buffered = 0;
        }

        long digest() {
            long h = total >= 32 ? converge(v1, v2, v3, v4) : P5;
            h += total;
            int p = 0;
            for (; p + 8 <= buffered; p += 8) {
                h = tailLane(h, (long) LONG_LE.get(stripe, p));
            }
            if (p + 4 <= buffered) {
                h = tailInt(h, ((int) INT_LE.get(stripe, p)) & 0xFFFF_FFFFL);
                p += 4;
            }
            for (; p < buffered; p++) {
                h = tailByte(h, stripe[p] & 0xFF);
            }
            return avalanche(h);
        }
    }
}
