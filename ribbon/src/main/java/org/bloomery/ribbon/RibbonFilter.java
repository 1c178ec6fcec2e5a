package org.bloomery.ribbon;

import static org.bloomery.ribbon.RibbonProvider.KIND;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Objects;
import java.util.Set;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.spi.AbstractFilter;
import org.bloomery.api.internal.SeededMix;
import org.bloomery.api.spi.SpecOptions;
import org.bloomery.api.internal.StaticRefusal;

/**
 * A Ribbon filter (kind {@code "ribbon"}; Dillinger and Walzer, "Ribbon filter: practically
 * smarter than Bloom", 2021): a static filter, built once from a whole set of items and immutable
 * afterwards, at any fpp from 2^-32 to 1/2. Each item gives a linear equation over GF(2): a window
 * of 64 consecutive rows of a solution matrix, which rows of the window take part (64 coefficient
 * bits), and r result bits. The build solves every item's equation at once; a query XORs the
 * window's participating rows and compares them with the item's result bits, so a present item
 * always matches and an absent one matches with probability 2^-r. It takes about 1.05·r bits per
 * item (r = log2(1/fpp), fractional: some rows get ⌈r⌉ columns and others one fewer): about 7.1
 * bits per item at 1% where a Bloom filter needs 9.6, and 10.6 at 0.1% (14.4). It is made of
 * independent shards of at most 4,096 keys on average, each with the rows its own keys need, so
 * that a build's working memory is one shard's system.
 *
 * <p>The solution is stored so that a query reads one contiguous run of 2·r 64-bit words (112
 * bytes at 1%): two consecutive groups of 64 rows, each holding one word per column; with 8
 * columns (fpp 2^-8) the two groups are two whole cache lines of a large filter. Filters
 * written by earlier versions, with 128-row windows (three groups), are read and answered as they
 * were. The array
 * is sized from the number of distinct items actually given, not the spec's expected insertions.
 * Duplicates (equal hashes) are removed. Build through {@link org.bloomery.api.Filters#build} or
 * {@link #buildFromHashes}; {@link org.bloomery.api.FilterProvider#create} gives the filter of the
 * empty set, which answers false for every item. The kind takes no options.
 *
 * <p><b>Thread safety.</b> Immutable once built: any number of threads may query it at once
 * without locking. {@link #add}, {@link #addHash} and {@link #clear} always throw {@link
 * UnsupportedOperationException}, so it declares {@link Capability#CONCURRENT} but not {@link
 * Capability#ADD}.
 *
 * @param <T> the item type
 */
public final class RibbonFilter<T> extends AbstractFilter<T> {
    /** What every ribbon filter can do: concurrent queries, nothing else. */
    static final Set<Capability> CAPABILITIES = Set.of(Capability.CONCURRENT);
    /** Keys a batch query handles per pass: about the cache misses one core keeps in flight. */
    private static final int BATCH_CHUNK = 16;
    /**
     * Each thread's scratch for one batch chunk: the first and last word of each key's window.
     * Per thread, so that concurrent batches share nothing and no batch allocates.
     */
    private static final ThreadLocal<int[]> WINDOWS = ThreadLocal.withInitial(() -> new int[2 * BATCH_CHUNK]);
    /** Words of a 64-byte cache line. */
    private static final int WORDS_PER_LINE = 8;

    private final int items;
    private final long seed;
    private final byte[] ordinals;
    /** The body's words, word i at index {@link SolutionWords#PAD} + i: on the heap or in a mapped file. */
    private final Solution solution;
    private final int columns;
    private final int upperStartGroup;
    /** log2 of the shards. */
    private final int shardBits;
    /** {@link KeyRow#shardShift} of the shards, computed once for the queries. */
    private final int shardShift;
    /** Body version 3: the layout; null for a filter of an earlier version. */
    private final NarrowLayout narrow;
    /** Body version 3: each shard's first group and the total, as {@link NarrowLayout#firstGroups}. */
    private final int[] firstGroups;
    /** Body version 3: each shard's multiplier ({@link ShardSeeds#multipliers}). */
    private final int[] multipliers;
    /** Body versions 1 and 2: each shard's seed. */
    private final long[] shardSeeds;
    /** Body versions 1 and 2: the layout; null for version 3. */
    private final RibbonLayout wide;
    private final boolean firstVersion;
    private final int starts;
    private final int shardWords;

