package org.bloomery.bloom;

/**
 * The sizing options a Bloom-family kind accepts, for {@link BloomShape#fromSpec(org.bloomery.api.FilterSpec,
 * ShapeOptions)}: besides {@value BloomShape#HASHES_OPTION} and {@value BloomLayout#OPTION}, which
 * every such kind has, the option naming m, optionally {@value BloomShape#BITS_PER_KEY_OPTION}, the
 * largest m, and how many cells make one 512-bit block in the blocked layout.
 *
 * @param kind the kind, for messages
 * @param cellsKey the option naming m, e.g. {@code "bits"}
 * @param maxCells the kind's largest m, at most {@link BloomShape#MAX_CELLS}
 * @param maxCellsMeaning what {@code maxCells} means to a user, e.g. "2^37 bits (16 GiB)"
 * @param blockCells cells per block in the blocked layout: 512 for bits, 128 for 4-bit counters
 * @param bitsPerKey whether the kind accepts {@value BloomShape#BITS_PER_KEY_OPTION}
 * @param writers whether the kind accepts {@value Writers#OPTION} (it reads the option itself, with
 *     {@link Writers#of}; the shape does not depend on it)
 */
public record ShapeOptions(String kind, String cellsKey, long maxCells, String maxCellsMeaning, int blockCells,
        boolean bitsPerKey, boolean writers) {
    /**
     * Validates the components.
     *
     * @throws IllegalArgumentException if {@code maxCells} is out of [64, 2^37] or {@code
     *     blockCells} is not a power of two in [64, 512]
     */
    public ShapeOptions {
        if (maxCells < BloomShape.MIN_CELLS || maxCells > BloomShape.MAX_CELLS) {
            throw new IllegalArgumentException("maxCells must be in [64, 2^37], got " + maxCells);
        }
        if (Integer.bitCount(blockCells) != 1 || blockCells < 64 || blockCells > BlockedProbes.BLOCK_BITS) {
            throw new IllegalArgumentException("blockCells must be a power of two in [64, 512], got " + blockCells);
        }
    }

    /**
     * Options without {@value Writers#OPTION}.
     *
     * @param kind the kind, for messages
     * @param cellsKey the option naming m
     * @param maxCells the kind's largest m
     * @param maxCellsMeaning what {@code maxCells} means to a user
     * @param blockCells cells per block in the blocked layout
     * @param bitsPerKey whether the kind accepts {@value BloomShape#BITS_PER_KEY_OPTION}
     * @throws IllegalArgumentException as the canonical constructor
     */
    public ShapeOptions(String kind, String cellsKey, long maxCells, String maxCellsMeaning, int blockCells,
            boolean bitsPerKey) {
        this(kind, cellsKey, maxCells, maxCellsMeaning, blockCells, bitsPerKey, false);
    }

    /**
     * The options of a kind that stores bits: m named {@code cellsKey}, blocks of 512 bits, no
     * {@value BloomShape#BITS_PER_KEY_OPTION}.
     *
     * @param kind the kind
     * @param cellsKey the option naming m
     * @param maxCells the largest m
     * @param maxCellsMeaning what {@code maxCells} means to a user
     * @return the options
     */
    public static ShapeOptions bits(String kind, String cellsKey, long maxCells, String maxCellsMeaning) {
        return new ShapeOptions(kind, cellsKey, maxCells, maxCellsMeaning, BlockedProbes.BLOCK_BITS, false);
    }

    /**
     * The same options with {@value BloomShape#BITS_PER_KEY_OPTION} accepted.
     *
     * @return the options
     */
    public ShapeOptions withBitsPerKey() {
        return new ShapeOptions(kind, cellsKey, maxCells, maxCellsMeaning, blockCells, true, writers);
    }

    /**
     * The same options with {@value Writers#OPTION} accepted.
     *
     * @return the options
     */
    public ShapeOptions withWriters() {
        return new ShapeOptions(kind, cellsKey, maxCells, maxCellsMeaning, blockCells, bitsPerKey, true);
    }
}
