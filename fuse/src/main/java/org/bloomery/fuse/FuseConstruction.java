package org.bloomery.fuse;

import java.util.Arrays;
import org.bloomery.api.internal.SeededMix;

/**
 * Builds a binary fuse filter's slots from a set of hashes by peeling (Graf and Lemire, 2022):
 * every item adds itself to its three (or four) slots (a count and an XOR of item indexes per
 * slot); a slot holding exactly one item identifies that item, which is pushed on a stack and
 * removed from its other slots, possibly leaving them alone in turn. When every item is peeled, the stack is
 * replayed backwards and each item's own slot gets the value that makes the XOR of its slots
 * equal its fingerprint. Time and memory are linear in the number of items.
 *
 * <p>Cache locality, as the paper's implementation does it: the hashes are replaced, in their own
 * array, by the items' mixed hashes, and these are partitioned by the block of the array their first
 * slot falls in (one pass of an in-place radix sort on their high bits, since the first slot grows
 * with the mixed hash). Items are then visited in slot order, so the counting pass sweeps the slots
 * from first to last, and peeling, which follows items to neighbouring slots, stays within a few
 * segments of the array instead of jumping across it.
 *
 * <p>Peeling fails when a set of items share slots so that none is ever alone: always for a
 * duplicate hash, rarely otherwise. After the first failure the hashes are sorted and deduplicated;
 * after any failure the build retries with the next seed, which moves every item (the mixed hashes
 * are turned back into hashes and mixed again). The seed that worked is kept in the filter.
 */
final class FuseConstruction {
    /** The first seed tried; the same set therefore always builds the same filter. */
    static final long FIRST_SEED = 0x6675_7365_626C_6D66L;
    /** Seeds tried before giving up: the chance that distinct hashes fail this often is negligible. */
    static final int MAX_ATTEMPTS = 100;

    private FuseConstruction() {
    }

    /**
     * The outcome of a build.
     *
     * @param items distinct hashes held
     * @param seed the seed that peeled
     * @param layout the slots' layout
     * @param fingerprints the fingerprints
     * @param attempts seeds tried, at least 1
     */
    record Result(int items, long seed, FuseLayout layout, Fingerprints fingerprints, int attempts) {
    }

