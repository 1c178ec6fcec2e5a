package org.bloomery.cuckoo;

import java.io.IOException;
import java.util.Arrays;
import org.bloomery.api.spi.FilterDataOutput;

/** 8-bit fingerprints, one byte per slot. */
final class ByteBucketFingerprints extends BucketFingerprints {
    private final byte[] cells;

    ByteBucketFingerprints(int bucketSize, byte[] cells) {
        super(bucketSize, cells.length);
        this.cells = cells;
    }

    @Override
    int get(int slot) {
        return cells[slot] & 0xFF;
    }

    @Override
    void set(int slot, int fingerprint) {
        cells[slot] = (byte) fingerprint;
    }

    @Override
    void clear() {
        Arrays.fill(cells, (byte) 0);
    }

    @Override
    long bitSize() {
        return (long) cells.length * Byte.SIZE;
    }

    @Override
    long serializedBytes() {
        return cells.length;
    }

    @Override
    void writeTo(FilterDataOutput out) throws IOException {
        out.writeBytes(cells, 0, cells.length);
    }
}
