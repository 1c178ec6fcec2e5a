package org.bloomery.redis;

import org.bloomery.bloom.BloomShape;
import org.bloomery.bloom.BlockedProbes;

/**
 * How a filter's cells are split over its shards. In the blocked layout ({@link BlockedProbes}) an
 * item's k cells lie in one 512-bit block, so a shard is a contiguous range of whole blocks: shard
 * {@code s} of {@code S} holds blocks {@code [floor(s·b/S), floor((s+1)·b/S))} of the b blocks, and
 * an item goes to the shard holding its block. Concatenated in order, the shards are exactly the
 * in-process blocked filter's cells. The standard layout's probes span the whole array, so it has
 * one shard.
 *
 * @param shape the filter's shape
 * @param shards the number of shards, 1 in the standard layout, at most the number of blocks
 */
record Sharding(BloomShape shape, int shards) {
    /**
     * The shard holding a block.
     *
     * @param block a block index in [0, blocks)
     * @return the shard index
     */
    int shardOfBlock(long block) {
        long blocks = shape.blocks();
        // The estimate is at most one too low or too high; step to the shard whose range holds it.
        int s = (int) Math.min(shards - 1, block * shards / blocks);
        while (s + 1 < shards && firstBlock(s + 1) <= block) {
            s++;
        }
        while (firstBlock(s) > block) {
            s--;
        }
        return s;
    }

    /**
     * The first block of a shard.
     *
     * @param shard a shard index in [0, shards]; {@code shards} gives the end of the last
     * @return the block index
     */
    long firstBlock(int shard) {
        return shape.blocks() * shard / shards;
    }

    /**
     * The index of a shard's first cell in the whole filter.
     *
     * @param shard a shard index
     * @return 0 in the standard layout; else its first block times the cells per block
     */
    long firstCell(int shard) {
        return shards == 1 ? 0 : firstBlock(shard) * shape.blockCells();
    }

    /**
     * The cells of one shard.
     *
     * @param shard a shard index
     * @return m in the standard layout; else its blocks times the cells per block
     */
    long cells(int shard) {
        return shards == 1 ? shape.cells() : (firstBlock(shard + 1) - firstBlock(shard)) * shape.blockCells();
    }

    /**
     * The most cells any one shard holds.
     *
     * @return the largest {@link #cells}
     */
    long largestShardCells() {
        if (shards == 1) {
            return shape.cells();
        }
        long blocks = shape.blocks();
        return (blocks + shards - 1) / shards * shape.blockCells();
    }
}
