package org.bloomery.redis;

/**
 * What every cells key of {@code redis-classic} and {@code redis-counting} holds after its cells:
 * the 8-byte {@link UploadStamp}, then the filter's {@link Identity} as 32 ASCII hex digits (as
 * the metadata holds it, so scripts compare it without decoding). A key's length
 * is therefore fixed by the filter's shape, and a command that finds another length, or another
 * identity at the end, knows the key is not the one its handle opened.
 */
final class CellsTrailer {
    /** Bytes of the identity at the end of a key: its hex digits. */
    static final int IDENTITY_BYTES = 2 * Identity.BYTES;
    /** Bytes after the cells. */
    static final int BYTES = UploadStamp.BYTES + IDENTITY_BYTES;

    private CellsTrailer() {
    }

    /**
     * The length of a cells key.
     *
     * @param cellBytes the bytes of its cells
     * @return the bytes of the whole key
     */
    static long keyBytes(long cellBytes) {
        return cellBytes + BYTES;
    }

    /**
     * The trailer of a key: the stamp, then the identity.
     *
     * @param stamp the upload stamp, 0 for a filter never uploaded
     * @param identity the filter's identity
     * @return the 40 bytes
     */
    static byte[] bytes(long stamp, Identity identity) {
        byte[] trailer = new byte[BYTES];
        System.arraycopy(UploadStamp.bytes(stamp), 0, trailer, 0, UploadStamp.BYTES);
        byte[] hex = identity.hex().getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        System.arraycopy(hex, 0, trailer, UploadStamp.BYTES, IDENTITY_BYTES);
        return trailer;
    }
}
