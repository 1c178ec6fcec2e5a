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
final class PackedBucketFingerprints extends BucketFingerprints {
    private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);

    private final int bits;
    private final long mask;
    private final long[] words;
    /** Slots compared at once: the most, a power of two dividing the bucket, whose bits fit in a word. */
    private final int chunkSlots;
    private final int lastWord;
    /** The low bit of each slot of a chunk ({@link SwarFields#lowBits}). */
    private final long lows;
    /** The top bit of each slot of a chunk. */
    private final long highs;

    PackedBucketFingerprints(int bits, int bucketSize, int slots, long[] words) {
        super(bucketSize, slots);
        this.bits = bits;
        this.mask = PartialKeyHashing.lowMask(bits);
        this.words = words;
        this.chunkSlots = Math.min(bucketSize, Integer.highestOneBit(Long.SIZE / bits));
        this.lastWord = words.length - 1;
        this.lows = SwarFields.lowBits(bits, chunkSlots);
        this.highs = lows << (bits - 1);
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

    static PackedBucketFingerprints readFrom(FilterDataInput in, int bits, int bucketSize, int slots)
            throws IOException {
        long[] words = in.readLongs(wordsFor(bits, slots));
        int usedInLast = (int) ((long) slots * bits & 63);
        if (usedInLast != 0 && words[words.length - 1] >>> usedInLast != 0) {
            throw new InvalidFilterDataException("the cuckoo table's last word has bits set past its "
                    + slots + " slots of " + bits + " bits");
        }
        return new PackedBucketFingerprints(bits, bucketSize, slots, words);
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

    @Override
    boolean contains(int bucket, int fingerprint) {
        long pattern = broadcast(fingerprint);
        int first = bucket * bucketSize();
        for (int slot = first; slot < first + bucketSize(); slot += chunkSlots) {
            if (SwarFields.zeroFields(chunk(slot) ^ pattern, highs) != 0L) {
                return true;
            }
        }
        return false;
    }

    /** One chunk per bucket, the usual case, compares both buckets without a branch. */
    @Override
    boolean containsEither(int first, int second, int fingerprint) {
        if (chunkSlots != bucketSize()) {
            return contains(first, fingerprint) || contains(second, fingerprint);
        }
        long pattern = broadcast(fingerprint);
        long firstChunk = chunk(first * chunkSlots) ^ pattern;
        long secondChunk = chunk(second * chunkSlots) ^ pattern;
        return (SwarFields.zeroFields(firstChunk, highs) | SwarFields.zeroFields(secondChunk, highs)) != 0L;
    }

    @Override
    int count(int bucket, int fingerprint) {
        long pattern = broadcast(fingerprint);
        int first = bucket * bucketSize();
        int count = 0;
        for (int slot = first; slot < first + bucketSize(); slot += chunkSlots) {
            count += Long.bitCount(SwarFields.zeroFields(chunk(slot) ^ pattern, highs));
        }
        return count;
    }

    @Override
    boolean insert(int bucket, int fingerprint) {
        return replaceFirst(bucket, 0L, fingerprint);
    }

    @Override
    boolean delete(int bucket, int fingerprint) {
        return replaceFirst(bucket, broadcast(fingerprint), 0);
    }

    /** Sets the bucket's first slot holding the pattern's value to {@code value}; false if none holds it. */
    private boolean replaceFirst(int bucket, long pattern, int value) {
        int first = bucket * bucketSize();
        for (int slot = first; slot < first + bucketSize(); slot += chunkSlots) {
            long flags = SwarFields.zeroFields(chunk(slot) ^ pattern, highs);
            if (flags != 0L) {
                set(slot + SwarFields.lowestField(flags, bits), value);
                return true;
            }
        }
        return false;
    }

    /** The fingerprint copied into every slot of a chunk. */
    private long broadcast(int fingerprint) {
        return (fingerprint & mask) * lows;
    }

    /**
     * The {@code chunkSlots} slots from {@code slot} on, at the low end of the result; the bits
     * above them belong to other slots, which {@link SwarFields#zeroFields} ignores. The next word
     * is or-ed in whether or not the chunk runs into it (it lands above the chunk when it does not),
     * which spares a branch that mispredicts often; {@code (w << 1) << (63 - offset)} is 0 at offset
     * 0, where a shift by 64 would be none. The last word rereads itself: no chunk straddles it.
     */
    private long chunk(int slot) {
        long bit = (long) slot * bits;
        int word = (int) (bit >>> 6);
        int offset = (int) bit & 63;
        long next = words[Math.min(word + 1, lastWord)];
        return words[word] >>> offset | (next << 1) << (63 - offset);
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
