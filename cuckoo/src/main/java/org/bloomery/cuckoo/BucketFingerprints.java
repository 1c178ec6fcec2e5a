package org.bloomery.cuckoo;

import java.io.IOException;
import org.bloomery.api.spi.FilterDataInput;
import org.bloomery.api.spi.FilterDataOutput;
import org.bloomery.api.spi.HeapBudget;

/**
 * The slots of a cuckoo table, {@code bucketSize} per bucket, each holding a fingerprint or 0 for
 * empty, stored as tightly as the width allows: a byte per slot at 8 bits, a short at 16 bits, and
 * packed 64-bit words for every other width. Not thread-safe: the filter's locks guard it. The
 * bucket operations read slot by slot; a layout that can compare a whole bucket at once overrides them.
 */
abstract sealed class BucketFingerprints
        permits ByteBucketFingerprints, ShortBucketFingerprints, PackedBucketFingerprints {
    /** Most slots one table may have: the largest array a JVM reliably allocates. */
    static final int MAX_SLOTS = Integer.MAX_VALUE - 8;

    private final int bucketSize;
    private final int slots;

    BucketFingerprints(int bucketSize, int slots) {
        this.bucketSize = bucketSize;
        this.slots = slots;
    }

    /**
     * An empty table in the layout that suits the width.
     *
     * @param bits fingerprint width, in [4, 32]
     * @param bucketSize slots per bucket
     * @param slots the slot count, a multiple of {@code bucketSize} in [1, {@link #MAX_SLOTS}]
     * @return the table
     * @throws IllegalArgumentException if the table does not fit in the free heap
     */
    static BucketFingerprints allocate(int bits, int bucketSize, int slots) {
        HeapBudget.require(bytes(bits, slots), "a cuckoo table of " + slots + " slots of " + bits + " bits");
        switch (bits) {
            case Byte.SIZE:
                return new ByteBucketFingerprints(bucketSize, new byte[slots]);
            case Short.SIZE:
                return new ShortBucketFingerprints(bucketSize, new short[slots]);
            default:
                return new PackedBucketFingerprints(bits, bucketSize, slots,
                        new long[PackedBucketFingerprints.wordsFor(bits, slots)]);
        }
    }

    /**
     * The bytes of a table's array in the layout that suits the width.
     *
     * @param bits fingerprint width, in [4, 32]
     * @param slots the slot count
     * @return one byte per slot at 8 bits, two at 16, else the packed words' bytes
     */
    static long bytes(int bits, int slots) {
        switch (bits) {
            case Byte.SIZE:
                return slots;
            case Short.SIZE:
                return 2L * slots;
            default:
                return (long) PackedBucketFingerprints.wordsFor(bits, slots) * Long.BYTES;
        }
    }

    /**
     * Reads a table written by {@link #writeTo}, allocating its array once the body and the heap
     * are known to hold it.
     *
     * @param in the body
     * @param bits fingerprint width, already validated
     * @param bucketSize slots per bucket, already validated
     * @param slots the slot count, already validated
     * @return the table
     * @throws IOException if the data ends early or holds bits outside the slots
     */
    static BucketFingerprints readFrom(FilterDataInput in, int bits, int bucketSize, int slots) throws IOException {
        switch (bits) {
            case Byte.SIZE:
                return new ByteBucketFingerprints(bucketSize, in.readBytes(slots));
            case Short.SIZE:
                return new ShortBucketFingerprints(bucketSize, in.readShorts(slots));
            default:
                return PackedBucketFingerprints.readFrom(in, bits, bucketSize, slots);
        }
    }

    /**
     * The fingerprint in a slot.
     *
     * @param slot in [0, slots)
     * @return the fingerprint, 0 if the slot is empty
     */
    abstract int get(int slot);

    /**
     * Stores a fingerprint in a slot.
     *
     * @param slot in [0, slots)
     * @param fingerprint the fingerprint (its low {@code bits} bits), or 0 to empty the slot
     */
    abstract void set(int slot, int fingerprint);

    /** Empties every slot. */
    abstract void clear();

    /**
     * Bits allocated for the slots.
     *
     * @return the size in bits
     */
    abstract long bitSize();

    /**
     * Bytes {@link #writeTo} writes.
     *
     * @return the byte count
     */
    abstract long serializedBytes();

    /**
     * Writes the slots' storage as it is.
     *
     * @param out the body
     * @throws IOException if the stream fails
     */
    abstract void writeTo(FilterDataOutput out) throws IOException;

    /** @return the slot count */
    final int slots() {
        return slots;
    }

    /** @return slots per bucket */
    final int bucketSize() {
        return bucketSize;
    }

    /**
     * Whether a bucket holds the fingerprint.
     *
     * @param bucket the bucket
     * @param fingerprint a non-zero fingerprint
     * @return true if any of its slots holds it
     */
    boolean contains(int bucket, int fingerprint) {
        int first = bucket * bucketSize;
        for (int slot = first; slot < first + bucketSize; slot++) {
            if (get(slot) == fingerprint) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether either of two buckets holds the fingerprint: one call per query, so a filter pays one
     * dynamic dispatch however many layouts the JVM has loaded.
     *
     * @param first a bucket
     * @param second another bucket, or the same
     * @param fingerprint a non-zero fingerprint
     * @return true if any slot of either holds it
     */
    boolean containsEither(int first, int second, int fingerprint) {
        return contains(first, fingerprint) || contains(second, fingerprint);
    }

    /**
     * How many slots of a bucket hold the fingerprint.
     *
     * @param bucket the bucket
     * @param fingerprint a non-zero fingerprint
     * @return the count, in [0, bucketSize]
     */
    int count(int bucket, int fingerprint) {
        int first = bucket * bucketSize;
        int count = 0;
        for (int slot = first; slot < first + bucketSize; slot++) {
            if (get(slot) == fingerprint) {
                count++;
            }
        }
        return count;
    }

    /**
     * Puts the fingerprint in the bucket's first empty slot.
     *
     * @param bucket the bucket
     * @param fingerprint a non-zero fingerprint
     * @return false, with nothing changed, if the bucket is full
     */
    boolean insert(int bucket, int fingerprint) {
        int first = bucket * bucketSize;
        for (int slot = first; slot < first + bucketSize; slot++) {
            if (get(slot) == 0) {
                set(slot, fingerprint);
                return true;
            }
        }
        return false;
    }

    /**
     * Empties one slot of the bucket that holds the fingerprint.
     *
     * @param bucket the bucket
     * @param fingerprint a non-zero fingerprint
     * @return false, with nothing changed, if no slot holds it
     */
    boolean delete(int bucket, int fingerprint) {
        int first = bucket * bucketSize;
        for (int slot = first; slot < first + bucketSize; slot++) {
            if (get(slot) == fingerprint) {
                set(slot, 0);
                return true;
            }
        }
        return false;
    }

    /**
     * Replaces a slot's fingerprint.
     *
     * @param slot in [0, slots)
     * @param fingerprint the new fingerprint
     * @return the fingerprint the slot held before
     */
    final int swap(int slot, int fingerprint) {
        int old = get(slot);
        set(slot, fingerprint);
        return old;
    }

    /**
     * Counts the non-empty slots, for validating serialized data.
     *
     * @return the count
     */
    final long occupied() {
        long count = 0;
        for (int slot = 0; slot < slots; slot++) {
            if (get(slot) != 0) {
                count++;
            }
        }
        return count;
    }
}
