package org.bloomery.api.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterProvider;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.spi.Envelope;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The read contract every {@link MembershipFilter} kind must pass: discovery, capabilities,
 * queries, batches, building from a set, the binary format and its damage. A static kind (one built
 * whole from a set, without {@link Capability#ADD}) extends it with one line naming its kind; a kind
 * that adds after construction extends {@link MutableFilterContract}, which adds the write
 * contract. Every filter here is made through {@link Filters}, so the test also proves the provider
 * is found by ServiceLoader. Keys are seeded ({@link TestKeys}), so a failure reproduces.
 */
public abstract class MembershipFilterContract {
    /** Items inserted by the capacity tests: at least 100,000, as the contract requires. */
    protected static final int N = 100_000;
    /** The measured fpp at capacity may exceed the spec's by at most this factor. */
    protected static final double FPP_TOLERANCE = 1.15;
    /** Seed of every key set used here. */
    protected static final long SEED = 0x5EED_B100L;

    /**
     * The kind under test.
     *
     * @return its name, as registered with {@link Filters}
     */
    protected abstract String kind();

    /**
     * The spec the kit builds filters from; override to add options the kind needs.
     *
     * @param expectedInsertions expected insertions
     * @param fpp target false-positive probability
     * @return the spec
     */
    protected FilterSpec spec(long expectedInsertions, double fpp) {
        return FilterSpec.of(expectedInsertions, fpp);
    }

    /** Target fpps of the capacity tests. */
    protected static Stream<Double> fpps() {
        return Stream.of(0.01, 0.001);
    }

    <T> MembershipFilter<T> create(long n, double fpp, KeyHasher<? super T> hasher) {
        return Filters.create(kind(), spec(n, fpp), hasher);
    }

    /**
     * The Bloom family's writers option ({@code Writers.OPTION} of bloomery-bloom), named here by its
     * value because the kit is built before that module: {@code single} or {@code many}.
     */
    static final String WRITERS_OPTION = "writers";

    boolean addsAfterConstruction() {
        return Filters.provider(kind()).orElseThrow().capabilities().contains(Capability.ADD);
    }

    <T> MembershipFilter<T> build(long n, double fpp, KeyHasher<? super T> hasher, Iterable<? extends T> items) {
        return served(Filters.build(kind(), spec(n, fpp), hasher, items));
    }

    /**
     * The filter the kit queries, given one it built from a set: that filter, unless a subclass
     * tests filters served another way, such as mapped from a file ({@link
     * MappedFilterContract#mapped}), which must answer and describe themselves as the built one.
     *
     * @param built the filter as built
     * @param <T> the item type
     * @return the filter to test
     */
    protected <T> MembershipFilter<T> served(MembershipFilter<T> built) {
        return built;
    }

    /** The present long keys {@code from} to {@code from + count - 1}. */
    static List<Long> presentLongs(int from, int count) {
        List<Long> keys = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            keys.add(TestKeys.presentLong(SEED, from + i));
        }
        return keys;
    }

    /**
     * Present string keys {@code [0, count)} of {@link #SEED}; the first {@code repeated} of them
     * are listed a second time, right after their first listing.
     */
    static List<String> presentStrings(int count, int repeated) {
        List<String> keys = new ArrayList<>(count + repeated);
        for (int i = 0; i < count; i++) {
            keys.add(TestKeys.string(TestKeys.presentLong(SEED, i)));
            if (i < repeated) {
                keys.add(TestKeys.string(TestKeys.presentLong(SEED, i)));
            }
        }
        return keys;
    }

    /**
     * Absent keys probed for a measured fpp: enough that about 2,000 false positives are expected
     * at the target (at least 200,000 probes). The count is then binomial with standard deviation
     * about sqrt(2000) = 45, so the 15% tolerance (300) is over 6 sigma: a filter that truly meets
     * its target passes with near certainty, and one 30% over it fails with near certainty.
     */
    static int probesFor(double fpp) {
        return (int) Math.max(200_000, Math.ceil(2000 / fpp));
    }

    /**
     * Items the capacity tests insert: {@link #N}. A kind whose every operation is a network round
     * trip may insert fewer (at least 10,000) to keep the suite fast, when its positions are proven
     * equal to an in-process kind's that runs this kit at full size.
     *
     * @return the item count
     */
    protected int items() {
        return N;
    }

    /**
     * Absent keys probed for a measured fpp: {@link #probesFor}, or for a kind that lowers {@link
     * #items()}, the same fraction of it (fewer probes tell apart only a larger excess over the
     * target: about 2,000 × items / N false positives are expected, and the 15% tolerance must stay
     * above 3 sigma of that count).
     *
     * @param fpp the target
     * @return the probe count
     */
    protected int probes(double fpp) {
        return (int) ((long) probesFor(fpp) * items() / N);
    }

    /**
     * The kind whose envelope {@link MembershipFilter#writeTo} writes: this kind, unless its state
     * lives outside the JVM and a snapshot reads back as the matching in-process kind (which must
     * then answer exactly as the written filter did).
     *
     * @return the kind a snapshot reads back as
     */
    protected String snapshotKind() {
        return kind();
    }

    @Test
    void providerIsFoundByServiceLoaderAndDescribesItself() {
        assertThat(Filters.kinds()).contains(kind());
        FilterProvider provider = Filters.provider(kind()).orElseThrow();
        assertThat(provider.description()).isNotBlank();
        MembershipFilter<CharSequence> filter = create(1000, 0.01, KeyHasher.strings());
        assertThat(filter.kind()).isEqualTo(kind());
        assertThat(provider.capabilities()).as("a provider's capabilities include its filters'")
                .containsAll(filter.capabilities());
        assertThat(filter.spec()).isEqualTo(spec(1000, 0.01));
        assertThat(filter.hasher()).isSameAs(KeyHasher.strings());
        assertThat(filter.bitSize()).isPositive();
        assertThat(filter.toString()).as("toString names the kind and the hasher")
                .contains("kind=" + kind()).contains("hasher=" + KeyHasher.strings().id());
        assertThat(Filters.choose(provider.capabilities())).extracting(FilterProvider::kind).contains(kind());
    }

    /**
     * Specs that between them build filters with every capability of the kind; override when some
     * capability needs an option. The default is the kit's one spec, and with it the same spec with
     * many writers when the kit's spec has one ({@link #oneWriterManyReaders}), which gives the
     * {@link Capability#CONCURRENT} a single-writer filter lacks.
     *
     * @return the specs, each valid for the kind
     */
    protected List<FilterSpec> specsCoveringEveryCapability() {
        FilterSpec spec = spec(1000, 0.01);
        return oneWriterManyReaders()
                ? List.of(spec, spec.withOption(WRITERS_OPTION, "many"))
                : List.of(spec);
    }

    /**
     * {@code addLong} and {@code mightContainLong} are {@code add} and {@code mightContain} of the
     * boxed key, with either built-in long hasher; with any other hasher they refuse, naming it.
     * Each filter has its own expected insertions, so that a shared kind, which names a filter
     * after its spec, opens three filters rather than one with three hashers.
     */
    @Test
    void aKindThatAddsRunsTheWriteContract() {
        // A filter served read-only (mapped from its file) of a kind that adds is tested for its
        // writes where the kind's heap filters are.
        boolean servedAdds = build(10, 0.01, KeyHasher.strings(), presentStrings(10, 0)).capabilities()
                .contains(Capability.ADD);
        assertThat(addsAfterConstruction() && servedAdds && !(this instanceof MutableFilterContract))
                .as("kind '%s' adds after construction: its test must extend MutableFilterContract", kind())
                .isFalse();
    }

    @Test
    void theUnboxedLongMethodsAnswerAsTheBoxedOnes() {
        List<KeyHasher<Long>> hashers = List.of(KeyHasher.longs(), KeyHasher.longsXxh64());
        for (KeyHasher<Long> hasher : hashers) {
            long n = 1000 + hashers.indexOf(hasher);
            MembershipFilter<Long> filter;
            if (addsAfterConstruction()) {
                filter = create(n, 0.01, hasher);
                for (int i = 0; i < 500; i++) {
                    long key = TestKeys.presentLong(SEED, i);
                    filter.addLong(key);
                    assertThat(filter.mightContain(key)).as("key %d after addLong", i).isTrue();
                }
            } else {
                filter = build(n, 0.01, hasher, presentLongs(0, 500));
            }
            for (int i = 0; i < 500; i++) {
                assertThat(filter.mightContainLong(TestKeys.presentLong(SEED, i))).as("present key %d", i).isTrue();
            }
            for (int i = 0; i < 20_000; i++) {
                long key = TestKeys.absentLong(SEED, i);
                assertThat(filter.mightContainLong(key)).as("absent key %d", i).isEqualTo(filter.mightContain(key));
            }
        }
        KeyHasher<Long> mine = KeyHasher.of("my-app:longs", (Long key) -> KeyHasher.hashLong(key));
        MembershipFilter<Long> own = addsAfterConstruction() ? create(1002, 0.01, mine)
                : build(1002, 0.01, mine, presentLongs(0, 10));
        assertThatThrownBy(() -> own.mightContainLong(1)).isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("'my-app:longs'").hasMessageContaining("KeyHasher.longs()");
        assertThatThrownBy(() -> own.addLong(1)).isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("'my-app:longs'");
    }

    /** A provider's capabilities are the union of its filters': none declared that no filter has. */
    @Test
    void theProviderDeclaresExactlyWhatItsFiltersCanDo() {
        FilterProvider provider = Filters.provider(kind()).orElseThrow();
        java.util.Set<Capability> union = java.util.EnumSet.noneOf(Capability.class);
        for (FilterSpec spec : specsCoveringEveryCapability()) {
            MembershipFilter<Long> filter = Filters.create(kind(), spec, KeyHasher.longs());
            assertThat(provider.capabilities()).as("capabilities of a filter built from %s", spec)
                    .containsAll(filter.capabilities());
            union.addAll(filter.capabilities());
        }
        assertThat(union).isEqualTo(provider.capabilities());
        assertThat(Filters.choose(provider.capabilities())).extracting(FilterProvider::kind).contains(kind());
    }

    @Test
    void nullItemsAreRejected() {
        MembershipFilter<CharSequence> filter = create(1000, 0.01, KeyHasher.strings());
        assertThatThrownBy(() -> filter.add(null)).isInstanceOf(NullPointerException.class).hasMessageContaining("null");
        assertThatThrownBy(() -> filter.mightContain(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> filter.remove(null)).isInstanceOf(NullPointerException.class);
    }

    /**
     * A filter of {@link #items()} capacity holding present keys {@code [from, from + count)}: added
     * one by one for a kind that adds after construction (a shared kind may then hand back the same
     * stored filter for the same spec, which a merge must also survive), built from the set for a
     * static kind, so that a merge refusal is checked for every kind.
     */
    MembershipFilter<Long> halfFilter(int from, int count) {
        if (!addsAfterConstruction()) {
            return build(items(), 0.01, KeyHasher.longs(), presentLongs(from, count));
        }
        MembershipFilter<Long> filter = create(items(), 0.01, KeyHasher.longs());
        for (int i = from; i < from + count; i++) {
            filter.add(TestKeys.presentLong(SEED, i));
        }
        return filter;
    }

    @Test
    void mergeFollowsTheCapability() {
        int half = items() / 2;
        MembershipFilter<Long> filter = halfFilter(0, half);
        MembershipFilter<Long> other = halfFilter(half, half);
        byte[] before = FilterBytes.of(filter);
        byte[] otherBefore = FilterBytes.of(other);
        if (!filter.capabilities().contains(Capability.MERGE)) {
            assertThatThrownBy(() -> filter.mergeFrom(other)).isInstanceOf(UnsupportedOperationException.class)
                    .hasMessageContaining(kind());
            assertThat(FilterBytes.of(filter)).as("filter after a refused merge").isEqualTo(before);
            return;
        }
        MembershipFilter<Long> smaller = create(items() / 10, 0.01, KeyHasher.longs());
        assertThatThrownBy(() -> filter.mergeFrom(smaller)).isInstanceOf(IllegalArgumentException.class);
        assertThat(FilterBytes.of(filter)).as("filter after a refused merge").isEqualTo(before);

        filter.mergeFrom(other);
        assertThat(FilterBytes.of(other)).as("the merged-in filter").isEqualTo(otherBefore);
        for (int i = 0; i < items(); i++) {
            if (!filter.mightContain(TestKeys.presentLong(SEED, i))) {
                throw new AssertionError("false negative for key #" + i + " after merge");
            }
        }
    }

    @Test
    void everyFlippedBitIsRejected() throws IOException {
        byte[] bytes = smallSerializedFilter();
        for (int position = 0; position < bytes.length; position++) {
            for (int bit = 0; bit < 8; bit += 3) {
                byte[] damaged = bytes.clone();
                damaged[position] ^= (byte) (1 << bit);
                assertRejected(damaged, "bit " + bit + " flipped at byte " + position + " of " + bytes.length);
            }
        }
    }

    /**
     * A damaged header is reported as damaged: every bit flipped before the body gives a message
     * about the magic, the version, the header (its checksum or a length) or truncation, never a
     * kind, hasher or spec read from the damaged bytes.
     */
    @Test
    void aDamagedHeaderIsReportedAsCorruptNotReadAsAnotherKind() throws IOException {
        byte[] bytes = smallSerializedFilter();
        for (int position = 0; position < FilterBytes.bodyOffset(bytes); position++) {
            for (int bit = 0; bit < 8; bit++) {
                byte[] damaged = bytes.clone();
                damaged[position] ^= (byte) (1 << bit);
                Throwable thrown = catchThrowable(() -> Filters.readFrom(new ByteArrayInputStream(damaged),
                        KeyHasher.strings()));
                assertThat(thrown).as("bit %d flipped at header byte %d", bit, position)
                        .isInstanceOf(InvalidFilterDataException.class)
                        .message().containsAnyOf("corrupt header", "magic", "format version", "truncated");
            }
        }
    }

    @Test
    void everyTruncationIsRejected() throws IOException {
        byte[] bytes = smallSerializedFilter();
        for (int length = 0; length < bytes.length; length++) {
            assertRejected(java.util.Arrays.copyOf(bytes, length), "truncated to " + length + " of " + bytes.length + " bytes");
        }
    }

    @Test
    void foreignBytesAreRejected() throws IOException {
        SplittableRandom random = new SplittableRandom(SEED);
        for (int length : new int[] {1, 3, 4, 5, 16, 100, 4096}) {
            byte[] noise = new byte[length];
            random.nextBytes(noise);
            assertRejected(noise, length + " random bytes");
        }
        byte[] magicThenNoise = new byte[64];
        random.nextBytes(magicThenNoise);
        System.arraycopy(new byte[] {'B', 'L', 'M', 'F', Envelope.FORMAT_VERSION}, 0, magicThenNoise, 0, 5);
        assertRejected(magicThenNoise, "magic and version followed by noise");
        ByteArrayOutputStream javaSerialized = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(javaSerialized)) {
            out.writeObject(new ArrayList<>(List.of("not", "a", "filter")));
        }
        assertRejected(javaSerialized.toByteArray(), "a Java-serialized list");
    }

    @Test
    void aDifferentHasherIsRejected() throws IOException {
        byte[] bytes = smallSerializedFilter();
        assertThatThrownBy(() -> Filters.readFrom(new ByteArrayInputStream(bytes), KeyHasher.longs()))
                .isInstanceOf(InvalidFilterDataException.class).hasMessageContaining("hasher");
    }

    /**
     * Damages each of the first 64 body bytes (the kind's size fields live there) to extreme values
     * and re-seals the checksum, so the body's own validation must catch them: any outcome but a
     * clean read or {@link InvalidFilterDataException} (an OutOfMemoryError, a
     * NegativeArraySizeException, a hang) fails.
     */
    @Test
    void craftedBodyFieldsWithAValidChecksumAreRejectedOrHarmless() throws IOException {
        byte[] bytes = smallSerializedFilter();
        int body = FilterBytes.bodyOffset(bytes);
        for (int position = body; position < Math.min(body + 64, bytes.length - 4); position++) {
            for (byte value : new byte[] {(byte) 0xFF, 0x7F, 0x00, (byte) 0x80}) {
                byte[] crafted = bytes.clone();
                crafted[position] = value;
                FilterBytes.reseal(crafted);
                Throwable thrown = catchThrowable(() -> Filters.readFrom(new ByteArrayInputStream(crafted), KeyHasher.strings()));
                if (thrown != null && !(thrown instanceof InvalidFilterDataException)) {
                    throw new AssertionError("body byte " + (position - body) + " set to " + (value & 0xFF)
                            + " gave " + thrown, thrown);
                }
            }
        }
    }

    /**
     * The batch query answers exactly as the single queries, only inside its range, and refuses a
     * range outside either array without writing.
     */
    @Test
    void batchQueryAnswersAsSingleQueries() {
        long[] hashes = new long[20_000];
        long[] present = new long[hashes.length / 2];
        for (int i = 0; i < hashes.length; i++) {
            // Present and absent keys interleaved, so both answers occur in every stretch.
            hashes[i] = KeyHasher.hashLong((i & 1) == 0 ? TestKeys.presentLong(SEED, i / 2) : TestKeys.absentLong(SEED, i));
            if ((i & 1) == 0) {
                present[i / 2] = hashes[i];
            }
        }
        // Built from the set, so that static kinds take part too.
        MembershipFilter<Long> filter = served(Filters.buildFromHashes(kind(), spec(10_000, 0.01), KeyHasher.longs(),
                present));
        boolean[] out = new boolean[hashes.length];
        // Stale answers inside the range must be overwritten, both true and false ones.
        for (int i = 0; i < out.length; i++) {
            out[i] = i < 3 || i % 3 == 0;
        }
        filter.mightContainHashes(hashes, 3, hashes.length - 5, out);
        int positives = 0;
        for (int i = 0; i < hashes.length; i++) {
            boolean inRange = i >= 3 && i < hashes.length - 5;
            boolean expected = inRange ? filter.mightContainHash(hashes[i]) : i < 3 || i % 3 == 0;
            if (out[i] != expected) {
                throw new AssertionError("batch answer " + out[i] + " at index " + i + ", single query " + expected);
            }
            positives += inRange && out[i] ? 1 : 0;
        }
        assertThat(positives).as("every present key answers true").isGreaterThanOrEqualTo((hashes.length - 8) / 2);
        boolean[] untouched = new boolean[4];
        assertThatThrownBy(() -> filter.mightContainHashes(hashes, 0, 5, untouched))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> filter.mightContainHashes(hashes, 2, 1, out)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(untouched).containsOnly(false);
    }

    /**
     * Whether the kit's spec makes filters that one thread at a time may change while any number
     * of threads query them, without declaring {@link Capability#CONCURRENT};
     * {@link #oneWriterAndReadersSeeEveryPublishedItem} then tests that promise. By default, whether
     * the spec sets the Bloom family's option {@code writers=single}; override for a kind whose
     * single-writer option is another.
     *
     * @return true for such a spec
     */
    protected boolean oneWriterManyReaders() {
        return spec(1000, 0.01).option(WRITERS_OPTION).filter("single"::equalsIgnoreCase).isPresent();
    }

    static void checkPresent(MembershipFilter<Long> filter, long[] keys, int i, AtomicReference<Throwable> failure) {
        if (!filter.mightContainHash(KeyHasher.hashLong(keys[i]))) {
            failure.compareAndSet(null, new AssertionError("a reader saw a false negative for published key #" + i));
        }
    }

    /** Built from a set, so it serves every kind; for a dynamic kind it equals create and add. */
    byte[] smallSerializedFilter() throws IOException {
        return FilterBytes.of(build(200, 0.01, KeyHasher.strings(), presentStrings(150, 0)));
    }

    /**
     * Every kind builds from a whole set (with some items listed twice; a static kind drops the
     * copies, a dynamic one adds them as its add does, so a cuckoo filter stores them): no false
     * negatives, about the distinct items counted, and the measured fpp within the tolerance of the target over
     * {@link #probesFor} absent keys (see there for the bound it tells apart).
     */
    @ParameterizedTest(name = "fpp={0}")
    @MethodSource("fpps")
    void builtFromASetHoldsItOnceAndMeetsTheFpp(double fpp) {
        MembershipFilter<CharSequence> filter = build(items(), fpp, KeyHasher.strings(), presentStrings(items(), items() / 1000));
        assertThat(filter.kind()).isEqualTo(kind());
        for (int i = 0; i < items(); i++) {
            String key = TestKeys.string(TestKeys.presentLong(SEED, i));
            if (!filter.mightContain(key)) {
                throw new AssertionError("false negative for key #" + i + " of a built set");
            }
        }
        assertThat((double) filter.approximateCount()).as("approximateCount of %d distinct items", items())
                .isBetween(0.9 * items(), 1.1 * items());
        assertThat(filter.expectedFpp()).as("expectedFpp of the built set").isPositive()
                .isLessThanOrEqualTo(FPP_TOLERANCE * fpp);
        int probes = probes(fpp);
        long positives = 0;
        for (int i = 0; i < probes; i++) {
            positives += filter.mightContain(TestKeys.string(TestKeys.absentLong(SEED, i))) ? 1 : 0;
        }
        assertThat((double) positives / probes).as("measured fpp over %d absent keys", probes)
                .isLessThanOrEqualTo(FPP_TOLERANCE * fpp);
    }

    /** The iterable, stream, hash-array and collector paths (sequential and parallel) give one filter. */
    @Test
    void everyBuildPathGivesTheSameFilter() {
        assumeFalse(Filters.provider(kind()).orElseThrow().capabilities().contains(Capability.SHARED),
                "builds of a shared kind from one spec meet in one shared filter");
        List<String> items = presentStrings(5000, 0);
        long[] hashes = items.stream().mapToLong(KeyHasher::hashString).toArray();
        long[] untouched = hashes.clone();
        FilterSpec spec = spec(5000, 0.01);
        byte[] fromIterable = FilterBytes.of(Filters.build(kind(), spec, KeyHasher.strings(), items));
        assertThat(FilterBytes.of(Filters.build(kind(), spec, KeyHasher.strings(), items.stream())))
                .as("built from a stream").isEqualTo(fromIterable);
        assertThat(FilterBytes.of(Filters.build(kind(), spec, KeyHasher.strings(), items.parallelStream())))
                .as("built from a parallel stream").isEqualTo(fromIterable);
        assertThat(FilterBytes.of(Filters.buildFromHashes(kind(), spec, KeyHasher.strings(), hashes)))
                .as("built from hashes").isEqualTo(fromIterable);
        assertThat(hashes).as("the caller's hash array").isEqualTo(untouched);
        assertThat(FilterBytes.of(items.stream().collect(Filters.toFilter(kind(), spec, KeyHasher.strings()))))
                .as("collected").isEqualTo(fromIterable);
        assertThat(FilterBytes.of(items.parallelStream().collect(Filters.toFilter(kind(), spec, KeyHasher.strings()))))
                .as("collected in parallel").isEqualTo(fromIterable);
        List<String> withNull = new ArrayList<>(items);
        withNull.add(null);
        assertThatThrownBy(() -> Filters.build(kind(), spec, KeyHasher.strings(), withNull))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("null");
    }

    /**
     * {@link Filters#buildFromLongs} hashes the keys itself, in parallel at {@value #N} keys: the
     * filter is byte for byte the one built from the boxed keys, holds every key, and the caller's
     * array is unchanged.
     */
    @Test
    void buildingFromLongKeysEqualsBuildingFromTheBoxedKeys() {
        assumeFalse(Filters.provider(kind()).orElseThrow().capabilities().contains(Capability.SHARED),
                "builds of a shared kind from one spec meet in one shared filter");
        assertThat(N).as("keys enough to hash in parallel").isGreaterThanOrEqualTo(Filters.PARALLEL_MIN_KEYS);
        long[] keys = new long[N];
        Arrays.setAll(keys, i -> TestKeys.presentLong(SEED, i));
        long[] untouched = keys.clone();
        FilterSpec spec = spec(N, 0.01);
        MembershipFilter<Long> filter = Filters.buildFromLongs(kind(), spec, keys);
        assertThat(keys).as("the caller's key array").isEqualTo(untouched);
        assertThat(filter.kind()).isEqualTo(kind());
        for (int i = 0; i < N; i++) {
            if (!filter.mightContainLong(keys[i]) || !filter.mightContain(keys[i])) {
                throw new AssertionError("false negative for key #" + i + " built from longs");
            }
        }
        List<Long> boxed = Arrays.stream(keys).boxed().collect(Collectors.toList());
        assertThat(FilterBytes.of(filter)).as("built from longs against built from the boxed keys")
                .isEqualTo(FilterBytes.of(Filters.build(kind(), spec, KeyHasher.longs(), boxed)));
        assertThat(Filters.buildFromLongs(kind(), spec(10, 0.01), new long[] {3, 1, 2}).mightContainLong(2))
                .as("a few keys, hashed on the calling thread").isTrue();
    }

    /**
     * The mistake {@link Filters#buildFromHashes}'s Javadoc warns of: raw keys passed as hashes build
     * a filter that does not find them (at 1%, at most 5% of {@value #N} keys answer true; a
     * correct filter answers true for all).
     */
    @Test
    void rawKeysPassedAsHashesAreNotFound() {
        assumeFalse(Filters.provider(kind()).orElseThrow().capabilities().contains(Capability.SHARED),
                "builds of a shared kind from one spec meet in one shared filter");
        long[] keys = new long[N];
        Arrays.setAll(keys, i -> TestKeys.presentLong(SEED, i));
        MembershipFilter<Long> mistaken = Filters.buildFromHashes(kind(), spec(N, 0.01), KeyHasher.longs(), keys);
        long found = Arrays.stream(keys).filter(mistaken::mightContainLong).count();
        assertThat(found).as("raw keys found in a filter built from them as if they were hashes")
                .isLessThan(N / 20);
    }

    /**
     * Every filter closes in try-with-resources without a cast. Closing an in-process filter
     * changes nothing: it answers and writes as before. A shared one releases its connection, and
     * closing it must not fail.
     */
    @Test
    void closesInTryWithResourcesWithoutACast() {
        List<String> items = presentStrings(1000, 0);
        MembershipFilter<CharSequence> closed;
        byte[] before;
        try (MembershipFilter<CharSequence> filter = Filters.build(kind(), spec(1000, 0.01), KeyHasher.strings(), items)) {
            before = FilterBytes.of(filter);
            closed = filter;
        }
        if (Filters.provider(kind()).orElseThrow().capabilities().contains(Capability.SHARED)) {
            return;
        }
        assertThat(FilterBytes.of(closed)).as("bytes after close").isEqualTo(before);
        for (String item : items) {
            assertThat(closed.mightContain(item)).as("after close: %s", item).isTrue();
        }
    }

    /** A built filter survives a write and read: same answers, same bytes written again. */
    @ParameterizedTest(name = "fpp={0}")
    @MethodSource("fpps")
    void builtFilterWriteThenReadAnswersIdentically(double fpp) throws IOException {
        MembershipFilter<CharSequence> filter = build(items(), fpp, KeyHasher.strings(), presentStrings(items(), 0));
        byte[] bytes = FilterBytes.of(filter);
        MembershipFilter<CharSequence> read = Filters.readFrom(new ByteArrayInputStream(bytes), KeyHasher.strings());
        assertThat(read.kind()).isEqualTo(snapshotKind());
        if (snapshotKind().equals(kind())) {
            assertThat(read.spec()).isEqualTo(filter.spec());
        }
        assertThat(read.bitSize()).isEqualTo(filter.bitSize());
        assertThat(read.approximateCount()).isEqualTo(filter.approximateCount());
        assertThat(read.expectedFpp()).isEqualTo(filter.expectedFpp());
        for (int i = 0; i < items(); i++) {
            if (!read.mightContain(TestKeys.string(TestKeys.presentLong(SEED, i)))) {
                throw new AssertionError("false negative after round trip for key #" + i);
            }
        }
        // Answers are compared, not counted: at most 200,000 probes (fewer for a kind that lowers items()).
        for (int i = 0; i < Math.min(200_000, probes(fpp)); i++) {
            long hash = KeyHasher.hashString(TestKeys.string(TestKeys.absentLong(SEED, i)));
            if (read.mightContainHash(hash) != filter.mightContainHash(hash)) {
                throw new AssertionError("answers differ after round trip for absent key #" + i);
            }
        }
        assertThat(FilterBytes.of(read)).as("bytes written again").isEqualTo(bytes);
    }

    /** A static kind, or a filter served read-only, refuses every change, names its kind, and stays as built. */
    @Test
    void addFollowsTheCapability() {
        MembershipFilter<CharSequence> filter = build(1000, 0.01, KeyHasher.strings(), presentStrings(1000, 0));
        if (filter.capabilities().contains(Capability.ADD)) {
            assertThat(filter.add(TestKeys.string(TestKeys.absentLong(SEED, 0)))).isTrue();
            return;
        }
        byte[] before = FilterBytes.of(filter);
        assertThatThrownBy(() -> filter.add("x")).isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining(kind());
        assertThatThrownBy(() -> filter.addHash(1L)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(filter::clear).isInstanceOf(UnsupportedOperationException.class);
        assertThat(FilterBytes.of(filter)).as("bytes after refused changes").isEqualTo(before);
        MembershipFilter<CharSequence> empty = create(1000, 0.01, KeyHasher.strings());
        assertThat(empty.approximateCount()).as("count of a created (empty) static filter").isZero();
    }

    static void assertRejected(byte[] bytes, String what) {
        Throwable thrown = catchThrowable(() -> Filters.readFrom(new ByteArrayInputStream(bytes), KeyHasher.strings()));
        if (!(thrown instanceof InvalidFilterDataException)) {
            throw new AssertionError(what + ": expected InvalidFilterDataException, got " + thrown, thrown);
        }
    }
}
