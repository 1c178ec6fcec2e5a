package org.bloomery.api.bloom;

import java.util.OptionalLong;
import java.util.Set;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.spi.SpecOptions;

/**
 * The size of a Bloom-family filter: {@code cells} positions (bits, or counters) and {@code hashes}
 * probes per item. Shared by the classic, counting and scalable kinds so that they size and probe
 * identically. Sizing uses {@link StrictMath}, so every JVM derives the same shape from the same spec
 * (serialized filters are checked against it).
 *
 * @param cells number of positions, a multiple of 64 in [{@value #MIN_CELLS}, 2^37]
 * @param hashes probes per item, in [1, {@value #MAX_HASHES}]
 */
public record BloomShape(long cells, int hashes) {
    /** Fewest positions: one 64-bit word. */
    public static final long MIN_CELLS = 64;
    /** Most positions: 2^37 (as bits, 16 GiB). */
    public static final long MAX_CELLS = 1L << 37;
    /** Most probes per item. */
    public static final int MAX_HASHES = 64;

    /** Option key for an explicit number of probes per item, shared by the Bloom-family kinds. */
    public static final String HASHES_OPTION = "hashes";

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
     * The shape a Bloom-family kind builds for a spec: the {@link #optimal} shape, with option
     * {@code cellsKey} (an explicit m, rounded up to a multiple of 64) and option
     * {@value #HASHES_OPTION} (an explicit k) each replacing its own part. The same rule serves
     * creation and reading, so a filter read back is checked against the shape its spec gives.
     *
     * @param spec the spec
     * @param kind the kind, for messages; its only option keys are {@code cellsKey} and
     *     {@value #HASHES_OPTION}
     * @param cellsKey the option naming m, e.g. {@code "bits"}
     * @param maxCells the kind's largest m, at most {@link #MAX_CELLS}
     * @param maxCellsMeaning what {@code maxCells} means to a user, e.g. "2^37 bits (16 GiB)"
     * @return the shape
     * @throws IllegalArgumentException for an unknown option, a value out of range, or an optimum
     *     above {@code maxCells}, naming the value and the allowed range
     */
    public static BloomShape fromSpec(FilterSpec spec, String kind, String cellsKey, long maxCells, String maxCellsMeaning) {
        SpecOptions options = SpecOptions.of(spec, kind, Set.of(cellsKey, HASHES_OPTION));
        OptionalLong explicit;
        try {
            explicit = options.longValue(cellsKey, MIN_CELLS, maxCells);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + "; the limit is " + maxCellsMeaning, e);
        }
        long cells;
        if (explicit.isPresent()) {
            cells = roundUpToWord(explicit.getAsLong());
        } else {
            double exact = exactCells(spec.expectedInsertions(), spec.fpp());
            if (exact > maxCells) {
                throw new IllegalArgumentException(spec.expectedInsertions() + " insertions at fpp " + spec.fpp()
                        + " need " + (exact < 0x1p62 ? Long.toString((long) exact) : String.format("%.3e", exact))
                        + " " + cellsKey + ", more than kind '" + kind + "' allows: "
                        + maxCellsMeaning + "; lower the insertions or raise the fpp");
            }
            cells = roundUpToWord((long) exact);
        }
        int hashes = (int) options.longValue(HASHES_OPTION, 1, MAX_HASHES).orElseGet(() -> optimalHashes(spec.fpp()));
        return new BloomShape(cells, hashes);
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
     * The theoretical false-positive probability after {@code n} distinct insertions:
     * {@code (1 - e^(-k n / m))^k}.
     *
     * @param n distinct insertions
     * @return the probability
     */
    public double fppAt(long n) {
        return Math.pow(-Math.expm1(-(double) hashes * n / cells), hashes);
    }

    /**
     * The false-positive probability implied by {@code occupied} non-zero positions:
     * {@code (occupied / m)^k}.
     *
     * @param occupied non-zero positions
     * @return the probability
     */
    public double fppFromOccupied(long occupied) {
        // A racing update may leave a live count a little outside [0, m] for a moment.
        return Math.pow(Math.max(0, Math.min(occupied, cells)) / (double) cells, hashes);
    }

    /**
     * The Swamidass–Baldi estimate of distinct insertions from {@code occupied} non-zero positions:
     * {@code round(-(m / k) ln(1 - X / m))}. A full array gives the estimate for one clear position.
     *
     * @param occupied non-zero positions
     * @return the estimate
     */
    public long estimateCount(long occupied) {
        double x = Math.max(0, Math.min(occupied, cells - 1));
        return Math.round(-((double) cells / hashes) * Math.log1p(-x / cells));
    }
}