    private RibbonFilter(FilterSpec spec, KeyHasher<? super T> hasher, int items, long seed, byte[] ordinals,
            Solution solution, NarrowLayout narrow, RibbonLayout wide, boolean firstVersion) {
        super(KIND, spec, hasher);
        this.items = items;
        this.seed = seed;
        this.ordinals = ordinals;
        this.shardSeeds = narrow != null ? null : ShardSeeds.of(seed, ordinals);
        this.solution = solution;
        this.narrow = narrow;
        this.wide = wide;
        this.firstVersion = firstVersion;
        this.columns = narrow != null ? narrow.columns() : wide.columns();
        this.upperStartGroup = narrow != null ? narrow.upperStartGroup() : wide.upperStartGroup();
        this.shardBits = narrow != null ? narrow.shardBits() : wide.shardBits();
        this.shardShift = KeyRow.shardShift(shardBits);
        this.firstGroups = narrow != null ? narrow.firstGroups() : null;
        this.multipliers = narrow != null ? ShardSeeds.multipliers(seed, ordinals) : null;
        this.starts = narrow != null ? 0 : wide.starts();
        this.shardWords = narrow != null ? 0 : wide.shardWords();
    }

    /** A filter of body version 3 from its parts. */
    RibbonFilter(FilterSpec spec, KeyHasher<? super T> hasher, int items, long seed, NarrowLayout layout,
            byte[] ordinals, Solution solution) {
        this(spec, hasher, items, seed, ordinals, solution, layout, null, false);
    }

    /**
     * A filter of body version 1 or 2 from its parts.
     *
     * @param firstVersion whether the solution was built with the first body version's key rows
     *     ({@link KeyRow#firstLow}), as files of that version were; such a layout has one shard
     */
    RibbonFilter(FilterSpec spec, KeyHasher<? super T> hasher, int items, long seed, RibbonLayout layout,
            byte[] ordinals, Solution solution, boolean firstVersion) {
        this(spec, hasher, items, seed, ordinals, solution, null, layout, firstVersion);
    }

    /** A filter from what a build gave. */
    RibbonFilter(FilterSpec spec, KeyHasher<? super T> hasher, RibbonConstruction.Result built) {
        this(spec, hasher, built.items(), built.seed(), built.layout(), built.ordinals(),
                new HeapSolution(built.solution()));
    }

    /**
     * Builds a filter holding the items with these hashes.
     *
     * @param spec the fpp picks the result bits; expected insertions are recorded only
     * @param hasher the hasher that produced the hashes
     * @param hashes {@code hasher.hash(item)} of every item, duplicates allowed; not changed
     * @param <T> the item type
     * @return the filter
     * @throws IllegalArgumentException for an fpp outside [2^-32, 1/2] or any option (naming the
     *     allowed range), more than 2^30 distinct hashes, or a set the heap cannot build (checked
     *     before allocating)
     */
    public static <T> RibbonFilter<T> buildFromHashes(FilterSpec spec, KeyHasher<? super T> hasher, long[] hashes) {
        Objects.requireNonNull(hashes, "hashes");
        return buildOwning(spec, hasher, hashes.clone());
    }

    /** As {@link #buildFromHashes}, reordering the array it is given. */
    static <T> RibbonFilter<T> buildOwning(FilterSpec spec, KeyHasher<? super T> hasher, long[] hashes) {
        return buildOwning(spec, hasher, hashes, RibbonConstruction.FIRST_SEED);
    }

