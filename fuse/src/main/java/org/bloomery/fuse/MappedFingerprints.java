package org.bloomery.fuse;

import org.bloomery.api.spi.FilterDataOutput;
import org.bloomery.api.spi.MappedBytes;

/**
 * Fingerprints of 8, 16 or 32 bits read where they lie in a mapped file, slot i at byte {@code base
 * + i·f/8}, big-endian as written. Read-only: a mapped filter is never built, and writes its file's
 * body as it is ({@link org.bloomery.api.MappedFilter#writeTo}).
 */
final class MappedFingerprints implements Fingerprints {
    private final MappedBytes bytes;
    private final long base;
    private final int bits;
    private final int slots;

    MappedFingerprints(MappedBytes bytes, long base, int bits, int slots) {
        this.bytes = bytes;
        this.base = base;
        this.bits = bits;
        this.slots = slots;
    }

    @Override
    public int bits() {
        return bits;
    }

    @Override
    public int slots() {
        return slots;
    }

    @Override
    public int xor(int a, int b, int c) {
        return get(a) ^ get(b) ^ get(c);
    }

    @Override
    public int get(int slot) {
        // One width per filter, so the branch always goes the same way.
        switch (bits) {
            case 8:
                return bytes.getByte(base + slot) & 0xFF;
            case 16:
                return bytes.getShort(base + 2L * slot) & 0xFFFF;
            default:
                return bytes.getInt(base + 4L * slot);
        }
    }

    /**
     * Always refuses: mapped slots are read-only.
     *
     * @throws UnsupportedOperationException always
     */
    @Override
    public void set(int slot, int value) {
        throw new UnsupportedOperationException("mapped fingerprints are read-only");
    }

    /**
     * Always refuses: a mapped filter writes its file's body as it is.
     *
     * @throws UnsupportedOperationException always
     */
    @Override
    public void writeTo(FilterDataOutput out) {
        throw new UnsupportedOperationException("a mapped filter writes its file's body (MappedFilter.writeTo)");
    }
}
