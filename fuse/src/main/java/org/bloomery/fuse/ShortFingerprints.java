package org.bloomery.fuse;

import java.io.IOException;
import org.bloomery.api.spi.FilterDataOutput;

/** 16-bit fingerprints. */
final class ShortFingerprints implements Fingerprints {
    private final short[] slots;

    ShortFingerprints(short[] slots) {
        this.slots = slots;
    }

    @Override
    public int bits() {
        return 16;
    }

    @Override
    public int slots() {
        return slots.length;
    }

    @Override
    public int xor(int a, int b, int c) {
        return (slots[a] ^ slots[b] ^ slots[c]) & 0xFFFF;
    }

    @Override
    public int get(int slot) {
        return slots[slot] & 0xFFFF;
    }

    @Override
    public void set(int slot, int value) {
        slots[slot] = (short) value;
    }

    @Override
    public void writeTo(FilterDataOutput out) throws IOException {
        out.writeShorts(slots, 0, slots.length);
    }
}
