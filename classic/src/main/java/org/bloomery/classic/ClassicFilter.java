package org.bloomery.classic;

import static org.bloomery.classic.ClassicProvider.KIND;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collector;
import java.util.stream.LongStream;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.spi.AbstractFilter;
import org.bloomery.bloom.BlockedProbes;
import org.bloomery.bloom.BloomBits;
import org.bloomery.bloom.BloomLayout;
import org.bloomery.bloom.BloomProbes;
import org.bloomery.bloom.BloomShape;
import org.bloomery.bloom.BulkBuild;
import org.bloomery.bloom.ShapeOptions;
import org.bloomery.bloom.Writers;

/**
 * A classic Bloom filter (kind {@code "classic"}): m bits and k probes per item. The probes come
 * from the item's one 64-bit hash by Kirsch–Mitzenmacher double hashing in 64-bit arithmetic and
 * are reduced into [0, m) by multiply-high ({@link BloomProbes}), so the false-positive rate after
 * n distinct items is close to {@code (1 - e^(-kn/m))^k} for every m up to 2^37 bits.
 *
 * <p>Option {@code layout} chooses where the k probes go: {@code standard} (the default) spreads
 * them over the whole array; {@code blocked} keeps them in one 512-bit block, one cache line, chosen
 * from the hash ({@link BlockedProbes}), so a query costs one cache miss at the price of a few more
 * bits per item.
 *
 * <p>Sizing from {@link FilterSpec#of(long, double) FilterSpec.of(n, p)} ({@link BloomShape#fromSpec}):
 * standard, m = ceil(-n ln p / (ln 2)^2) rounded up to a whole 64-bit word, and k = max(1, round(-ln
 * p / ln 2)); blocked, the fewest 512-bit blocks whose blocked-model fpp is at most p, with the k
 * (1, 2, 4 or a multiple of 8) that minimises it. The option {@code bits} sets m by hand (an
 * integer in [64, 2^37], rounded up to a multiple of 64, or of 512 when blocked), {@code
 * bitsPerKey} sizes as LevelDB does (m = n ×
 * bitsPerKey, k = floor(0.69 × bitsPerKey) clamped to [1, 30]; not together with {@code bits}), and
 * {@code hashes} sets k (an integer in [1, 64]); an option left out keeps its formula. Items cannot
 * be removed.
 *
 * <p>Option {@code writers} ({@link Writers}): {@code many} (the default) or {@code single}. With
 * {@code single}, one thread at a time adds, clears, merges or intersects, without locked
 * instructions, while any number of threads query; such a filter does not declare {@link
 * Capability#CONCURRENT}, and the thread-safety paragraph below applies to the default only (see
 * {@link Writers#SINGLE} for what a query racing the one writer sees). Two writers at once can lose
 * bits of adds racing each other, whose items are then false negatives until added again ({@link
 * Writers} says exactly what). The option is kept in the
 * spec and the envelope; it does not change the bits, so filters that differ only in it merge.
 *
 * <p><b>Thread safety</b> (with many writers). Every method may be called from many threads at once
 * without outside locking, and none takes a lock. {@link #add} and {@link #mergeFrom} never lose a concurrent add or
 * merge, because each word changes only by compare-and-set; a merge includes the other filter's
 * concurrent adds or not. {@link #copy} and {@link #writeTo} hold every add that returned before
 * they began; an add racing with them may be included whole, in part or not at all. A query racing an add of the same item may answer
 * either way; once an add has returned (and happened-before the query) the item always tests
 * present. Two operations are not atomic with respect to concurrent adds: during {@link #clear}, an
 * add racing with it may survive whole, vanish, or keep only some of its k bits (so its item may
 * then test absent), and the set-bit count behind {@link #approximateCount()} may be off by the
 * racing bits until the next quiet {@code clear}; during {@link #intersectWith}, an add racing with
 * it may have some of its bits cleared, so its item may test absent. Neither happens without such a
 * race.
 *
 * @param <T> the item type
 */
