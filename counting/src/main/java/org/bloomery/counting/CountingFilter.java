package org.bloomery.counting;

import static org.bloomery.counting.CountingProvider.KIND;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import java.util.stream.LongStream;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.spi.AbstractFilter;
import org.bloomery.bloom.BloomLayout;
import org.bloomery.bloom.BloomProbes;
import org.bloomery.bloom.BloomShape;
import org.bloomery.bloom.BulkBuild;
import org.bloomery.bloom.Writers;

/**
 * A counting Bloom filter (kind {@code "counting"}): a Bloom filter whose m positions are 4-bit
 * saturating counters instead of bits, so that items can be removed. It sizes and probes exactly as
 * the classic filter ({@link BloomShape#optimal}, {@link BloomProbes}), so at the same spec its
 * false-positive rate is the classic filter's, at four times the space. At most 2^34 counters
 * (8 GiB). With option {@code layout=blocked} the k counters of an item lie in one block of 128
 * counters (one 64-byte cache line, {@link org.bloomery.bloom.BlockedProbes}), sized by the
 * blocked model as the classic kind's blocked layout, and an add or remove updates each touched
 * word with one compare-and-set.
 *
 * <p>{@link #add} raises the item's k counters by one; a counter at 15 stays at 15. {@link #remove}
 * answers false and changes nothing when any of the k counters is 0 (the item is definitely
 * absent); otherwise it lowers every one of them that is below 15. A counter that reached 15 is
 * <em>saturated</em>: it may stand for more insertions than it can count, so it never goes down,
 * which is what keeps the items sharing it from becoming false negatives. When one probe sequence
 * hits the same counter twice, add raises it twice and remove lowers it twice.
 *
 * <p><b>Remove only items you added.</b> Removing an item that was never added but is a false
 * positive lowers counters that belong to other items and can make them false negatives.
 *
 * <p>Option {@code writers} ({@link Writers}): {@code many} (the default) or {@code single}. With
 * {@code single}, one thread at a time adds, removes, clears or merges, without locked
 * instructions, while any number of threads query; such a filter does not declare {@link
 * Capability#CONCURRENT}, and the next paragraph applies to the default only (see {@link
 * Writers#SINGLE} for what a query racing the one writer sees: each word, and so each counter, whole).
 * Two writers at once can lose counter updates: besides adds lost at once, a lost increment turns
 * items whose add returned into false negatives later, when other items on the same counter are
 * removed, and makes removes of added items answer false; {@link Writers} says exactly what.
 * The option is kept in the spec and the envelope; it does not change the counters, so filters that
 * differ only in it merge.
 *
 * <p><b>Thread safety</b> (with many writers). Every method may be called from many threads without
 * outside locking ({@link Capability#CONCURRENT}). Each counter update is atomic (a compare-and-set of the 64-bit
 * word holding it), so concurrent updates never lose one another, even of neighbouring counters in
 * one word, and the statistics stay exact. An add's k increments are not atomic as a whole: a
 * racing query may see some of an item's counters raised and not yet the others, and answer false
 * for an item whose add has not returned; once an add has returned, every query that happens after
 * it sees the item. Likewise a racing remove's check and its decrements are separate steps, and
 * {@link #clear}, {@link #mergeFrom} and {@link #writeTo} are atomic per word only.
 *
 * @param <T> the item type
 */
public final class CountingFilter<T> extends AbstractFilter<T> {
    /** What a counting filter with many writers (the default) can do; its provider declares the same. */
    static final Set<Capability> CAPABILITIES =
            Collections.unmodifiableSet(EnumSet.of(Capability.CONCURRENT, Capability.REMOVE, Capability.MERGE, Capability.ADD));
    /** What a counting filter with option {@code writers=single} can do: not {@link Capability#CONCURRENT}. */
    static final Set<Capability> SINGLE_WRITER_CAPABILITIES =
            Collections.unmodifiableSet(EnumSet.of(Capability.REMOVE, Capability.MERGE, Capability.ADD));

    private final long m;
    private final int k;
    private final BloomShape shape;
    /** The layout, which picks the probe strategy ({@link CounterProbing}). */
    private final BloomLayout layout;
    private final NibbleArray counters;

    /**
     * A filter over counters already made, as {@link #create} and {@link CountingCodec} make them.
     *
     * @param spec the spec
     * @param hasher maps items to hashes
     * @param shape m, k and the layout, derived from the spec
     * @param counters m counters
     */
    CountingFilter(FilterSpec spec, KeyHasher<? super T> hasher, BloomShape shape, NibbleArray counters) {
        super(KIND, spec, hasher);
        this.shape = shape;
        this.m = shape.cells();
        this.k = shape.hashes();
        this.layout = shape.layout();
        this.counters = counters;
    }

