package org.bloomery.bloom;

import java.util.HashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.spi.Envelope;
import org.bloomery.api.spi.FilterDataOutput;
import org.bloomery.api.spi.SpecOptions;

/**
 * The size of a Bloom-family filter: {@code cells} positions (bits, or counters), {@code hashes}
 * probes per item, and the layout: {@code blockCells} is 0 for the {@link BloomLayout#STANDARD
 * standard} layout and the cells of one 512-bit block for the {@link BloomLayout#BLOCKED blocked}
 * and {@link BloomLayout#SECTORED sectored} and {@link BloomLayout#PATTERNED patterned} ones (the
 * sectored and patterned layouts store bits only, so 512). Shared by the classic, counting and scalable kinds so that they size and probe identically.
 * Sizing uses {@link StrictMath}, so every JVM derives the same shape from the same spec
 * (serialized filters are checked against it).
 *
 * @param cells number of positions, a multiple of 64 (and of {@code blockCells}) in
 *     [{@value #MIN_CELLS}, 2^37]
 * @param hashes probes per item, in [1, {@value #MAX_HASHES}]
 * @param blockCells 0 for the standard layout; else cells per block, a power of two in [64, 512]
 *     (512 in the sectored and patterned layouts)
 * @param layout the layout: {@link BloomLayout#STANDARD} exactly when {@code blockCells} is 0;
 *     with {@link BloomLayout#SECTORED}, {@code hashes} is even and at most 16; with {@link
 *     BloomLayout#PATTERNED}, even and at most 32
 */
public record BloomShape(long cells, int hashes, int blockCells, BloomLayout layout) {
    /**
     * The head of a Bloom-family body ({@code classic}, {@code counting}) before its cells: m (long),
     * k (int), the layout (byte).
     */
    public static final int BODY_HEAD_BYTES = Long.BYTES + Integer.BYTES + Byte.BYTES;
    /**
     * Where a Bloom-family body's cells start in envelope version 3: the head, then zeros to a cache
     * line ({@link FilterDataOutput#alignTo}), so each 512-bit block is one cache line in a mapping.
     */
    public static final int CELLS_OFFSET = BODY_HEAD_BYTES
            + FilterDataOutput.padding(BODY_HEAD_BYTES, Envelope.BODY_ALIGNMENT);

    /** Fewest positions: one 64-bit word. */
    public static final long MIN_CELLS = 64;
    /** Most positions: 2^37 (as bits, 16 GiB). */
    public static final long MAX_CELLS = 1L << 37;
    /** Most probes per item. */
    public static final int MAX_HASHES = 64;

    /** Option key for an explicit number of probes per item, shared by the Bloom-family kinds. */
    public static final String HASHES_OPTION = "hashes";
    /**
     * Option key for LevelDB-style sizing: m = n * bitsPerKey (an integer in [1, 1024]) and k =
     * floor(0.69 * bitsPerKey) clamped to [1, 30]; for the kinds whose {@link ShapeOptions} accept it.
     */
    public static final String BITS_PER_KEY_OPTION = "bitsPerKey";
    /** Largest {@value #BITS_PER_KEY_OPTION}. */
    public static final int MAX_BITS_PER_KEY = 1024;

    private static final double LN2 = StrictMath.log(2);
    private static final double LN2_SQUARED = LN2 * LN2;