public final class ClassicFilter<T> extends AbstractFilter<T> {
    /** Option key for an explicit number of bits m; k's key is {@link BloomShape#HASHES_OPTION}. */
    static final String BITS_OPTION = "bits";

    /** The sizing options: {@code bits}, {@code bitsPerKey}, {@code hashes} and {@code layout}. */
    static final ShapeOptions OPTIONS = ShapeOptions.bits(KIND, BITS_OPTION, BloomShape.MAX_CELLS, "2^37 bits (16 GiB)")
            .withBitsPerKey().withWriters();

    /** What a classic filter with many writers (the default) can do; its provider declares the same. */
    static final Set<Capability> CAPABILITIES = Set.of(Capability.CONCURRENT, Capability.MERGE, Capability.ADD);
    /** What a classic filter with option {@code writers=single} can do: not {@link Capability#CONCURRENT}. */
    static final Set<Capability> SINGLE_WRITER_CAPABILITIES = Set.of(Capability.MERGE, Capability.ADD);

    /** {@link #longHash}: the hasher is not a built-in long hasher. */
    private static final int NOT_LONGS = 0;
    /** {@link #longHash}: the hasher is {@link KeyHasher#longs()}. */
    private static final int XXH3 = 1;
    /** {@link #longHash}: the hasher is {@link KeyHasher#longsXxh64()}. */
    private static final int XXH64 = 2;

    private final BloomShape shape;
    private final long m;
    private final int k;
    private final BloomLayout layout;
    /** The bits with their layout's class, chosen once ({@link BloomBits#allocate}). */
    private final BloomBits bits;
    /**
     * Which built-in long hasher this filter has, if any, so that a {@code Long} item is hashed in
     * a few instructions that the compiler inlines into the caller, where escape analysis then
     * removes the caller's box; the hasher's virtual call kept the box alive.
     */
    private final int longHash;

    ClassicFilter(FilterSpec spec, KeyHasher<? super T> hasher, BloomShape shape, BloomBits bits) {
        super(KIND, spec, hasher);
        this.shape = shape;
        this.m = shape.cells();
        this.k = shape.hashes();
        this.layout = shape.layout();
        this.bits = bits;
        this.longHash = hasher == KeyHasher.longs() ? XXH3 : hasher == KeyHasher.longsXxh64() ? XXH64 : NOT_LONGS;
    }

