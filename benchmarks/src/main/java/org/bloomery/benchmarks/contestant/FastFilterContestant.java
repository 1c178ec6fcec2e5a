package org.bloomery.benchmarks.contestant;

import java.util.EnumSet;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Function;
import java.util.function.LongConsumer;
import org.bloomery.api.KeyHasher;
import org.bloomery.classic.ClassicProvider;
import org.bloomery.counting.CountingProvider;
import org.bloomery.cuckoo.CuckooProvider;
import org.bloomery.fuse.FuseProvider;
import org.fastfilter.Filter;
import org.fastfilter.cuckoo.Cuckoo16;
import org.fastfilter.cuckoo.Cuckoo8;
import org.fastfilter.xor.Xor16;
import org.fastfilter.xor.Xor8;
import org.fastfilter.xor.XorFuse8;

/**
 * FastFilter_java's filters (peers of the Bloom family and of cuckoo). They take 64-bit keys and
 * re-hash them; a string key reaches them as Bloomery's own string hash ({@link
 * KeyHasher#hashString}), so their string rows include Bloomery's hashing, not a hash of their own.
 * Their add returns nothing, so {@link #add(long)} answers true. Plain writes: none is safe for
 * concurrent adds. Sizing: {@link FastFilterConstructors}; the cuckoo filters take a capacity only
 * (n / 0.95, as their own {@code construct}), their fpp fixed by the 8- or 16-bit fingerprint. The
 * xor and fuse filters are static ({@link Ability#STATIC}): built by {@code construct(long[])} from the
 * whole set, in the {@code static} workload only.
 */
public final class FastFilterContestant implements Contestant {
    /**
     * Whether the same keys give the same answers: no, every FastFilter filter draws its hash seed from
     * {@code Hash.randomSeed()}, a {@code java.util.Random} seeded by the clock, when it is built.
     */
    private static final boolean REPRODUCIBLE = false;
    /** The load FastFilter's cuckoo {@code construct} sizes for. */
    private static final double CUCKOO_LOAD = 0.95;

    private final Filter filter;
    private final LongConsumer adder;

    private FastFilterContestant(Filter filter, LongConsumer adder) {
        this.filter = filter;
        this.adder = adder;
    }

    private static FastFilterContestant of(Filter filter) {
        return new FastFilterContestant(filter, filter::add);
    }

    private static String described(String classes) {
        return "FastFilter_java " + LibraryVersions.of("fastfilter") + " " + classes
                + " (64-bit keys; string keys as Bloomery's XXH64 string hash)";
    }

    /**
     * The entrant {@code fastfilter-blocked}: {@code BlockedBloom}, every probe of a key in one cache
     * line, sized by bits per key so that its measured fpp is at or below the target.
     *
     * @return the entrant
     */
    public static Entrant blockedBloom() {
        return new Entrant("fastfilter-blocked", ClassicProvider.KIND, Side.PEER, Set.of(), REPRODUCIBLE,
                described("org.fastfilter.bloom.BlockedBloom"),
                (type, n, fpp) -> of(FastFilterConstructors.blockedBloom(n, fpp)));
    }

    /**
     * The entrant {@code fastfilter-blocked-10}: {@code BlockedBloom} with one bit per key fewer than
     * {@link #blockedBloom} (10 at 1%, where it measures about 1.3%): about the bits per key of
     * Bloomery's blocked and sectored layouts at the target, so the two are compared at equal space
     * as well as at equal fpp.
     *
     * @return the entrant
     */
    public static Entrant blockedBloomOneBitLess() {
        return new Entrant("fastfilter-blocked-10", ClassicProvider.KIND, Side.PEER, Set.of(), REPRODUCIBLE,
                described("org.fastfilter.bloom.BlockedBloom, one bit per key below its target sizing"),
                (type, n, fpp) -> of(FastFilterConstructors.blockedBloomOneBitLess(n, fpp)));
    }

    /**
     * The entrant {@code fastfilter-counting}: {@code CountingBloom}, 4-bit counters. It corrupts a
     * neighbouring counter on overflow and underflow (see the benchmarks module's tests).
     *
     * @return the entrant
     */
    public static Entrant countingBloom() {
        return new Entrant("fastfilter-counting", CountingProvider.KIND, Side.PEER, EnumSet.of(Ability.REMOVE), REPRODUCIBLE,
                described("org.fastfilter.bloom.count.CountingBloom"),
                (type, n, fpp) -> of(FastFilterConstructors.countingBloom(n, fpp)));
    }