    /**
     * Builds the slots for a set of hashes.
     *
     * @param hashes the hashes; owned by the build, which overwrites them
     * @param bits fingerprint bits: 8, 16 or 32
     * @param arity slots per item: 3 or 4
     * @param firstSeed the first seed to try
     * @return the filter's parts
     * @throws IllegalArgumentException if there are more than {@link FuseLayout#MAX_ITEMS} hashes
     *     or the heap cannot hold the build (checked before allocating)
     * @throws IllegalStateException if no seed peels within {@link #MAX_ATTEMPTS}
     */
    static Result build(long[] hashes, int bits, int arity, long firstSeed) {
        int items = hashes.length;
        FuseLayout layout = FuseLayout.forItems(items, arity);
        long needed = FuseBuildMemory.bytesFor(items, layout, bits);
        FuseBuildMemory.requireHeap(items, needed);
        int given = items;
        int slots = layout.arrayLength();
        Workspace work = FuseBuildMemory.allocating(items, needed, () -> new Workspace(slots, given));
        boolean deduplicated = false;
        long seed = firstSeed;
        // From here on the array holds mixed hashes: mixed = mix(hash, seed) for the current seed.
        for (int i = 0; i < items; i++) {
            hashes[i] = SeededMix.mix(hashes[i], seed);
        }
        for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
            partitionByBlock(hashes, items, layout);
            if (work.peel(hashes, items, layout)) {
                work.releaseSlots();
                int built = layout.arrayLength();
                Fingerprints fingerprints =
                        FuseBuildMemory.allocating(items, needed, () -> Fingerprints.allocate(bits, built));
                work.assign(hashes, items, layout, fingerprints);
                return new Result(items, seed, layout, fingerprints, attempt);
            }
            if (!deduplicated) {
                deduplicated = true;
                // Mixing is a bijection: equal mixed hashes are exactly the duplicate hashes.
                int distinct = sortAndDeduplicate(hashes);
                if (distinct != items) {
                    items = distinct;
                    layout = FuseLayout.forItems(items, arity);
                    work = work.fitting(layout.arrayLength(), items);
                }
            }
            long next = SeededMix.nextSeed(seed);
            for (int i = 0; i < items; i++) {
                hashes[i] = SeededMix.mix(SeededMix.unmix(hashes[i], seed), next);
            }
            seed = next;
        }
        throw new IllegalStateException("could not build a fuse filter of " + items + " distinct hashes with "
                + MAX_ATTEMPTS + " seeds; please report this set");
    }

    /**
     * Sorts the hashes and moves the distinct ones to the front.
     *
     * @param hashes the hashes
     * @return how many are distinct; {@code hashes[0..result)} holds them in ascending order
     */
    static int sortAndDeduplicate(long[] hashes) {
        if (hashes.length == 0) {
            return 0;
        }
        Arrays.sort(hashes);
        int distinct = 1;
        for (int i = 1; i < hashes.length; i++) {
            if (hashes[i] != hashes[distinct - 1]) {
                hashes[distinct++] = hashes[i];
            }
        }
        return distinct;
    }

    /**
     * The number of high bits of a mixed hash that name its block: enough for at least as many
     * blocks as the segments a first slot can fall in, so that a block spans at most one segment.
     *
     * @param layout the layout
     * @return bits, 0 when there is one segment
     */
    static int blockBits(FuseLayout layout) {
        return 32 - Integer.numberOfLeadingZeros(layout.segmentCount() - 1);
    }

    /**
     * Reorders the first {@code items} mixed hashes so that their blocks ({@link #blockBits} high
     * bits, unsigned) ascend: one in-place pass of an MSD radix sort (American flag sort), which
     * moves every hash at most once. The first slot of an item is its unsigned mixed hash scaled
     * down, so the first slots ascend block by block.
     *
     * @param mixed the mixed hashes
     * @param items how many
     * @param layout the layout they are placed in
     */
    static void partitionByBlock(long[] mixed, int items, FuseLayout layout) {
        int bits = blockBits(layout);
        if (bits == 0) {
            return;
        }
        int shift = 64 - bits;
        int blocks = 1 << bits;
        int[] next = new int[blocks];
        for (int i = 0; i < items; i++) {
            next[(int) (mixed[i] >>> shift)]++;
        }
        int[] end = new int[blocks];
        int sum = 0;
        for (int b = 0; b < blocks; b++) {
            int count = next[b];
            next[b] = sum;
            sum += count;
            end[b] = sum;
        }
        for (int b = 0; b < blocks; b++) {
            while (next[b] < end[b]) {
                long value = mixed[next[b]];
                int home = (int) (value >>> shift);
                // Carry the value to its block, picking up the one displaced there, until one belongs here.
                while (home != b) {
                    long displaced = mixed[next[home]];
                    mixed[next[home]++] = value;
                    value = displaced;
                    home = (int) (value >>> shift);
                }
                mixed[next[b]++] = value;
            }
        }
    }

    /**
     * The peeling arrays, reused across seeds. Slots record the XOR of item indexes (4 bytes), not
     * of 64-bit hashes: an index identifies its item's mixed hash in the array, which is in slot
     * order, so the build needs 9 bytes per slot and 5 per item instead of 13 and 9.
     */
    private static final class Workspace {
        /** Per slot: 4 × the items in it, XOR the positions (0 to 3) they hold it at. */
        private byte[] counts;
        /** Per slot: the XOR of the indexes of the items in it. */
        private int[] indexes;
        /** Slots found holding one item, still to peel. */
        private int[] alone;
        /** Peeled items' indexes, in peeling order. */
        private final int[] stack;
        /** The position (0 to 3) of each peeled item's own slot. */
        private final byte[] positions;

        Workspace(int slots, int items) {
            counts = new byte[slots];
            indexes = new int[slots];
            alone = new int[slots];
            stack = new int[items];
            positions = new byte[items];
        }

        Workspace fitting(int slots, int items) {
            return slots <= counts.length && items <= stack.length ? this : new Workspace(slots, items);
        }

        /** @return true if every item was peeled */
        boolean peel(long[] mixed, int items, FuseLayout layout) {
            int slots = layout.arrayLength();
            int segmentLength = layout.segmentLength();
            int startSlots = layout.startSlots();
            Arrays.fill(counts, 0, slots, (byte) 0);
            Arrays.fill(indexes, 0, slots, 0);
            int overflow = 0;
            boolean four = layout.arity() == 4;
            for (int i = 0; i < items; i++) {
                long m = mixed[i];
                int a = FuseLayout.first(m, startSlots);
                int b = FuseLayout.second(m, a, segmentLength);
                int c = FuseLayout.third(m, a, segmentLength);
                counts[a] += 4;
                counts[b] = (byte) ((counts[b] + 4) ^ 1);
                counts[c] = (byte) ((counts[c] + 4) ^ 2);
                // A count wraps to zero at 64 items in one slot (duplicates of one hash do this):
                // remember it, since a wrapped slot could look alone and peel a wrong item.
                overflow |= ((counts[a] & 0xFC) - 1) | ((counts[b] & 0xFC) - 1) | ((counts[c] & 0xFC) - 1);
                indexes[a] ^= i;
                indexes[b] ^= i;
                indexes[c] ^= i;
                if (four) {
                    int d = FuseLayout.fourth(m, a, segmentLength);
                    counts[d] = (byte) ((counts[d] + 4) ^ 3);
                    overflow |= (counts[d] & 0xFC) - 1;
                    indexes[d] ^= i;
                }
            }
            if (overflow < 0) {
                return false;
            }
            int queued = 0;
            for (int s = 0; s < slots; s++) {
                if ((counts[s] & 0xFC) == 4) {
                    alone[queued++] = s;
                }
            }
            int peeled = 0;
            while (queued > 0) {
                int s = alone[--queued];
                if ((counts[s] & 0xFC) != 4) {
                    continue; // emptied since it was queued
                }
                int item = indexes[s];
                stack[peeled] = item;
                positions[peeled] = (byte) (counts[s] & 3);
                peeled++;
                long m = mixed[item];
                int a = FuseLayout.first(m, startSlots);
                int b = FuseLayout.second(m, a, segmentLength);
                int c = FuseLayout.third(m, a, segmentLength);
                queued = unlink(a, 0, item, queued);
                queued = unlink(b, 1, item, queued);
                queued = unlink(c, 2, item, queued);
                if (four) {
                    queued = unlink(FuseLayout.fourth(m, a, segmentLength), 3, item, queued);
                }
            }
            return peeled == items;
        }

        /** Removes a peeled item from one of its slots, queueing the slot if one item is left. */
        private int unlink(int slot, int position, int item, int queued) {
            counts[slot] = (byte) ((counts[slot] - 4) ^ position);
            indexes[slot] ^= item;
            if ((counts[slot] & 0xFC) == 4) {
                alone[queued++] = slot;
            }
            return queued;
        }

        /** Drops the per-slot peeling arrays, which assigning does not need, before the fingerprints are allocated. */
        void releaseSlots() {
            counts = null;
            indexes = null;
            alone = null;
        }

        /** Replays the stack backwards, giving each item's own slot its value. */
        void assign(long[] mixed, int items, FuseLayout layout, Fingerprints fingerprints) {
            int segmentLength = layout.segmentLength();
            int startSlots = layout.startSlots();
            boolean four = layout.arity() == 4;
            for (int i = items - 1; i >= 0; i--) {
                long m = mixed[stack[i]];
                int a = FuseLayout.first(m, startSlots);
                int b = FuseLayout.second(m, a, segmentLength);
                int c = FuseLayout.third(m, a, segmentLength);
                int d = four ? FuseLayout.fourth(m, a, segmentLength) : a;
                int own = positions[i] == 0 ? a : positions[i] == 1 ? b : positions[i] == 2 ? c : d;
                // The own slot is still zero, so the XOR of all the slots is the XOR of the others.
                fingerprints.set(own,
                        FuseLayout.fingerprint(m) ^ fingerprints.xor(a, b, c) ^ (four ? fingerprints.get(d) : 0));
            }
        }
    }
}