    /**
     * Builds an empty filter.
     *
     * @param spec expected insertions n, target fpp p, and the options {@code bits} and {@code
     *     hashes}
     * @param hasher maps items to hashes
     * @param <T> the item type
     * @return the filter, with m bits and k probes per item as described above
     * @throws IllegalArgumentException for an unknown option or a value out of range, naming it
     *     and the allowed range, or when (n, p) needs more than 2^37 bits (16 GiB)
     */
    public static <T> ClassicFilter<T> create(FilterSpec spec, KeyHasher<? super T> hasher) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(hasher, "hasher");
        return empty(spec, hasher, shapeOf(spec));
    }

    /**
     * Builds a filter holding a whole set, given as the items' hashes: the same bits, word for word,
     * and the same count as {@link #create} followed by {@link #addHash} of each hash, but written
     * with plain writes (the filter is not shared until this returns), whatever the option {@code
     * writers} says; the filter returned then behaves as its spec says. A large set is split over
     * the threads of the fork/join pool the caller runs in, or the calling thread and the common
     * pool: each thread writes its own range of the array ({@link BulkBuild}). A sequential stream is
     * read in chunks, so it may be of any length; a parallel one is hashed in parallel and its
     * hashes held (8 bytes each) for the build.
     *
     * @param spec as for {@link #create}
     * @param hasher the hasher that produced the hashes
     * @param hashes the hashes, consumed
     * @param <T> the item type
     * @return the filter
     * @throws IllegalArgumentException as {@link #create}, or if a parallel stream's hashes do not fit
     *     in the heap
     */
    public static <T> ClassicFilter<T> build(FilterSpec spec, KeyHasher<? super T> hasher, LongStream hashes) {
        Objects.requireNonNull(hashes, "hashes");
        ClassicFilter<T> filter = create(spec, hasher);
        BulkBuild.apply(filter.bulkTarget(), hashes, "building a classic filter");
        return filter;
    }

    /**
     * {@link #build(FilterSpec, KeyHasher, LongStream)} from hashes held in an array, read where it
     * is: each thread reads it whole and writes its own part of the filter.
     *
     * @param spec as for {@link #create}
     * @param hasher the hasher that produced the hashes
     * @param hashes the hashes; not changed
     * @param <T> the item type
     * @return the filter
     * @throws IllegalArgumentException as {@link #create}
     */
    public static <T> ClassicFilter<T> build(FilterSpec spec, KeyHasher<? super T> hasher, long[] hashes) {
        Objects.requireNonNull(hashes, "hashes");
        ClassicFilter<T> filter = create(spec, hasher);
        BulkBuild.apply(filter.bulkTarget(), hashes, 0, hashes.length);
        return filter;
    }

    /** This new filter's array as a {@link BulkBuild} fills it. */
    private BulkBuild.Target bulkTarget() {
        return BulkBuild.bits(bits);
    }

    /**
     * A collector that adds every element to a new filter, like Guava's {@code toBloomFilter}. In a
     * parallel stream each part fills its own filter and the parts are combined by {@link
     * #mergeFrom}, which gives the same bits as a sequential build.
     *
     * @param spec as for {@link #create}; checked when the collector is made
     * @param hasher maps items to hashes
     * @param <T> the item type
     * @return the collector
     * @throws IllegalArgumentException as {@link #create}
     */
    public static <T> Collector<T, ?, ClassicFilter<T>> toFilter(FilterSpec spec, KeyHasher<? super T> hasher) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(hasher, "hasher");
        BloomShape shape = shapeOf(spec);
        return Collector.of(
                () -> empty(spec, hasher, shape),
                ClassicFilter::add,
                ClassicFilter::mergedWith,
                Collector.Characteristics.UNORDERED);
    }

    /**
     * Reads a classic filter written by {@link #writeTo}; {@link org.bloomery.api.Filters#readFrom}
     * does the same for any kind, without the static type.
     *
     * @param in the stream at the start of the envelope; read to its end and not closed
     * @param hasher a hasher with the id the filter was written with
     * @param <T> the item type
     * @return the filter, answering every query as the filter written did
     * @throws InvalidFilterDataException if the data is not a valid classic filter, saying why
     * @throws IOException if the stream fails
     */
    public static <T> ClassicFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        Objects.requireNonNull(hasher, "hasher");
        return ClassicCodec.read(in, hasher);
    }

    /**
     * The shape a spec asks for, the same when a filter is created and when one is read back.
     *
     * @throws IllegalArgumentException for an unknown option, an option out of range, or an optimum
     *     above 2^37 bits, naming the value and the allowed range
     */
    static BloomShape shapeOf(FilterSpec spec) {
        return BloomShape.fromSpec(spec, OPTIONS);
    }

    private static <T> ClassicFilter<T> empty(FilterSpec spec, KeyHasher<? super T> hasher, BloomShape shape) {
        return new ClassicFilter<>(spec, hasher, shape, BloomBits.allocate(shape, Writers.of(spec, KIND)));
    }

    /** With {@link KeyHasher#longs()}, the default long hasher, one compare before the inlined hash. */
    @Override
    public boolean add(T item) {
        if (longHash == XXH3) {
            return bits.add(KeyHasher.hashLong(unbox(item)));
        }
        return bits.add(longHash == XXH64 ? KeyHasher.hashLongXxh64(unbox(item)) : hasher.hash(item));
    }

    /** With {@link KeyHasher#longs()}, the default long hasher, one compare before the inlined hash. */
    @Override
    public boolean mightContain(T item) {
        if (longHash == XXH3) {
            return bits.contains(KeyHasher.hashLong(unbox(item)));
        }
        return bits.contains(longHash == XXH64 ? KeyHasher.hashLongXxh64(unbox(item)) : hasher.hash(item));
    }

    @Override
    public boolean addLong(long key) {
        if (longHash == XXH3) {
            return bits.add(KeyHasher.hashLong(key));
        }
        return longHash == XXH64 ? bits.add(KeyHasher.hashLongXxh64(key)) : super.addLong(key);
    }

    @Override
    public boolean mightContainLong(long key) {
        if (longHash == XXH3) {
            return bits.contains(KeyHasher.hashLong(key));
        }
        return longHash == XXH64 ? bits.contains(KeyHasher.hashLongXxh64(key)) : super.mightContainLong(key);
    }

    /** The item of a filter whose hasher is a built-in long hasher, which takes {@code Long} items only. */
    private static long unbox(Object item) {
        return ((Long) item).longValue();
    }

    @Override
    public boolean addHash(long hash) {
        return bits.add(hash);
    }

    @Override
    public boolean mightContainHash(long hash) {
        return bits.contains(hash);
    }

    /** Tests every key without an early exit, so the cache misses of several keys overlap. */
    @Override
    public void mightContainHashes(long[] hashes, int from, int to, boolean[] out) {
        Objects.checkFromToIndex(from, to, hashes.length);
        Objects.checkFromToIndex(from, to, out.length);
        bits.containsAll(hashes, from, to, out);
    }

    /**
     * Always refuses, and so does {@link #remove} (after checking its item): bits are shared between
     * items, so none can be cleared for one item alone.
     *
     * @throws UnsupportedOperationException always, naming the kinds that can remove
     */
    @Override
    public boolean removeHash(long hash) {
        throw new UnsupportedOperationException("a classic Bloom filter cannot remove items, because its bits"
                + " are shared between items; use kind 'counting' or 'cuckoo' to remove");
    }

    /**
     * Adds every item of another filter to this one (bitwise OR). Afterwards this filter answers
     * true for every item either filter held, exactly as a filter built from both item sets would.
     *
     * @param other a compatible filter (see {@link #isCompatible}); it is not changed
     * @throws IllegalArgumentException if the filters differ in layout, bits m, hashes k or hasher
     *     id, naming the difference; this filter is then unchanged
     */
    public void mergeFrom(ClassicFilter<T> other) {
        requireCompatible(other, "merge");
        bits.orWith(other.bits);
    }

    /**
     * {@link #mergeFrom(ClassicFilter)} for a filter known only as a {@link MembershipFilter}.
     *
     * @param other a compatible classic filter; it is not changed
     * @throws IllegalArgumentException if {@code other} is not a classic filter, or differs in
     *     bits m, hashes k or hasher id, naming the difference; this filter is then unchanged
     */
    @Override
    public void mergeFrom(MembershipFilter<T> other) {
        Objects.requireNonNull(other, "other");
        if (!(other instanceof ClassicFilter<T> classic)) {
            throw new IllegalArgumentException("cannot merge a filter of kind '" + other.kind()
                    + "' into a classic filter");
        }
        mergeFrom(classic);
    }

    /**
     * Keeps only the bits set in both filters (bitwise AND). Afterwards this filter answers true
     * for an item exactly when both filters answered true before, so it holds every item both held,
     * with a false-positive rate no higher than either's.
     *
     * @param other a compatible filter (see {@link #isCompatible}); it is not changed
     * @throws IllegalArgumentException if the filters differ in layout, bits m, hashes k or hasher
     *     id, naming the difference; this filter is then unchanged
     */
    public void intersectWith(ClassicFilter<T> other) {
        requireCompatible(other, "intersect");
        bits.andWith(other.bits);
    }

    /**
     * Whether {@link #mergeFrom} and {@link #intersectWith} accept another filter: same layout,
     * same bits m, same hashes k and a hasher with the same id. The specs may differ.
     *
     * @param other another classic filter
     * @return true if they can be combined
     */
    public boolean isCompatible(ClassicFilter<?> other) {
        return mismatch(other).isEmpty();
    }

    private void requireCompatible(ClassicFilter<?> other, String operation) {
        mismatch(other).ifPresent(difference -> {
            throw new IllegalArgumentException("cannot " + operation + " classic filters that differ in "
                    + difference);
        });
    }

    private Optional<String> mismatch(ClassicFilter<?> other) {
        Objects.requireNonNull(other, "other");
        if (other.layout != layout) {
            return Optional.of("layout (" + layout() + " here, " + other.layout()
                    + " in the other)");
        }
        if (other.m != m) {
            return Optional.of("bits m (" + m + " here, " + other.m + " in the other)");
        }
        if (other.k != k) {
            return Optional.of("hashes k (" + k + " here, " + other.k + " in the other)");
        }
        if (!other.hasher.id().equals(hasher.id())) {
            return Optional.of("hasher id ('" + hasher.id() + "' here, '" + other.hasher.id() + "' in the other)");
        }
        return Optional.empty();
    }

    private ClassicFilter<T> mergedWith(ClassicFilter<T> other) {
        mergeFrom(other);
        return this;
    }

    /**
     * An independent filter with the same spec, hasher and bits; later changes to either do not
     * show in the other.
     *
     * @return the copy
     */
    public ClassicFilter<T> copy() {
        return new ClassicFilter<>(spec, hasher, shape, bits.copy());
    }

    /**
     * The number of probes per item, k.
     *
     * @return k, in [1, 64]
     */
    public int hashes() {
        return k;
    }

    /**
     * Where the probes of a key lie, as the spec's option {@code layout} names it.
     *
     * @return {@code "standard"}, {@code "blocked"}, {@code "sectored"} or {@code "patterned"}
     */
    public String layout() {
        return layout.optionValue();
    }

    /** The layout itself, for the codec: an engine type, so not part of the public API. */
    BloomLayout bloomLayout() {
        return layout;
    }

    @Override
    public Set<Capability> capabilities() {
        return bits.writers() == Writers.SINGLE ? SINGLE_WRITER_CAPABILITIES : CAPABILITIES;
    }

    /**
     * The estimate from the X set bits that inverts the expected fill ({@link
     * BloomShape#estimateCount}): Swamidass–Baldi, {@code round(-(m/k) ln(1 - X/m))}, in the
     * standard layout; X is kept current as bits are set, so this does not scan the array.
     */
    @Override
    public long approximateCount() {
        return shape.estimateCount(occupied());
    }

    /**
     * {@code (X/m)^k} for the X bits set now in the standard layout; the blocked model at the
     * estimated count in the blocked one ({@link BloomShape#fppFromOccupied}).
     */
    @Override
    public double expectedFpp() {
        return shape.fppFromOccupied(occupied());
    }

    private long occupied() {
        // A clear() racing with adds can leave the live count a few bits off (see the class
        // comment); clamping keeps the estimates inside their documented ranges even then.
        return Math.max(0, Math.min(m, bits.cardinality()));
    }

    /** m, the number of bits, a multiple of 64. */
    @Override
    public long bitSize() {
        return m;
    }

    @Override
    public void clear() {
        bits.clear();
    }

    /**
     * Writes the filter in the shared envelope; the body is m, k, the layout, the words and the
     * set-bit count.
     * The words are streamed from the live array, with no copy, and the count is taken from the
     * words as written, so it matches them even while other threads add.
     */
    @Override
    public void writeTo(OutputStream out) throws IOException {
        ClassicCodec.write(out, this, bits);
    }

    @Override
    protected String describe() {
        return "m=" + m + ", k=" + k + ", layout=" + layout() + ", writers="
                + bits.writers().optionValue() + ", approximateCount=" + approximateCount();
    }
}
