package org.bloomery.cuckoo;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.spi.FilterDataInput;
import org.bloomery.api.spi.FilterDataOutput;

/**
 * Fingerprints of any width from 4 to 32 bits packed back to back in 64-bit words, slot {@code s}
 * at bits {@code [s * bits, (s + 1) * bits)}, little-end first; a slot may straddle two words. The
 * bits past the last slot are always 0.
 */
final class PackedFingerprintTable extends FingerprintTable {
    private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);

    private final int bits;
    private final long mask;
    private final long[] words;

    PackedFingerprintTable(int bits, int bucketSize, int slots, long[] words) {
        super(bucketSize, slots);
        this.bits = bits;
        this.mask = PartialKeyHashing.lowMask(bits);
        this.words = words;
    }

    /**
     * Words needed for {@code slots} slots of {@code bits} bits.
     *
     * @param bits the width, in [1, 32]
     * @param slots the slot count, in [0, {@link #MAX_SLOTS}]
     * @return {@code ceil(slots * bits / 64)}
     */
    static int wordsFor(int bits, int slots) {
        return (int) (((long) slots * bits + Long.SIZE - 1) >>> 6);
    }

    static PackedFingerprintTable readFrom(FilterDataInput in, int bits, int bucketSize, int slots)
            throws IOException {
        long[] words = in.readLongs(wordsFor(bits, slots));
        int usedInLast = (int) ((long) slots * bits & 63);
        if (usedInLast != 0 && words[words.length - 1] >>> usedInLast != 0) {
            throw new InvalidFilterDataException("the cuckoo table's last word has bits set past its "
                    + slots + " slots of " + bits + " bits");
        }
        return new PackedFingerprintTable(bits, bucketSize, slots, words);
    }

    @Override
    int get(int slot) {
        long bit = (long) slot * bits;
        int word = (int) (bit >>> 6);
        int offset = (int) bit & 63;
        long value = words[word] >>> offset;
        if (straddles(offset)) {
            value |= words[word + 1] << (Long.SIZE - offset);
        }
        return (int) (value & mask);
    }

    /**
     * Writes one slot. Buckets of different lock stripes can share a word (a bucket of b·f bits
     * need not end on a word boundary), so each word is updated by compare-and-set of only this
     * slot's bits: a concurrent write to a neighbouring slot under another stripe is never lost.
     */
    @Override
    void set(int slot, int fingerprint) {
        long bit = (long) slot * bits;
        int word = (int) (bit >>> 6);
        int offset = (int) bit & 63;
        long value = fingerprint & mask;
        replaceBits(word, mask << offset, value << offset);
        if (straddles(offset)) {
            int spilled = Long.SIZE - offset;
            replaceBits(word + 1, mask >>> spilled, value >>> spilled);
        }
    }

    /** Sets the bits under {@code field} of one word to {@code value}'s, atomically, keeping the rest. */
    private void replaceBits(int word, long field, long value) {
        long old = words[word];
        while (true) {
            long witness = (long) WORDS.compareAndExchange(words, word, old, (old & ~field) | value);
            if (witness == old) {
                return;
            }
            old = witness;
        }
    }

    /** Whether a slot starting at this bit offset runs on into the next word. */
    private boolean straddles(int offset) {
        return offset + bits > Long.SIZE;
    }

    @Override
    void clear() {
        Arrays.fill(words, 0L);
    }

    @Override
    long bitSize() {
        return (long) words.length * Long.SIZE;
    }

    @Override
    long serializedBytes() {
        return (long) words.length * Long.BYTES;
    }

    @Override
    void writeTo(FilterDataOutput out) throws IOException {
        out.writeLongs(words, 0, words.length);
    }
}
