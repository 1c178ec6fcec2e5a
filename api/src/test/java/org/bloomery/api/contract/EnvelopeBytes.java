package org.bloomery.api.contract;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * Locates the parts of a serialized filter (FORMAT.md) so tests can damage the body and then
 * re-seal the checksum, reaching the body's own validation instead of the checksum check.
 */
final class EnvelopeBytes {
    private EnvelopeBytes() {
    }

    /** Offset of the first body byte. */
    static int bodyOffset(byte[] envelope) {
        ByteBuffer b = ByteBuffer.wrap(envelope);
        b.position(5);
        b.position(b.position() + 1 + (b.get(b.position()) & 0xFF)); // kind
        b.position(b.position() + 1 + (b.get(b.position()) & 0xFF)); // hasher id
        b.position(b.position() + 16); // expectedInsertions, fpp
        int options = b.get() & 0xFF;
        for (int i = 0; i < options; i++) {
            b.position(b.position() + 1 + (b.get(b.position()) & 0xFF));
            b.position(b.position() + 2 + (b.getShort(b.position()) & 0xFFFF));
        }
        return b.position() + 8; // body length
    }

    /** Rewrites the CRC32C trailer to match the bytes before it. */
    static void reseal(byte[] envelope) {
        CRC32C crc = new CRC32C();
        crc.update(envelope, 0, envelope.length - 4);
        ByteBuffer.wrap(envelope).putInt(envelope.length - 4, (int) crc.getValue());
    }
}
