package org.bloomery.fuse;

import static org.bloomery.fuse.FuseProvider.KIND;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
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
 * A binary fuse filter (kind {@code "fuse"}; Graf and Lemire, "Binary Fuse Filters: Fast and
 * Smaller Than Xor Filters", 2022): a static filter, built once from a whole set of items and
 * immutable afterwards. It keeps one f-bit fingerprint per slot in about 1.13 slots per item, so it
 * takes about 1.13·f bits per item for a false-positive probability of 2^-f: 9.0 bits per item at
 * f = 8 (0.39%), where a Bloom filter needs 11.5. A query reads three slots, in three consecutive
 * segments of the array, and compares their XOR with the item's fingerprint.
 *
 * <p>Sizing: the option {@code fingerprintBits} (8, 16 or 32) sets f; by default f is the
 * smallest of them with 2^-f at most the spec's fpp, so an fpp below 2^-32 needs no fewer. The
 * option {@code arity} (3 or 4, default 3) spreads each item over four slots instead of three:
 * about 1.075 instead of 1.125 slots per item at large n (8.6 bits per item at f = 8), for a
 * fourth read per query. The
 * array is sized from the number of distinct items actually given, not the spec's expected
 * insertions. Duplicates (equal hashes) are removed. Build through {@link
 * org.bloomery.api.Filters#build} or {@link #buildFromHashes}; {@link
 * org.bloomery.api.FilterProvider#create} gives the filter of the empty set, which answers false for
 * every item.
 *
 * <p><b>Thread safety.</b> Immutable once built: any number of threads may query it at once
 * without locking. {@link #add}, {@link #addHash} and {@link #clear} always throw {@link
 * UnsupportedOperationException}, so it declares {@link Capability#CONCURRENT} but not {@link
 * Capability#ADD}.
 *
 * @param <T> the item type
 */
public final class FuseFilter<T> extends AbstractFilter<T> {
    /** Option key for the fingerprint width f. */
    static final String FINGERPRINT_BITS_OPTION = "fingerprintBits";
    /** Option key for the slots per item, 3 or 4. */
    static final String ARITY_OPTION = "arity";
    /** What every fuse filter can do: concurrent queries, nothing else. */
    static final Set<Capability> CAPABILITIES = Set.of(Capability.CONCURRENT);

    private final int items;
    private final long seed;
    private final FuseLayout layout;
    private final Fingerprints fingerprints;
    private final int segmentLength;
    private final int startSlots;
    private final int mask;
    private final boolean fourWise;

    FuseFilter(FilterSpec spec, KeyHasher<? super T> hasher, int items, long seed, FuseLayout layout,
            Fingerprints fingerprints) {
        super(KIND, spec, hasher);
        this.items = items;
        this.seed = seed;
        this.layout = layout;
        this.fingerprints = fingerprints;
        this.segmentLength = layout.segmentLength();
        this.startSlots = layout.startSlots();
        this.mask = fingerprints.bits() == 32 ? -1 : (1 << fingerprints.bits()) - 1;
        this.fourWise = layout.arity() == 4;
    }

    /**
     * Builds a filter holding the items with these hashes.
     *
     * @param spec the fpp (or option {@code fingerprintBits}) picks f; expected insertions are
     *     recorded only
     * @param hasher the hasher that produced the hashes
     * @param hashes {@code hasher.hash(item)} of every item, duplicates allowed; not changed
     * @param <T> the item type
     * @return the filter
     * @throws IllegalArgumentException for a bad option or fpp (naming the allowed range), more
     *     than 2^30 distinct hashes, or a set the heap cannot build (checked before allocating)
     */
    public static <T> FuseFilter<T> buildFromHashes(FilterSpec spec, KeyHasher<? super T> hasher, long[] hashes) {
        Objects.requireNonNull(hashes, "hashes");
        return buildOwning(spec, hasher, hashes.clone());
    }

    /** As {@link #buildFromHashes}, sorting and deduplicating the array it is given in place. */
    static <T> FuseFilter<T> buildOwning(FilterSpec spec, KeyHasher<? super T> hasher, long[] hashes) {
        return buildOwning(spec, hasher, hashes, FuseConstruction.FIRST_SEED);
    }

    /** As {@link #buildOwning(FilterSpec, KeyHasher, long[])}, trying {@code firstSeed} first. */
    static <T> FuseFilter<T> buildOwning(FilterSpec spec, KeyHasher<? super T> hasher, long[] hashes,
            long firstSeed) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(hasher, "hasher");
        int bits = fingerprintBits(spec);
        int arity = arity(spec);
        if (hashes.length > FuseLayout.MAX_ITEMS) {
            throw new IllegalArgumentException("a fuse filter holds at most " + FuseLayout.MAX_ITEMS
                    + " distinct items, got " + hashes.length + " hashes");
        }
        FuseConstruction.Result built = FuseConstruction.build(hashes, bits, arity, firstSeed);
        return new FuseFilter<>(spec, hasher, built.items(), built.seed(), built.layout(), built.fingerprints());
    }

    /**
     * Reads a fuse filter written by {@link #writeTo}; {@link org.bloomery.api.Filters#readFrom}
     * does the same for any kind, without the static type.
     *
     * @param in the stream at the start of the envelope; read to its end and not closed
     * @param hasher a hasher with the id the filter was written with
     * @param <T> the item type
     * @return the filter, answering every query as the filter written did
     * @throws InvalidFilterDataException if the data is not a valid fuse filter, saying why
     * @throws IOException if the stream fails
     */
    public static <T> FuseFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        Objects.requireNonNull(hasher, "hasher");
        return FuseCodec.read(in, hasher);
    }

    /**
     * The fingerprint width a spec asks for.
     *
     * @param spec the spec
     * @return 8, 16 or 32
     * @throws IllegalArgumentException for an unknown option, a width other than 8, 16 or 32, or
     *     (without the option) an fpp below 2^-32
     */
    static int fingerprintBits(FilterSpec spec) {
        SpecOptions options = options(spec);
        long chosen = options.longValue(FINGERPRINT_BITS_OPTION, 8, 32, 0);
        if (chosen != 0) {
            if (chosen != 8 && chosen != 16 && chosen != 32) {
                throw new IllegalArgumentException("option '" + FINGERPRINT_BITS_OPTION + "' of kind '" + KIND
                        + "' must be 8, 16 or 32, got '" + spec.options().get(FINGERPRINT_BITS_OPTION) + "'");
            }
            return (int) chosen;
        }
        for (int bits : new int[] {8, 16, 32}) {
            if (Math.scalb(1.0, -bits) <= spec.fpp()) {
                return bits;
            }
        }
        throw new IllegalArgumentException("kind '" + KIND + "' reaches at best fpp 2^-32 (about 2.3e-10) with"
                + " 32-bit fingerprints; fpp must be at least that, got " + spec.fpp());
    }

    /**
     * The slots per item a spec asks for.
     *
     * @param spec the spec
     * @return 3 (the default) or 4
     * @throws IllegalArgumentException for an unknown option or an arity other than 3 or 4
     */
    static int arity(FilterSpec spec) {
        return (int) options(spec).longValue(ARITY_OPTION, 3, 4, FuseLayout.DEFAULT_ARITY);
    }

    private static SpecOptions options(FilterSpec spec) {
        return SpecOptions.of(spec, KIND, Set.of(FINGERPRINT_BITS_OPTION, ARITY_OPTION));
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
        if (items == 0) {
            // The empty set's slots are all zero: without this, a fingerprint of zero would match.
            return false;
        }
        long mixed = SeededMix.mix(hash, seed);
        int a = FuseLayout.first(mixed, startSlots);
        int b = FuseLayout.second(mixed, a, segmentLength);
        int c = FuseLayout.third(mixed, a, segmentLength);
        int xor = fingerprints.xor(a, b, c);
        if (fourWise) {
            xor ^= fingerprints.get(FuseLayout.fourth(mixed, a, segmentLength));
        }
        return ((FuseLayout.fingerprint(mixed) ^ xor) & mask) == 0;
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
     * 2^-f, for f-bit fingerprints, for a filter of at least one item; 0 for the filter of the
     * empty set, which answers false for every item.
     */
    @Override
    public double expectedFpp() {
        return items == 0 ? 0 : Math.scalb(1.0, -fingerprints.bits());
    }

    /** The slots times f. */
    @Override
    public long bitSize() {
        return (long) layout.arrayLength() * fingerprints.bits();
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
     * The slots each item is spread over, and each query reads.
     *
     * @return 3 or 4
     */
    public int arity() {
        return layout.arity();
    }

    /**
     * The fingerprint width f.
     *
     * @return 8, 16 or 32
     */
    public int fingerprintBits() {
        return fingerprints.bits();
    }

    /** Writes the filter in the shared envelope (FORMAT.md, section {@code fuse}). */
    @Override
    public void writeTo(OutputStream out) throws IOException {
        FuseCodec.write(out, this);
    }

    long seed() {
        return seed;
    }

    FuseLayout layout() {
        return layout;
    }

    Fingerprints fingerprints() {
        return fingerprints;
    }

    @Override
    protected String describe() {
        return "items=" + items + ", fingerprintBits=" + fingerprints.bits() + ", arity=" + layout.arity()
                + ", slots=" + layout.arrayLength();
    }
}
