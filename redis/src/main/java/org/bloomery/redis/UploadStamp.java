package org.bloomery.redis;

import java.util.concurrent.ThreadLocalRandom;

/**
 * The upload stamp: one 64-bit word stored after the cells of each shard ({@link KeyTrailer}),
 * naming the upload that wrote the shard (0 for a filter never uploaded). Every shard of one
 * upload carries the same random stamp, and a batch query of a sharded filter reads each shard's
 * stamp in the same script run as its probes, so a batch whose shards answer with different
 * stamps read some shards before an upload replaced them and some after: it is read again instead
 * of answered. A one-shard filter's stamp is never compared (its one {@code RENAME} replaces it
 * whole).
 */
final class UploadStamp {
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