    /** As {@link #buildOwning(FilterSpec, KeyHasher, long[])}, trying {@code firstSeed} first. */
    static <T> RibbonFilter<T> buildOwning(FilterSpec spec, KeyHasher<? super T> hasher, long[] hashes,
            long firstSeed) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(hasher, "hasher");
        return new RibbonFilter<>(spec, hasher, RibbonConstruction.build(hashes, resultBits(spec), firstSeed));
    }

    /**
     * Reads a ribbon filter written by {@link #writeTo}; {@link org.bloomery.api.Filters#readFrom}
     * does the same for any kind, without the static type.
     *
     * @param in the stream at the start of the envelope; read to its end and not closed
     * @param hasher a hasher with the id the filter was written with
     * @param <T> the item type
     * @return the filter, answering every query as the filter written did
     * @throws InvalidFilterDataException if the data is not a valid ribbon filter, saying why
     * @throws IOException if the stream fails
     */
    public static <T> RibbonFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        Objects.requireNonNull(hasher, "hasher");
        return RibbonCodec.read(in, hasher);
    }

    /**
     * The result bits a spec asks for.
     *
     * @param spec the spec
     * @return its result bits
     * @throws IllegalArgumentException for any option, or an fpp outside [2^-32, 1/2]
     */
    static ResultBits resultBits(FilterSpec spec) {
        SpecOptions.of(spec, KIND, Set.of());
        return ResultBits.forFpp(spec.fpp());
    }

    /**
     * Always refuses: a static filter cannot take items after it is built.
     *
     * @throws UnsupportedOperationException always, saying to rebuild
     */
    @Override
    public boolean addHash(long hash) {
        throw StaticRefusal.ofAdd(KIND);
    }

    /** False for every hash when the filter holds no item; otherwise true for every hash it was built from. */
    @Override
    public boolean mightContainHash(long hash) {
        // The empty set answers false: its all-zero solution would match keys whose result bits are 0.
        return items != 0 && matches(hash);
    }

    /**
     * {@inheritDoc}
     *
     * <p>In chunks of 16 keys, three passes: the first locates each key's window (its first and last
     * word, into a per-thread scratch array); the second reads a word of each window's first three
     * cache lines and of its last (every line it spans, up to 25 words) in a loop that does nothing
     * else and branches on nothing it loads, so that the cache misses of the whole chunk overlap; the
     * third computes the parities from the cache.
     */
    @Override
    public void mightContainHashes(long[] hashes, int from, int to, boolean[] out) {
        Objects.checkFromToIndex(from, to, hashes.length);
        Objects.checkFromToIndex(from, to, out.length);
        if (items == 0) {
            Arrays.fill(out, from, to, false);
            return;
        }
        int[] windows = WINDOWS.get();
        Solution words = solution;
        for (int chunk = from; chunk < to; chunk += BATCH_CHUNK) {
            int count = Math.min(BATCH_CHUNK, to - chunk);
            for (int i = 0; i < count; i++) {
                locateWindow(hashes[chunk + i], windows, 2 * i);
            }
            for (int i = 0; i < count; i++) {
                // The answer only keeps the loads from being dead code; the third pass overwrites it.
                int first = windows[2 * i];
                int last = windows[2 * i + 1];
                out[chunk + i] = (words.word(first) ^ words.word(Math.min(first + WORDS_PER_LINE, last))
                        ^ words.word(Math.min(first + 2 * WORDS_PER_LINE, last)) ^ words.word(last)) < 0;
            }
            for (int i = chunk; i < chunk + count; i++) {
                out[i] = matches(hashes[i]);
            }
        }
    }

    /**
     * Writes the first and last word of a key's window (in {@link #solution}, padding included) to
     * {@code windows[at]} and {@code windows[at + 1]}.
     */
    private void locateWindow(long hash, int[] windows, int at) {
        int shard = KeyRow.shard(hash, shardShift);
        if (firstGroups != null) {
            int group = firstGroups[shard] + (narrowStart(shard, hash) >>> 6);
            windows[at] = SolutionWords.PAD + narrow.firstWord(group);
            windows[at + 1] = SolutionWords.PAD + narrow.firstWord(group + 2) - 1;
        } else {
            int group = KeyRow.start(SeededMix.mix(hash, shardSeeds[shard]), starts) / RibbonLayout.GROUP_ROWS;
            int base = SolutionWords.PAD + shard * shardWords;
            windows[at] = base + wide.firstWord(group);
            windows[at + 1] = base + wide.firstWord(group + 3) - 1;
        }
    }

    /** Body version 3: the row of its shard a key's window starts at. */
    private int narrowStart(int shard, long hash) {
        return KeyRow.start(KeyRow.position(hash, shardBits) * multipliers[shard],
                (firstGroups[shard + 1] - firstGroups[shard] - 1) * RibbonLayout.GROUP_ROWS);
    }

    /**
     * Whether a key's equation holds in the solution: in body version 3 its window from its hash
     * and its shard's multiplier, in earlier ones from its hash mixed with its shard's seed.
     */
    private boolean matches(long hash) {
        int shard = KeyRow.shard(hash, shardShift);
        if (firstGroups != null) {
            int start = narrowStart(shard, hash);
            long product = KeyRow.product(hash);
            long coefficients = KeyRow.narrow(product);
            // start / GROUP_ROWS (64) and start % 64, for a start that is never negative
            int offset = start & (RibbonLayout.GROUP_ROWS - 1);
            return holdsNarrow(firstGroups[shard] + (start >>> 6), coefficients << offset,
                    KeyRow.carry(coefficients, offset), KeyRow.result(product));
        }
        long mixed = SeededMix.mix(hash, shardSeeds[shard]);
        int start = KeyRow.start(mixed, starts);
        if (firstVersion) {
            return holds(0, start, KeyRow.firstLow(mixed), KeyRow.firstHigh(mixed), KeyRow.firstResult(mixed));
        }
        long product = KeyRow.product(mixed);
        return holds(shard * shardWords, start, KeyRow.low(product), KeyRow.high(product), KeyRow.result(product));
    }

    /**
     * Whether an equation of body version 3 holds. Its window of 64 rows starts at bit o of group q
     * and covers groups q and q + 1; the coefficients, shifted left by o into two 64-bit words
     * ({@code first} and {@code second}), select the window's rows in each. For each of the c columns of group q,
     * the parity of the selected bits of both words must be that result bit; group q + 1's column
     * j lies c words after group q's, whatever group q + 1's own columns. The first two columns are
     * compared on their own, and most absent keys (three in four) stop there; the others are
     * computed, up to 8 columns straight-line (one case per column count falling through to the
     * next: a loop's set-up costs more than a few columns), beyond in a loop, and compared at once.
     * The method stays small enough for the JIT to inline into the query. The answer is the same as
     * comparing all c.
     */
    @SuppressWarnings("fallthrough") // the cases add the columns above a group's width, in one jump
    private boolean holdsNarrow(int group, long first, long second, int result) {
        // GroupColumns' arrangement, written out: calling it made the JIT compile a longer query.
        int used = group < upperStartGroup ? columns - 1 : columns;
        int a = SolutionWords.PAD + group * columns - Math.min(group, upperStartGroup);
        Solution words = solution;
        int b = a + used;
        int p = column(words, a, b, first, second, 0);
        if (used > 1) {
            p |= column(words, a, b, first, second, 1);
            if (((p ^ result) & 3) != 0) {
                return false; // three absent keys in four stop here
            }
            switch (used) {
                case 8:
                    p |= column(words, a, b, first, second, 7);
                case 7:
                    p |= column(words, a, b, first, second, 6);
                case 6:
                    p |= column(words, a, b, first, second, 5);
                case 5:
                    p |= column(words, a, b, first, second, 4);
                case 4:
                    p |= column(words, a, b, first, second, 3);
                case 3:
                    p |= column(words, a, b, first, second, 2);
                    break;
                default:
                    for (int j = 2; j < used; j++) {
                        p |= column(words, a, b, first, second, j);
                    }
                    break;
            }
        }
        return ((p ^ result) & KeyRow.resultMask(used)) == 0;
    }

    /**
     * Column j of a window across two groups whose column words start at {@code a} and {@code b}:
     * the parity of the rows the shifted coefficients select, at bit j.
     */
    private static int column(Solution words, int a, int b, long first, long second, int j) {
        return (Long.bitCount(words.word(a + j) & first ^ words.word(b + j) & second) & 1) << j;
    }

    /**
     * Whether an equation of body version 1 or 2 holds in a shard's solution. Its window of 128 rows starts at bit {@code
     * offset} of group q and covers groups q, q + 1 and q + 2; the coefficients, shifted left by the
     * offset into three 64-bit words, select the window's rows in each. For each of the c columns of
     * group q, the parity of the selected bits of the three words must be that result bit. The
     * first column that disagrees answers false, so an absent key reads two columns on average; the
     * answer is the same as comparing all c.
     */
    private boolean holds(int base, int start, long low, long high, int result) {
        int group = start >>> 6; // start / GROUP_ROWS (64), for a start that is never negative
        int offset = start & (RibbonLayout.GROUP_ROWS - 1);
        long first = low << offset;
        long second = (high << offset) | KeyRow.carry(low, offset);
        long third = KeyRow.carry(high, offset);
        int used = group < upperStartGroup ? columns - 1 : columns;
        int a = SolutionWords.PAD + base + group * columns - Math.min(group, upperStartGroup);
        // Groups q + 1 and q + 2 follow group q's words: one index and two fixed distances, the result
        // shifted as the index moves (cachegrind counted fewer instructions for this loop than for
        // three indexes and result >>> j).
        int toSecond = used;
        int toThird = used + (group + 1 < upperStartGroup ? columns - 1 : columns);
        Solution words = solution;
        int expected = result;
        for (int k = a, end = a + used; k < end; k++) {
            long selected = (words.word(k) & first) ^ (words.word(k + toSecond) & second) ^ (words.word(k + toThird) & third);
            if (((Long.bitCount(selected) ^ expected) & 1) != 0) {
                return false;
            }
            expected >>>= 1;
        }
        return true;
    }

    @Override
    public Set<Capability> capabilities() {
        return CAPABILITIES;
    }

    /** Exact: the number of distinct hashes the filter was built from. */
    @Override
    public long approximateCount() {
        return items;
    }

    /**
     * For a filter of at least one item, the average over window starts of 2^-c, c the result bits
     * compared there: at most the spec's fpp. 0 for the filter of the empty set, which answers
     * false for every item.
     */
    @Override
    public double expectedFpp() {
        if (items == 0) {
            return 0;
        }
        return narrow != null ? narrow.expectedFpp() : wide.expectedFpp();
    }

    /** The solution's words times 64. */
    @Override
    public long bitSize() {
        return (long) solution.words() * Long.SIZE;
    }

    /**
     * Always refuses: a static filter is immutable.
     *
     * @throws UnsupportedOperationException always
     */
    @Override
    public void clear() {
        throw StaticRefusal.ofClear(KIND);
    }

    /**
     * The result bits compared for most keys: r = ⌈log2(1/fpp)⌉; keys whose window starts before
     * the upper part compare one fewer.
     *
     * @return r, in [1, 32]
     */
    public int resultBits() {
        return columns;
    }

    /**
     * The solution's rows, about 1.05 per item (1.04 in filters written by earlier versions), at
     * least 128.
     *
     * @return the rows, over every shard
     */
    public int rows() {
        // At most 2^30 keys at about 1.1 rows each, grown or not: within an int.
        return narrow != null ? narrow.groups() * RibbonLayout.GROUP_ROWS : (int) wide.slots();
    }

    /** Writes the filter in the shared envelope (FORMAT.md, section {@code ribbon}). */
    @Override
    public void writeTo(OutputStream out) throws IOException {
        RibbonCodec.write(out, this);
    }

    long seed() {
        return seed;
    }

    /** @return the layout of a filter of body version 3, else null */
    NarrowLayout narrowLayout() {
        return narrow;
    }

    /** @return the layout of a filter of body version 1 or 2, else null */
    RibbonLayout wideLayout() {
        return wide;
    }

    /** @return the body's words, word i at index {@link SolutionWords#PAD} + i */
    Solution solution() {
        return solution;
    }

    byte[] ordinals() {
        return ordinals;
    }

    boolean firstVersion() {
        return firstVersion;
    }

    @Override
    protected String describe() {
        if (narrow != null) {
            return "items=" + items + ", resultBits=" + columns + ", window=64, shards=" + narrow.shards() + ", rows="
                    + rows() + ", upperStartGroup=" + upperStartGroup;
        }
        return "items=" + items + ", resultBits=" + columns + ", window=128, shards=" + wide.shards() + ", shardRows="
                + wide.shardSlots() + ", upperStartGroup=" + upperStartGroup;
    }
}
