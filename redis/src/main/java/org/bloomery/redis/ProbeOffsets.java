package org.bloomery.redis;

import java.nio.ByteBuffer;
import org.bloomery.bloom.BlockedProbes;
import org.bloomery.bloom.BloomProbes;
import org.bloomery.bloom.BloomShape;

/**
 * Where an item's k cells lie in a Redis string, as {@code BITFIELD}/{@code GETBIT} offsets: the
 * in-process kinds' positions ({@link BloomProbes} in the standard layout, {@link BlockedProbes}
 * in the blocked one) mapped by {@link CellKind#redisOffset}. Every Redis kind computes its offsets
 * here, so they follow api's probe scheme wherever it changes.
 */
final class ProbeOffsets {
    private ProbeOffsets() {
    }

    /**
     * The offsets of an item's k cells, in probe order (possibly repeated).
     *
     * @param hash the item's hash
     * @param shape the whole filter's (or layer's) shape
     * @param firstCell the index, in the whole filter, of the string's first cell: 0 for one string,
     *     the shard's first cell for a shard of the blocked layout
     * @param cells bits or counters
     * @param offsets receives the k offsets in {@code [0, k)}
     */
    static void fill(long hash, BloomShape shape, long firstCell, CellKind cells, long[] offsets) {
        int k = shape.hashes();
        long blocks = shape.blocks();
        if (blocks == 0) {
            long m = shape.cells();
            long g = hash;
            long step = BloomProbes.step(hash);
            for (int i = 0; i < k; i++, g += step) {
                offsets[i] = cells.redisOffset(BloomProbes.position(g, m));
            }
            return;
        }
        int blockCells = shape.blockCells();
        long base = BlockedProbes.block(hash, blocks) * blockCells - firstCell;
        for (int i = 0; i < k; i++) {
            offsets[i] = cells.redisOffset(base + BlockedProbes.cell(hash, i, k, blockCells));
        }
    }

    /**
     * Appends an item's k offsets, as {@link #fill} gives them, to a buffer, each a big-endian
     * unsigned 32-bit integer: the packed form the scripts read (one Redis string holds at most
     * 2^32 bits, so every offset fits), far cheaper for the server to take than one argument each.
     *
     * @param hash the item's hash
     * @param shape the whole filter's (or layer's) shape
     * @param firstCell as {@link #fill}
     * @param cells bits or counters
     * @param scratch at least k longs, overwritten
     * @param out receives 4·k bytes
     */
    static void pack(long hash, BloomShape shape, long firstCell, CellKind cells, long[] scratch, ByteBuffer out) {
        fill(hash, shape, firstCell, cells, scratch);
        for (int j = 0; j < shape.hashes(); j++) {
            out.putInt((int) scratch[j]);
        }
    }
}