    /**
     * An empty filter: m counters and k probes as the classic filter derives them from the spec's
     * insertions and fpp in the layout of option {@code layout} ({@code standard} or {@code
     * blocked}), unless the options {@code counters} (an integer in [64, 2^34], rounded up to a
     * multiple of 64, or of 128 when blocked) or {@code hashes} (an integer in [1, 64]) set them.
     *
     * @param spec expected insertions, target fpp and options
     * @param hasher maps items to hashes
     * @param <T> the item type
     * @return the filter
     * @throws IllegalArgumentException for an unknown option, a value out of range, or a spec that
     *     needs more than 2^34 counters
     */
    public static <T> CountingFilter<T> create(FilterSpec spec, KeyHasher<? super T> hasher) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(hasher, "hasher");
        BloomShape shape = CountingOptions.shape(spec);
        return new CountingFilter<>(spec, hasher, shape, new NibbleArray(shape.cells(), Writers.of(spec, KIND)));
    }

    /**
     * Builds a filter holding a whole set, given as the items' hashes: the same counters, word for
     * word, and the same counts as {@link #create} followed by {@link #addHash} of each hash, but
     * written with plain writes (the filter is not shared until this returns), whatever the option
     * {@code writers} says; the filter returned then behaves as its spec says. A large set is split
     * over the threads of the fork/join pool the caller runs in, or the calling thread and the common
     * pool: each thread updates its own range of the counters ({@link BulkBuild}). A sequential
     * stream is read in chunks, so it may be of any length; a parallel one is hashed in parallel and
     * its hashes held (8 bytes each) for the build.
     *
     * @param spec as for {@link #create}
     * @param hasher the hasher that produced the hashes
     * @param hashes the hashes, consumed
     * @param <T> the item type
     * @return the filter
     * @throws IllegalArgumentException as {@link #create}, or if a parallel stream's hashes do not fit
     *     in the heap
     */
    public static <T> CountingFilter<T> build(FilterSpec spec, KeyHasher<? super T> hasher, LongStream hashes) {
        Objects.requireNonNull(hashes, "hashes");
        CountingFilter<T> filter = create(spec, hasher);
        BulkBuild.apply(filter.bulkTarget(), hashes,
                "building a counting filter");
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
    public static <T> CountingFilter<T> build(FilterSpec spec, KeyHasher<? super T> hasher, long[] hashes) {
        Objects.requireNonNull(hashes, "hashes");
        CountingFilter<T> filter = create(spec, hasher);
        BulkBuild.apply(filter.bulkTarget(), hashes, 0, hashes.length);
        return filter;
    }

    /** This new filter's array as a {@link BulkBuild} fills it. */
    private BulkBuild.Target bulkTarget() {
        return new CountingBulkTarget(layout, counters, k);
    }

    /**
     * Reads a filter written by {@link #writeTo}.
     *
     * @param in the stream at the start of the envelope; read to its end, not closed
     * @param hasher the hasher the filter was written with
     * @param <T> the item type
     * @return the filter, with its statistics recounted
     * @throws InvalidFilterDataException if the data is not a valid counting filter, or its counter
     *     or probe count does not match its spec
     * @throws IOException if the stream fails
     */
    public static <T> CountingFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        Objects.requireNonNull(hasher, "hasher");
        return CountingCodec.read(in, hasher);
    }

    /**
     * Raises the item's k counters by one each; a counter at 15 stays at 15.
     *
     * @return true if any of the k counters was 0 before
     */
    @Override
    public boolean addHash(long hash) {
        return CounterProbing.increment(layout, counters, hash, k);
    }

    /** @return true if none of the item's k counters is 0 */
    @Override
    public boolean mightContainHash(long hash) {
        return CounterProbing.nonZero(layout, counters, hash, k);
    }

    /** Reads every key's counters without an early exit, so the cache misses of several keys overlap. */
    @Override
    public void mightContainHashes(long[] hashes, int from, int to, boolean[] out) {
        Objects.checkFromToIndex(from, to, hashes.length);
        Objects.checkFromToIndex(from, to, out.length);
        CounterProbing.nonZero(layout, counters, hashes, from, to, k, out);
    }

    /**
     * Lowers the item's k counters by one each, except saturated ones, which stay at 15. Remove only
     * items that were added: removing a false positive can make other items false negatives.
     *
     * @return false, with nothing changed, if any of the k counters is 0; true otherwise
     */
    @Override
    public boolean removeHash(long hash) {
        return CounterProbing.remove(layout, counters, hash, k);
    }

    /**
     * The item's multiplicity estimate: the least of its k counters. Other items may share each
     * counter, so it is an upper bound on the item's adds minus removes (for an item removed no more
     * often than it was added) while below 15; 15 means "15 or more", and 0 means definitely absent.
     *
     * @param item the item, not null
     * @return 0 to 15
     * @throws NullPointerException if {@code item} is null
     */
    public int count(T item) {
        return countHash(hasher.hash(item));
    }

    /**
     * {@link #count} for an item whose hash is already known.
     *
     * @param hash {@code hasher().hash(item)}
     * @return 0 to 15
     */
    public int countHash(long hash) {
        return CounterProbing.minimum(layout, counters, hash, k);
    }

    /** @return counters at 15, which no longer go down; current without a rescan */
    public long saturatedCounters() {
        return counters.saturatedCount();
    }

    /** @return counters that are not 0; current without a rescan */
    public long nonZeroCounters() {
        return counters.nonZeroCount();
    }

    /** @return the number of counters, m */
    public long counters() {
        return m;
    }

    /** @return the number of probes per item, k */
    public int hashes() {
        return k;
    }

    /**
     * Where an item's counters lie, as the spec's option {@code layout} names it.
     *
     * @return {@code "standard"} or {@code "blocked"}
     */
    public String layout() {
        return layout.optionValue();
    }

    /**
     * Whether {@link #mergeFrom} accepts the other filter: same layout, same counters, same hashes
     * and the same hasher id.
     *
     * @param other another counting filter
     * @return true if they can be merged
     */
    public boolean isCompatible(CountingFilter<?> other) {
        return mismatch(other) == null;
    }

    /**
     * Adds every counter of {@code other} into this filter, saturating at 15, so that this filter
     * then holds the items of both. {@code other} is not changed.
     *
     * @param other a compatible filter
     * @throws IllegalArgumentException naming the mismatch if the filters differ in layout, counters,
     *     hashes or hasher id; this filter is then unchanged
     */
    public void mergeFrom(CountingFilter<T> other) {
        String mismatch = mismatch(other);
        if (mismatch != null) {
            throw new IllegalArgumentException("cannot merge counting filters: " + mismatch);
        }
        counters.addAll(other.counters);
    }

    /**
     * {@link #mergeFrom(CountingFilter)} for a filter known only as a {@link MembershipFilter}.
     *
     * @param other a compatible counting filter; it is not changed
     * @throws IllegalArgumentException if {@code other} is not a counting filter, or differs in
     *     counters, hashes or hasher id, naming the difference; this filter is then unchanged
     */
    @Override
    public void mergeFrom(MembershipFilter<T> other) {
        Objects.requireNonNull(other, "other");
        if (!(other instanceof CountingFilter<T> counting)) {
            throw new IllegalArgumentException("cannot merge a filter of kind '" + other.kind()
                    + "' into a counting filter");
        }
        mergeFrom(counting);
    }

    private String mismatch(CountingFilter<?> other) {
        Objects.requireNonNull(other, "other");
        if (other.layout != layout) {
            return "layouts differ (" + layout() + " and " + other.layout() + ")";
        }
        if (other.m != m) {
            return "counters differ (" + m + " and " + other.m + ")";
        }
        if (other.k != k) {
            return "hashes differ (" + k + " and " + other.k + ")";
        }
        if (!other.hasher.id().equals(hasher.id())) {
            return "hasher ids differ ('" + hasher.id() + "' and '" + other.hasher.id() + "')";
        }
        return null;
    }

    /** The layout itself, for the codec: an engine type, so not part of the public API. */
    BloomLayout bloomLayout() {
        return layout;
    }

    /** @return the sum of all counters, by a scan; for tests */
    long counterSum() {
        return counters.sum();
    }

    @Override
    public Set<Capability> capabilities() {
        return counters.writers() == Writers.SINGLE ? SINGLE_WRITER_CAPABILITIES : CAPABILITIES;
    }

    /** @return the estimate from the non-zero counters, as the classic filter's in the same layout */
    @Override
    public long approximateCount() {
        return shape.estimateCount(counters.nonZeroCount());
    }

    /** @return {@code (nonZeroCounters / m)^k}, or the blocked model's fpp at the estimated count */
    @Override
    public double expectedFpp() {
        return shape.fppFromOccupied(counters.nonZeroCount());
    }

    /** @return 4·m */
    @Override
    public long bitSize() {
        return 4 * m;
    }

    /** Sets every counter to 0. Not atomic with respect to concurrent updates. */
    @Override
    public void clear() {
        counters.clear();
    }

    /**
     * Writes the envelope with kind {@code "counting"} and the body m (long), k (int), the layout
     * (byte: 0 standard, 1 blocked) and the m / 16 packed counter words, each big-endian.
     */
    @Override
    public void writeTo(OutputStream out) throws IOException {
        CountingCodec.write(out, this, counters);
    }

    @Override
    protected String describe() {
        return "counters=" + m + ", hashes=" + k + ", layout=" + layout()
                + ", nonZero=" + nonZeroCounters()
                + ", saturated=" + saturatedCounters();
    }
}
