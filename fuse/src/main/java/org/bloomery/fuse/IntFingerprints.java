package org.bloomery.fuse;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.bloomery.api.spi.FilterDataInput;
import org.bloomery.api.spi.FilterDataOutput;

/** 32-bit fingerprints, written and read in chunks of big-endian ints. */
final class IntFingerprints implements Fingerprints {
    private static final int CHUNK_INTS = 1 << 14;

    private final int[] slots;

    IntFingerprints(int[] slots) {
        this.slots = slots;
    }

    /**
     * Reads {@code count} ints chunk by chunk, growing the array only as data arrives, so a
     * crafted slot count cannot claim memory the body does not hold.
     */
    static IntFingerprints readFrom(FilterDataInput in, int count) throws IOException {
        int[] values = new int[Math.min(count, CHUNK_INTS)];
        for (int i = 0; i < count; ) {
            int n = Math.min(count - i, CHUNK_INTS);
            byte[] chunk = in.readBytes(n * Integer.BYTES);
            if (i + n > values.length) {
                values = Arrays.copyOf(values, (int) Math.min(count, Math.max(i + n, 2L * values.length)));
            }
            ByteBuffer.wrap(chunk).asIntBuffer().get(values, i, n);
            i += n;
        }
        return new IntFingerprints(values);
    }

    @Override
    public int bits() {
        return 32;
    }

    @Override
    public int slots() {
        return slots.length;
    }

    @Override
    public int xor(int a, int b, int c) {
        return slots[a] ^ slots[b] ^ slots[c];
    }

    @Override
    public int get(int slot) {
        return slots[slot];
    }

    @Override
    public void set(int slot, int value) {
        slots[slot] = value;
    }

    @Override
    public void writeTo(FilterDataOutput out) throws IOException {
        byte[] chunk = new byte[CHUNK_INTS * Integer.BYTES];
        for (int i = 0; i < slots.length; ) {
            int n = Math.min(slots.length - i, CHUNK_INTS);
            ByteBuffer.wrap(chunk).asIntBuffer().put(slots, i, n);
            out.writeBytes(chunk, 0, n * Integer.BYTES);
            i += n;
        }
    }
}
