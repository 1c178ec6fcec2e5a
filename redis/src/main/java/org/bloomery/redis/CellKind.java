package org.bloomery.redis;

import java.util.Set;
import org.bloomery.api.Capability;
import org.bloomery.bloom.BloomKinds;

/**
 * What one cell of a shared filter is: a bit ({@code redis-classic}) or a 4-bit saturating counter
 * ({@code redis-counting}), with the in-process kind whose sizing, probes and snapshot format it
 * shares.
 *
 * <p>Where a cell lives in the Redis string: the in-process kinds number cell {@code i} from the
 * least significant end of 64-bit word {@code i / cellsPerWord}, and write the words big-endian;
 * Redis's {@code BITFIELD} and {@code GETBIT} number bits from the most significant bit of byte 0.
 * {@link #redisOffset} maps one numbering onto the other, so the Redis string holds, byte for byte,
 * the words of the in-process kind's snapshot body: a snapshot is a read of the string and an
 * upload is a write of it.
 */
enum CellKind {
    /** One bit per position, as the {@code classic} kind. */
    BITS(RedisClassicProvider.KIND, BloomKinds.CLASSIC, "bits", 1, 1L << 32,
            "2^32 bits per shard (512 MiB, the largest Redis string)",
            Set.of(Capability.SHARED, Capability.CONCURRENT, Capability.MERGE, Capability.ADD)),
    /** A 4-bit saturating counter per position, as the {@code counting} kind. */
    NIBBLES(RedisCountingProvider.KIND, BloomKinds.COUNTING, "counters", 4, 1L << 30,
            "2^30 counters per shard (512 MiB of 4-bit counters, the largest Redis string)",
            Set.of(Capability.SHARED, Capability.CONCURRENT, Capability.REMOVE, Capability.ADD));

    /** The largest value a counter holds; a counter that reaches it stays there. */
    static final int COUNTER_MAX = 15;

    private final String kind;
    private final String localKind;
    private final String cellsOption;
    private final int bitsPerCell;
    private final long maxCellsPerShard;
    private final String maxCellsMeaning;
    private final Set<Capability> capabilities;

    CellKind(String kind, String localKind, String cellsOption, int bitsPerCell, long maxCellsPerShard,
            String maxCellsMeaning, Set<Capability> capabilities) {
        this.kind = kind;
        this.localKind = localKind;
        this.cellsOption = cellsOption;
        this.bitsPerCell = bitsPerCell;
        this.maxCellsPerShard = maxCellsPerShard;
        this.maxCellsMeaning = maxCellsMeaning;
        this.capabilities = capabilities;
    }

    /** @return the shared kind's name, e.g. {@code "redis-classic"} */
    String kind() {
        return kind;
    }

    /** @return the in-process kind whose envelope snapshots are written in, e.g. {@code "classic"} */
    String localKind() {
        return localKind;
    }

    /** @return the option that sets the number of cells, as the in-process kind names it */
    String cellsOption() {
        return cellsOption;
    }

    /** @return 1 for bits, 4 for counters */
    int bitsPerCell() {
        return bitsPerCell;
    }

    /** @return the most cells one Redis string (one shard) holds */
    long maxCellsPerShard() {
        return maxCellsPerShard;
    }

    /** @return {@link #maxCellsPerShard} in words, for messages */
    String maxCellsMeaning() {
        return maxCellsMeaning;
    }

    /** @return what every filter of the kind can do */
    Set<Capability> capabilities() {
        return capabilities;
    }

    /** @return cells in one 512-bit block of the blocked layout: 512 bits or 128 counters */
    int blockCells() {
        return 512 / bitsPerCell;
    }

    /** @return {@code "u1"} or {@code "u4"}, the BITFIELD type of one cell */
    String fieldType() {
        return this == BITS ? "u1" : "u4";
    }

    /**
     * The BITFIELD bit offset of a cell in its shard's string (see the class comment): bit {@code i}
     * of the {@code classic} kind is Redis bit {@code i ^ 63}, counter {@code i} of the {@code
     * counting} kind is the 4-bit field at Redis bit {@code 4 * (i ^ 15)}.
     *
     * @param cell the cell's index within its shard
     * @return the bit offset of its first (most significant) bit
     */
    long redisOffset(long cell) {
        return this == BITS ? cell ^ 63 : (cell ^ 15) << 2;
    }

    /**
     * The bytes of a shard of {@code cells} cells: a whole number of 64-bit words.
     *
     * @param cells the shard's cells, a multiple of 64
     * @return its size in bytes
     */
    long bytesFor(long cells) {
        return cells * bitsPerCell / 8;
    }
}