    /**
     * Validates the components.
     *
     * @throws IllegalArgumentException if a component is out of range, naming it
     */
    public BloomShape {
        if (cells < MIN_CELLS || cells > MAX_CELLS || cells % 64 != 0) {
            throw new IllegalArgumentException("size must be a multiple of 64 in [" + MIN_CELLS + ", " + MAX_CELLS
                    + "] (2^37 bits is 16 GiB), got " + cells);
        }
        if (hashes < 1 || hashes > MAX_HASHES) {
            throw new IllegalArgumentException("hashes must be in [1, " + MAX_HASHES + "], got " + hashes);
        }
        if (blockCells != 0 && (Integer.bitCount(blockCells) != 1 || blockCells < 64
                || blockCells > BlockedProbes.BLOCK_BITS)) {
            throw new IllegalArgumentException("cells per block must be 0 (standard layout) or a power of two in"
                    + " [64, 512], got " + blockCells);
        }
        if (blockCells != 0 && cells % blockCells != 0) {
            throw new IllegalArgumentException("a blocked size must be a whole number of " + blockCells
                    + "-cell blocks, got " + cells);
        }
        if ((layout == BloomLayout.STANDARD) != (blockCells == 0)) {
            throw new IllegalArgumentException("cells per block must be 0 exactly in the standard layout, got "
                    + blockCells + " in the " + layout.optionValue() + " layout");
        }
        if (twoWords(layout) && (blockCells != BlockedProbes.BLOCK_BITS || !validTwoWordHashes(layout, hashes))) {
            throw new IllegalArgumentException("the " + layout.optionValue() + " layout stores bits in 512-bit blocks"
                    + " with an even number of hashes in [2, " + maxTwoWordHashes(layout) + "], got " + blockCells
                    + " cells per block and "
                    + hashes + " hashes");
        }
    }

    /**
     * A shape of the standard layout (blockCells 0) or the blocked one (blockCells positive).
     *
     * @param cells as the canonical constructor
     * @param hashes as the canonical constructor
     * @param blockCells as the canonical constructor
     * @throws IllegalArgumentException if a component is out of range, naming it
     */
    public BloomShape(long cells, int hashes, int blockCells) {
        this(cells, hashes, blockCells, blockCells == 0 ? BloomLayout.STANDARD : BloomLayout.BLOCKED);
    }

    /**
     * A shape of the standard layout.
     *
     * @param cells as the canonical constructor
     * @param hashes as the canonical constructor
     * @throws IllegalArgumentException if a component is out of range, naming it
     */
    public BloomShape(long cells, int hashes) {
        this(cells, hashes, 0);
    }

    /**
     * The number of blocks in the blocked, sectored or patterned layout.
     *
     * @return {@code cells / blockCells}, or 0 in the standard layout
     */
    public long blocks() {
        return blockCells == 0 ? 0 : cells / blockCells;
    }

    /**
     * The classic optimum for {@code n} items at false-positive probability {@code p}:
     * {@code m = ceil(-n ln p / (ln 2)^2)} rounded up to a whole 64-bit word and
     * {@code k = max(1, round(-ln p / ln 2))}.
     *
     * @param n expected insertions, at least 1
     * @param p target false-positive probability, in (0, 1)
     * @return the shape
     * @throws IllegalArgumentException if the optimum needs more than 2^37 positions
     */
    public static BloomShape optimal(long n, double p) {
        return new BloomShape(optimalCells(n, p), optimalHashes(p));
    }

    /**
     * The smallest bit array for {@code n} items at false-positive probability {@code p} in a
     * layout: {@link #optimal} for the standard one; for the blocked one (blocks of 512 bits) the
     * fewest whole blocks, with the k (1, 2, 4 or a multiple of 8) that minimises the blocked model's
     * fpp ({@link BlockedProbes}: the model is exact for those k), whose model fpp is at
     * most p; for the sectored one the fewest whole blocks, with the even k in [2, 16] that minimises
     * the sectored model's fpp ({@link SectoredProbes}), whose model fpp is at most p; for the
     * patterned one the same with its model ({@link PatternedProbes}) and the even k in [2, 32].
     *
     * @param n expected insertions, at least 1
     * @param p target false-positive probability, in (0, 1)
     * @param layout the layout
     * @return the shape
     * @throws IllegalArgumentException if that needs more than 2^37 bits
     */
    public static BloomShape optimal(long n, double p, BloomLayout layout) {
        if (layout == BloomLayout.STANDARD) {
            return optimal(n, p);
        }
        exactCells(n, p);
        if (twoWords(layout)) {
            long blocks = twoWordFewestBlocks(layout, n, p, MAX_CELLS / BlockedProbes.BLOCK_BITS, 0);
            if (blocks < 0) {
                throw new IllegalArgumentException(n + " insertions at fpp " + p + " need more than 2^37 bits (16 GiB)"
                        + " in the " + layout.optionValue() + " layout; lower the insertions or raise the fpp");
            }
            return twoWordShape(layout, n, blocks * BlockedProbes.BLOCK_BITS, OptionalLong.empty());
        }
        long blocks = BlockedModel.fewestBlocks(n, p, BlockedProbes.BLOCK_BITS, MAX_CELLS / BlockedProbes.BLOCK_BITS, 0);
        if (blocks < 0) {
            throw new IllegalArgumentException(n + " insertions at fpp " + p + " need more than 2^37 bits (16 GiB) in"
                    + " the blocked layout; lower the insertions or raise the fpp");
        }
        return new BloomShape(blocks * BlockedProbes.BLOCK_BITS,
                BlockedModel.bestHashes(n, blocks, BlockedProbes.BLOCK_BITS), BlockedProbes.BLOCK_BITS);
    }

