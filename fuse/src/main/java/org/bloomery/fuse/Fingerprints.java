package org.bloomery.fuse;

import java.io.IOException;
import org.bloomery.api.spi.FilterDataInput;
import org.bloomery.api.spi.FilterDataOutput;

/**
 * The filter's slots: one fingerprint of 8, 16 or 32 bits each, in an array of the matching
 * primitive type, or where they lie in a mapped file. Written once while the filter is built, read
 * only afterwards.
 */
sealed interface Fingerprints permits ByteFingerprints, ShortFingerprints, IntFingerprints, MappedFingerprints {

    /**
     * All-zero fingerprints.
     *
     * @param bits 8, 16 or 32
     * @param slots the number of slots
     * @return the fingerprints
     */
    static Fingerprints allocate(int bits, int slots) {
        switch (bits) {
            case 8:
                return new ByteFingerprints(new byte[slots]);
            case 16:
                return new ShortFingerprints(new short[slots]);
            case 32:
                return new IntFingerprints(new int[slots]);
            default:
                throw new IllegalArgumentException("fingerprint bits must be 8, 16 or 32, got " + bits);
        }
    }

    /**
     * Reads fingerprints written by {@link #writeTo}.
     *
     * @param in the body, positioned at the first slot
     * @param bits 8, 16 or 32, already checked
     * @param slots the number of slots, already checked
     * @return the fingerprints
     * @throws IOException if the body ends first
     */
    static Fingerprints readFrom(FilterDataInput in, int bits, int slots) throws IOException {
        switch (bits) {
            case 8:
                return new ByteFingerprints(in.readBytes(slots));
            case 16:
                return new ShortFingerprints(in.readShorts(slots));
            default:
                return IntFingerprints.readFrom(in, slots);
        }
    }

    /** @return bits per fingerprint: 8, 16 or 32 */
    int bits();

    /** @return the number of slots */
    int slots();

    /**
     * The XOR of three slots, zero-extended to 32 bits.
     *
     * @param a a slot
     * @param b a slot
     * @param c a slot
     * @return the XOR
     */
    int xor(int a, int b, int c);

    /**
     * One slot, zero-extended to 32 bits (the fourth read of a 4-wise filter).
     *
     * @param slot the slot
     * @return its fingerprint
     */
    int get(int slot);

    /**
     * Stores the low {@link #bits()} bits of a value.
     *
     * @param slot the slot
     * @param value the value
     */
    void set(int slot, int value);

    /**
     * Writes every slot, first to last, big-endian.
     *
     * @param out the body
     * @throws IOException if the stream fails
     */
    void writeTo(FilterDataOutput out) throws IOException;
}
