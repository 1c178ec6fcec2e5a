package org.bloomery.cuckoo;

import java.io.IOException;
import java.util.Arrays;
import org.bloomery.api.spi.FilterDataOutput;

/** 16-bit fingerprints, one short per slot. */
final class ShortBucketFingerprints extends BucketFingerprints {
    private final short[] cells;

    ShortBucketFingerprints(int bucketSize, short[] cells) {
        super(bucketSize, cells.length);
        this.cells = cells;
    }

    @Override
    int get(int slot) {
        return cells[slot] & 0xFFFF;
    }

    @Override
    void set(int slot, int fingerprint) {
        cells[slot] = (short) fingerprint;
    }

    @Override
    void clear() {
        Arrays.fill(cells, (short) 0);
    }

    @Override
    long bitSize() {
        return (long) cells.length * Short.SIZE;
    }

    @Override
    long serializedBytes() {
        return (long) cells.length * Short.BYTES;
    }

    @Override
    void writeTo(FilterDataOutput out) throws IOException {
        out.writeShorts(cells, 0, cells.length);
    }
}