    /**
     * The entrant {@code fastfilter-succinct-counting}: {@code SuccinctCountingBlockedBloom}, a
     * blocked Bloom filter with succinct counts beside it.
     *
     * @return the entrant
     */
    public static Entrant succinctCountingBlockedBloom() {
        return new Entrant("fastfilter-succinct-counting", CountingProvider.KIND, Side.PEER, EnumSet.of(Ability.REMOVE), REPRODUCIBLE,
                described("org.fastfilter.bloom.count.SuccinctCountingBlockedBloom"),
                (type, n, fpp) -> of(FastFilterConstructors.succinctCountingBlockedBloom(n, fpp)));
    }

    /**
     * The entrant {@code fastfilter-cuckoo8}: {@code Cuckoo8}, 8-bit fingerprints (about 3% fpp
     * whatever the target).
     *
     * @return the entrant
     */
    public static Entrant cuckoo8() {
        return new Entrant("fastfilter-cuckoo8", CuckooProvider.KIND, Side.PEER, Set.of(), REPRODUCIBLE,
                described("org.fastfilter.cuckoo.Cuckoo8"), (type, n, fpp) -> {
                    Cuckoo8 filter = new Cuckoo8(cuckooCapacity(n));
                    return new FastFilterContestant(filter, filter::insert);
                });
    }

    /**
     * The entrant {@code fastfilter-cuckoo16}: {@code Cuckoo16}, 16-bit fingerprints.
     *
     * @return the entrant
     */
    public static Entrant cuckoo16() {
        return new Entrant("fastfilter-cuckoo16", CuckooProvider.KIND, Side.PEER, Set.of(), REPRODUCIBLE,
                described("org.fastfilter.cuckoo.Cuckoo16"), (type, n, fpp) -> {
                    Cuckoo16 filter = new Cuckoo16(cuckooCapacity(n));
                    return new FastFilterContestant(filter, filter::insert);
                });
    }

    /**
     * The entrant {@code fastfilter-xor8}: {@code Xor8}, a static xor filter of 8-bit fingerprints
     * (about 9.84 bits per key, fpp 2^-8).
     *
     * @return the entrant
     */
    public static Entrant xor8() {
        return built("fastfilter-xor8", "org.fastfilter.xor.Xor8", 8, Xor8::construct);
    }

    /**
     * The entrant {@code fastfilter-xorfuse8}: {@code XorFuse8}, the (non-binary) fuse filter of
     * 8-bit fingerprints (fpp 2^-8).
     *
     * @return the entrant
     */
    public static Entrant xorFuse8() {
        return built("fastfilter-xorfuse8", "org.fastfilter.xor.XorFuse8", 8, XorFuse8::construct);
    }

    /**
     * The entrant {@code fastfilter-xor16}: {@code Xor16}, a static xor filter of 16-bit fingerprints
     * (fpp 2^-16).
     *
     * @return the entrant
     */
    public static Entrant xor16() {
        return built("fastfilter-xor16", "org.fastfilter.xor.Xor16", 16, Xor16::construct);
    }

    /**
     * A static FastFilter entrant, family {@code fuse}: it serves the targets its fingerprint width is
     * the narrowest to meet, and builds from the keys as they come (long keys themselves, string keys
     * as Bloomery's string hash), which its {@code construct} may reorder.
     */
    private static Entrant built(String name, String className, int bits, Function<long[], Filter> construct) {
        return new Entrant(name, FuseProvider.KIND, Side.PEER, Set.of(Ability.STATIC), REPRODUCIBLE, described(className),
                (type, n, fpp) -> {
                    throw new UnsupportedOperationException(name + " is static: it is built from the whole set");
                }, Optional.of(SetBuilder.fingerprintBits(bits, (type, keys, fpp) -> of(construct.apply(keys)))));
    }

    /** Room for n keys as FastFilter's own {@code construct} sizes it: capacity n / 0.95. */
    private static int cuckooCapacity(long n) {
        return (int) Math.min(Integer.MAX_VALUE, n / CUCKOO_LOAD);
    }

    @Override
    public boolean add(long key) {
        adder.accept(key);
        return true;
    }

    @Override
    public boolean mightContain(long key) {
        return filter.mayContain(key);
    }

    @Override
    public boolean remove(long key) {
        filter.remove(key);
        return true;
    }

    @Override
    public boolean add(String key) {
        return add(KeyHasher.hashString(key));
    }

    @Override
    public boolean mightContain(String key) {
        return mightContain(KeyHasher.hashString(key));
    }

    @Override
    public boolean remove(String key) {
        return remove(KeyHasher.hashString(key));
    }

    @Override
    public OptionalLong bitSize() {
        return OptionalLong.of(filter.getBitCount());
    }
}
