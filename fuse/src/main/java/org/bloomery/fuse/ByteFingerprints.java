package org.bloomery.fuse;

import java.io.IOException;
import org.bloomery.api.spi.FilterDataOutput;

/** 8-bit fingerprints. */
final class ByteFingerprints implements Fingerprints {
    private final byte[] slots;

    ByteFingerprints(byte[] slots) {
        this.slots = slots;
    }

    @Override
    public int bits() {
        return 8;
    }

    @Override
    public int slots() {
        return slots.length;
    }

    @Override
    public int xor(int a, int b, int c) {
        return (slots[a] ^ slots[b] ^ slots[c]) & 0xFF;
    }

    @Override
    public int get(int slot) {
        return slots[slot] & 0xFF;
    }

    @Override
    public void set(int slot, int value) {
        slots[slot] = (byte) value;
    }

    @Override
    public void writeTo(FilterDataOutput out) throws IOException {
        out.writeBytes(slots, 0, slots.length);
    }
}