    /**
     * The shape a Bloom-family kind of bit arrays builds for a spec: {@link #fromSpec(FilterSpec,
     * ShapeOptions)} with {@link ShapeOptions#bits}.
     *
     * @param spec the spec
     * @param kind the kind, for messages
     * @param cellsKey the option naming m, e.g. {@code "bits"}
     * @param maxCells the kind's largest m, at most {@link #MAX_CELLS}
     * @param maxCellsMeaning what {@code maxCells} means to a user, e.g. "2^37 bits (16 GiB)"
     * @return the shape
     * @throws IllegalArgumentException as {@link #fromSpec(FilterSpec, ShapeOptions)}
     */
    public static BloomShape fromSpec(FilterSpec spec, String kind, String cellsKey, long maxCells, String maxCellsMeaning) {
        return fromSpec(spec, ShapeOptions.bits(kind, cellsKey, maxCells, maxCellsMeaning));
    }

    /**
     * The shape a Bloom-family kind builds for a spec. The options are {@value BloomLayout#OPTION}
     * ({@code standard}, {@code blocked}, or {@code sectored} or {@code patterned} for kinds of bits), the kind's cells key (an explicit m, rounded up to a
     * multiple of 64, or of a block in the blocked layout), {@value #HASHES_OPTION} (an explicit k)
     * and, where the kind accepts it, {@value #BITS_PER_KEY_OPTION} (m = n * bitsPerKey, k =
     * floor(0.69 * bitsPerKey) clamped to [1, 30]; not together with the cells key), and where the
     * kind accepts it {@value Writers#OPTION}, checked here but not part of the shape. Without them:
     * <ul>
     *   <li>standard layout: {@link #optimal(long, double)};
     *   <li>blocked layout: the fewest whole blocks whose blocked-model fpp is at most p, with the k
     *       that minimises that fpp among 1, 2, 4 and the multiples of 8 (with option {@value
     *       #HASHES_OPTION}, the fewest blocks for that k); with an explicit m, the k among those that
     *       minimises the model fpp at that m.
     *   <li>sectored layout: the same with the sectored model and the even k in [2, 16]; with an
     *       explicit m or {@value #BITS_PER_KEY_OPTION}, the k that minimises that model's fpp at that
     *       m; an explicit k must be even and in [2, 16].
     *   <li>patterned layout: as the sectored one, with the patterned model and the even k in [2, 32].
     * </ul>
     * The same rule serves creation and reading, so a filter read back is checked against the shape
     * its spec gives.
     *
     * @param spec the spec
     * @param options the kind's options
     * @return the shape
     * @throws IllegalArgumentException for an unknown option, a value out of range, two options
     *     that cannot be combined, or a size above {@code maxCells}, naming the value and the
     *     allowed range
     */
    public static BloomShape fromSpec(FilterSpec spec, ShapeOptions options) {
        String kind = options.kind();
        String cellsKey = options.cellsKey();
        Set<String> keys = new HashSet<>(List.of(cellsKey, HASHES_OPTION, BloomLayout.OPTION));
        if (options.bitsPerKey()) {
            keys.add(BITS_PER_KEY_OPTION);
        }
        if (options.writers()) {
            keys.add(Writers.OPTION);
        }
        SpecOptions values = SpecOptions.of(spec, kind, keys);
        if (options.writers()) {
            Writers.of(spec, kind);
        }
        BloomLayout layout = BloomLayout.of(spec, kind);
        if (twoWords(layout) && options.blockCells() != BlockedProbes.BLOCK_BITS) {
            throw new IllegalArgumentException("option '" + BloomLayout.OPTION + "' of kind '" + kind + "' must be"
                    + " 'standard' or 'blocked' (the " + layout.optionValue() + " layout stores bits, not counters), got '"
                    + layout.optionValue() + "'");
        }
        int blockCells = layout == BloomLayout.STANDARD ? 0 : options.blockCells();
        long unit = Math.max(MIN_CELLS, blockCells);
        long maxCells = options.maxCells() / unit * unit;
        OptionalLong explicit;
        try {
            explicit = values.longValue(cellsKey, MIN_CELLS, maxCells);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + "; the limit is " + options.maxCellsMeaning(), e);
        }
        OptionalLong bitsPerKey = values.longValue(BITS_PER_KEY_OPTION, 1, MAX_BITS_PER_KEY);
        if (explicit.isPresent() && bitsPerKey.isPresent()) {
            throw new IllegalArgumentException("options '" + cellsKey + "' and '" + BITS_PER_KEY_OPTION + "' of kind '"
                    + kind + "' both set the size; give one, got " + cellsKey + " = " + explicit.getAsLong() + " and "
                    + BITS_PER_KEY_OPTION + " = " + bitsPerKey.getAsLong());
        }
        OptionalLong hashes = values.longValue(HASHES_OPTION, 1, MAX_HASHES);
        if (twoWords(layout) && hashes.isPresent() && !validTwoWordHashes(layout, (int) hashes.getAsLong())) {
            throw new IllegalArgumentException("option '" + HASHES_OPTION + "' of kind '" + kind + "' must be even and in"
                    + " [2, " + maxTwoWordHashes(layout) + "] in the " + layout.optionValue() + " layout (half of them"
                    + " in each of a key's"
                    + " two words), got " + hashes.getAsLong());
        }
        long n = spec.expectedInsertions();
        double p = spec.fpp();
        if (bitsPerKey.isPresent()) {
            double exact = (double) n * bitsPerKey.getAsLong();
            if (exact > maxCells) {
                throw tooLarge(n + " insertions at " + bitsPerKey.getAsLong() + " bits per key need " + format(exact),
                        cellsKey, kind, options.maxCellsMeaning(), "lower the insertions or the bits per key");
            }
            long cells = roundUp((long) exact, unit);
            if (twoWords(layout)) {
                // LevelDB's k is for probes spread over the array; the layout's model picks its own.
                return twoWordShape(layout, n, cells, hashes);
            }
            int k = (int) hashes.orElse(levelDbHashes(bitsPerKey.getAsLong()));
            return new BloomShape(cells, k, blockCells);
        }
        if (explicit.isPresent()) {
            long cells = roundUp(explicit.getAsLong(), unit);
            if (twoWords(layout)) {
                return twoWordShape(layout, n, cells, hashes);
            }
            int k = (int) hashes.orElseGet(() -> blockCells == 0
                    ? optimalHashes(p)
                    : BlockedModel.bestHashes(n, cells / blockCells, blockCells));
            return new BloomShape(cells, k, blockCells);
        }
        double exact = exactCells(n, p);
        if (exact > maxCells) {
            throw tooLarge(n + " insertions at fpp " + p + " need " + format(exact), cellsKey, kind,
                    options.maxCellsMeaning(), "lower the insertions or raise the fpp");
        }
        if (blockCells == 0) {
            return new BloomShape(roundUpToWord((long) exact), (int) hashes.orElse(optimalHashes(p)));
        }
        int fixedHashes = (int) hashes.orElse(0);
        if (twoWords(layout)) {
            long blocks = twoWordFewestBlocks(layout, n, p, maxCells / blockCells, fixedHashes);
            if (blocks < 0) {
                throw tooLarge(n + " insertions at fpp " + p + " in the " + layout.optionValue() + " layout need more",
                        cellsKey, kind, options.maxCellsMeaning(), "lower the insertions or raise the fpp");
            }
            return twoWordShape(layout, n, blocks * blockCells, hashes);
        }
        long blocks = BlockedModel.fewestBlocks(n, p, blockCells, maxCells / blockCells, fixedHashes);
        if (blocks < 0) {
            throw tooLarge(n + " insertions at fpp " + p + " in the blocked layout need more", cellsKey, kind,
                    options.maxCellsMeaning(), "lower the insertions or raise the fpp");
        }
        int k = fixedHashes > 0 ? fixedHashes : BlockedModel.bestHashes(n, blocks, blockCells);
        return new BloomShape(blocks * blockCells, k, blockCells);
    }

    /** Whether a layout puts a key's probes in two words of its block: sectored or patterned. */
    private static boolean twoWords(BloomLayout layout) {
        return layout == BloomLayout.SECTORED || layout == BloomLayout.PATTERNED;
    }

    private static boolean validTwoWordHashes(BloomLayout layout, int k) {
        return layout == BloomLayout.SECTORED ? SectoredModel.validHashes(k) : PatternedModel.validHashes(k);
    }

    private static int maxTwoWordHashes(BloomLayout layout) {
        return layout == BloomLayout.SECTORED ? SectoredModel.MAX_HASHES : PatternedModel.MAX_HASHES;
    }

    private static long twoWordFewestBlocks(BloomLayout layout, long n, double p, long maxBlocks, int hashes) {
        return layout == BloomLayout.SECTORED ? SectoredModel.fewestBlocks(n, p, maxBlocks, hashes)
                : PatternedModel.fewestBlocks(n, p, maxBlocks, hashes);
    }

    /** A sectored or patterned shape of {@code cells} bits: the given k, or the layout model's best for n items. */
    private static BloomShape twoWordShape(BloomLayout layout, long n, long cells, OptionalLong hashes) {
        long blocks = cells / BlockedProbes.BLOCK_BITS;
        int k = (int) hashes.orElseGet(() -> layout == BloomLayout.SECTORED ? SectoredModel.bestHashes(n, blocks)
                : PatternedModel.bestHashes(n, blocks));
        return new BloomShape(cells, k, BlockedProbes.BLOCK_BITS, layout);
    }

    private static IllegalArgumentException tooLarge(String need, String cellsKey, String kind, String limit,
            String advice) {
        return new IllegalArgumentException(need + " " + cellsKey + ", more than kind '" + kind + "' allows: "
                + limit + "; " + advice);
    }

    private static String format(double cells) {
        return cells < 0x1p62 ? Long.toString((long) cells) : String.format("%.3e", cells);
    }

    /**
     * LevelDB's probe count for a bits-per-key budget: {@code floor(0.69 * bitsPerKey)} (0.69 is
     * about ln 2), clamped to [1, 30].
     *
     * @param bitsPerKey bits per key, at least 1
     * @return k
     */
    static int levelDbHashes(long bitsPerKey) {
        return (int) Math.max(1, Math.min(30, bitsPerKey * 69 / 100));
    }

    private static long roundUp(long cells, long unit) {
        return Math.max(unit, (cells + unit - 1) / unit * unit);
    }

    /**
     * {@code ceil(-n ln p / (ln 2)^2)} rounded up to a multiple of 64.
     *
     * @param n expected insertions, at least 1
     * @param p target false-positive probability, in (0, 1)
     * @return the number of positions
     * @throws IllegalArgumentException if that exceeds 2^37
     */
    public static long optimalCells(long n, double p) {
        double exact = exactCells(n, p);
        if (exact > MAX_CELLS) {
            throw new IllegalArgumentException(n + " insertions at fpp " + p + " need " + (long) exact
                    + " bits, more than the limit of 2^37 bits (16 GiB); lower the insertions or raise the fpp");
        }
        return roundUpToWord((long) exact);
    }

    /**
     * {@code max(1, round(-ln p / ln 2))}, capped at {@value #MAX_HASHES}.
     *
     * @param p target false-positive probability, in (0, 1)
     * @return the number of probes
     */
    public static int optimalHashes(double p) {
        return (int) Math.min(MAX_HASHES, idealHashes(p));
    }

    /**
     * {@code max(1, round(-ln p / ln 2))} without the cap: a caller that must not exceed its error
     * budget refuses a p whose ideal k is above {@value #MAX_HASHES} instead of building it.
     *
     * @param p target false-positive probability, in (0, 1)
     * @return the ideal number of probes
     */
    public static long idealHashes(double p) {
        return Math.max(1, Math.round(-StrictMath.log(p) / LN2));
    }

    private static double exactCells(long n, double p) {
        if (n < 1) {
            throw new IllegalArgumentException("expected insertions must be at least 1, got " + n);
        }
        if (!(p > 0 && p < 1)) {
            throw new IllegalArgumentException("fpp must be in the open range (0, 1), got " + p);
        }
        return Math.ceil(-n * StrictMath.log(p) / LN2_SQUARED);
    }

    /**
     * The smallest multiple of 64 at least {@code cells}, and at least 64.
     *
     * @param cells a positive count
     * @return the rounded count
     */
    public static long roundUpToWord(long cells) {
        return Math.max(MIN_CELLS, (cells + 63) & ~63L);
    }

    /**
     * The theoretical false-positive probability after {@code n} distinct insertions: {@code (1 -
     * e^(-k n / m))^k} in the standard layout; the blocked, sectored or patterned model (binomial sum over the items per
     * block) in the blocked one.
     *
     * @param n distinct insertions
     * @return the probability
     */
    public double fppAt(long n) {
        if (layout == BloomLayout.SECTORED) {
            return SectoredModel.fpp(n, blocks(), hashes);
        }
        if (layout == BloomLayout.PATTERNED) {
            return PatternedModel.fpp(n, blocks(), hashes);
        }
        if (blockCells != 0) {
            return BlockedModel.fpp(n, blocks(), blockCells, hashes);
        }
        return Math.pow(-Math.expm1(-(double) hashes * n / cells), hashes);
    }

    /**
     * The false-positive probability implied by {@code occupied} non-zero positions: {@code
     * (occupied / m)^k} in the standard layout; in the block layouts, where full and empty blocks
     * differ, the model fpp at {@link #estimateCount} items.
     *
     * @param occupied non-zero positions
     * @return the probability
     */
    public double fppFromOccupied(long occupied) {
        if (blockCells != 0) {
            return occupied >= cells ? 1.0 : fppAt(estimateCount(occupied));
        }
        // A racing update may leave a live count a little outside [0, m] for a moment.
        return Math.pow(Math.max(0, Math.min(occupied, cells)) / (double) cells, hashes);
    }

    /**
     * The estimate of distinct insertions from {@code occupied} non-zero positions X, inverting the
     * expected fill. Standard layout (Swamidass–Baldi): {@code round(-(m / k) ln(1 - X / m))};
     * blocked and sectored: {@code round(u ln(1 - X / m) / ((1 - 1/c)^q - 1))} for u units of words with c cells,
     * patterned: {@code round(4b ln(1 - X / m) / ln(1 - k / 128))} (k / 2 distinct bits in a word),
     * each item putting q probes into each word of its unit ({@link BlockedProbes}). A full
     * array gives the estimate for one clear position.
     *
     * @param occupied non-zero positions
     * @return the estimate
     */
    public long estimateCount(long occupied) {
        double x = Math.max(0, Math.min(occupied, cells - 1));
        if (layout == BloomLayout.SECTORED) {
            return Math.round(SectoredModel.estimateCount(x, cells, hashes));
        }
        if (layout == BloomLayout.PATTERNED) {
            return Math.round(PatternedModel.estimateCount(x, cells, hashes));
        }
        if (blockCells != 0) {
            return Math.round(BlockedModel.estimateCount(x, cells, blockCells, hashes));
        }
        return Math.round(-((double) cells / hashes) * Math.log1p(-x / cells));
    }
}
