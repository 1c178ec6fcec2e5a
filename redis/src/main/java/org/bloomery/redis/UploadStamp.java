package org.bloomery.redis;

import java.util.concurrent.ThreadLocalRandom;

/**
 * The upload stamp of a sharded filter: one 64-bit word stored after the cells of each shard,
 * naming the upload that wrote the shard (0 for a filter never uploaded). Every shard of one
 * upload carries the same random stamp, and a batch query reads each shard's stamp in the same
 * {@code BITFIELD_RO} as its probes, so a batch whose shards answer with different stamps read
 * some shards before an upload replaced them and some after: it is read again instead of
 * answered. A one-shard filter has no stamp (its one {@code RENAME} replaces it whole).
 */
final class UploadStamp {
    /** The {@code BITFIELD} type of the stamp: a signed 64-bit field. */
    static final String FIELD_TYPE = "i64";
    /** Bytes the stamp adds to each shard of a sharded filter. */
    static final int BYTES = Long.BYTES;

    private UploadStamp() {
    }

    /**
     * Whether a filter's shards carry a stamp.
     *
     * @param shards the filter's shard count
     * @return true for more than one shard
     */
    static boolean stamped(int shards) {
        return shards > 1;
    }

    /**
     * The bit offset of a shard's stamp: right after its cells.
     *
     * @param cellBytes the bytes of the shard's cells
     * @return the offset for {@code BITFIELD ... i64}
     */
    static long bitOffset(long cellBytes) {
        return cellBytes * 8;
    }

    /**
     * A stamp for a new upload: random and never 0, so two uploads share a stamp with probability
     * about 2^-64.
     *
     * @return the stamp
     */
    static long next() {
        long stamp;
        do {
            stamp = ThreadLocalRandom.current().nextLong();
        } while (stamp == 0);
        return stamp;
    }

    /**
     * The stamp as the 8 bytes stored after the cells (big-endian, as {@code BITFIELD i64} reads
     * it).
     *
     * @param stamp the stamp
     * @return its bytes
     */
    static byte[] bytes(long stamp) {
        byte[] bytes = new byte[BYTES];
        for (int i = 0; i < BYTES; i++) {
            bytes[i] = (byte) (stamp >>> (56 - 8 * i));
        }
        return bytes;
    }
}
