package org.bloomery.api.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.stream.Stream;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MapOption;
import org.bloomery.api.MappedFileException;
import org.bloomery.api.MappedFilter;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.spi.Envelope;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The read-only part of the contract, for a kind that maps ({@link Filters#map}): a mapped filter
 * answers every query as the heap filter written to the file, describes itself as it, refuses
 * every change naming the mapping, and stays typed when its file is damaged, truncated or
 * replaced. A kind module extends it with its name and the specs to run over.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class MappedFilterContract {
    /** Keys each filter is built from. */
    private static final int PRESENT = 50_000;
    /** Absent keys probed beside the present ones. */
    private static final int ABSENT = 200_000;
    /** Keys of the filter whose body spans several 1 MiB regions. */
    private static final int MANY = 2_000_000;
    private static final long SEED = 0x3A99_ED00L;

    @TempDir
    Path dir;

    /**
     * The kind under test.
     *
     * @return its name
     */
    protected abstract String kind();

    /**
     * The specs to map filters of, covering the kind's layouts.
     *
     * @return at least one spec
     */
    protected abstract Stream<FilterSpec> specs();

    private MembershipFilter<Long> heap(FilterSpec spec, int keys) {
        long[] hashes = new long[keys];
        for (int i = 0; i < keys; i++) {
            hashes[i] = KeyHasher.hashLong(TestKeys.presentLong(SEED, i));
        }
        // Sized for the keys, so a kind that sizes by the spec (classic) spans as many regions as one
        // sized by its set.
        return Filters.buildFromHashes(kind(), new FilterSpec(keys, spec.fpp(), spec.options()), KeyHasher.longs(),
                hashes);
    }

    private Path write(MembershipFilter<?> filter, String name) throws IOException {
        Path file = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(file)) {
            filter.writeTo(out);
        }
        return file;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void answersEveryQueryAsTheHeapFilter(FilterSpec spec) throws IOException {
        MembershipFilter<Long> heap = heap(spec, PRESENT);
        try (MappedFilter<Long> mapped = Filters.map(write(heap, "f.blmf"), KeyHasher.longs())) {
            long[] hashes = new long[PRESENT + ABSENT];
            for (int i = 0; i < hashes.length; i++) {
                long key = i < PRESENT ? TestKeys.presentLong(SEED, i) : TestKeys.absentLong(SEED, i);
                hashes[i] = KeyHasher.hashLong(key);
                boolean expected = heap.mightContainHash(hashes[i]);
                if (mapped.mightContainHash(hashes[i]) != expected || mapped.mightContainLong(key) != expected
                        || mapped.mightContain(key) != expected) {
                    throw new AssertionError("key " + i + ": the heap filter answers " + expected);
                }
                if (i < PRESENT && !expected) {
                    throw new AssertionError("present key " + i + " answered false");
                }
            }
            boolean[] fromHeap = new boolean[hashes.length];
            boolean[] fromMap = new boolean[hashes.length];
            heap.mightContainHashes(hashes, 0, hashes.length, fromHeap);
            mapped.mightContainHashes(hashes, 0, hashes.length, fromMap);
            assertThat(fromMap).as("batch answers").isEqualTo(fromHeap);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void describesItselfAsTheHeapFilterAndWritesTheSameFile(FilterSpec spec) throws IOException {
        MembershipFilter<Long> heap = heap(spec, PRESENT);
        Path file = write(heap, "f.blmf");
        try (MappedFilter<Long> mapped = Filters.map(file, KeyHasher.longsXxh64())) {
            assertThat(mapped.kind()).isEqualTo(heap.kind());
            assertThat(mapped.spec()).isEqualTo(heap.spec());
            assertThat(mapped.hasher()).as("the hasher the file names").isSameAs(KeyHasher.longs());
            assertThat(mapped.approximateCount()).isEqualTo(heap.approximateCount());
            assertThat(mapped.expectedFpp()).isEqualTo(heap.expectedFpp());
            assertThat(mapped.bitSize()).isEqualTo(heap.bitSize());
            assertThat(FilterBytes.of(mapped)).isEqualTo(Files.readAllBytes(file));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void refusesEveryChangeSayingItIsMappedReadOnly(FilterSpec spec) throws IOException {
        MembershipFilter<Long> heap = heap(spec, 1000);
        try (MappedFilter<Long> mapped = Filters.map(write(heap, "f.blmf"), KeyHasher.longs())) {
            assertThat(mapped.capabilities()).contains(Capability.MAPPED)
                    .doesNotContain(Capability.ADD, Capability.REMOVE, Capability.MERGE, Capability.GROW);
            for (Runnable change : new Runnable[] {() -> mapped.add(1L), () -> mapped.addHash(1), () -> mapped.addLong(1),
                    () -> mapped.remove(1L), () -> mapped.removeHash(1), () -> mapped.mergeFrom(heap), mapped::clear}) {
                assertThatThrownBy(change::run).isInstanceOf(UnsupportedOperationException.class)
                        .hasMessageContaining("mapped read-only");
            }
        }
    }

    @Test
    void closingStopsQueries() throws IOException {
        MappedFilter<Long> mapped = Filters.map(write(heap(firstSpec(), 1000), "f.blmf"), KeyHasher.longs());
        mapped.close();
        assertThatThrownBy(() -> mapped.mightContainLong(1)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("closed");
        assertThatThrownBy(mapped::verify).isInstanceOf(IllegalStateException.class);
        mapped.close();
    }

    /** Every shorter or longer file is refused at open, before anything is mapped. */
    @Test
    void aFileOfAnyOtherLengthIsRefusedAtOpen() throws IOException {
        byte[] good = Files.readAllBytes(write(heap(firstSpec(), 1000), "f.blmf"));
        Path file = dir.resolve("cut.blmf");
        for (int length = 0; length <= good.length + 1; length += length < 200 ? 1 : 97) {
            if (length == good.length) {
                continue;
            }
            byte[] bytes = java.util.Arrays.copyOf(good, length);
            Files.write(file, bytes);
            int at = length;
            assertThatThrownBy(() -> Filters.map(file, KeyHasher.longs()))
                    .as("a file of %d of %d bytes", at, good.length).isInstanceOf(InvalidFilterDataException.class)
                    .message().containsAnyOf("truncated", "too long", "empty", "magic");
        }
    }

    /** A damaged region is found by verify, which names it, and by verify at open; open alone reads no body. */
    @Test
    void verifyNamesTheFirstDamagedRegion() throws IOException {
        Path file = write(heap(firstSpec(), MANY), "many.blmf");
        byte[] bytes = Files.readAllBytes(file);
        int body = FilterBytes.bodyOffset(bytes);
        long bodyLength = FilterBytes.bodyLength(bytes);
        assertThat(bodyLength).as("a body of several regions").isGreaterThan(3L << 19);
        try (MappedFilter<Long> mapped = Filters.map(file, KeyHasher.longs(), MapOption.VERIFY)) {
            mapped.verify();
        }
        bytes[body + (1 << 20) + 12345] ^= 4;
        Files.write(file, bytes);
        try (MappedFilter<Long> mapped = Filters.map(file, KeyHasher.longs())) {
            assertThatThrownBy(mapped::verify).isInstanceOf(InvalidFilterDataException.class)
                    .hasMessageContaining("region 1 of the body").hasMessageContaining(file.toString());
        }
        assertThatThrownBy(() -> Filters.map(file, KeyHasher.longs(), MapOption.VERIFY))
                .isInstanceOf(InvalidFilterDataException.class).hasMessageContaining("region 1 ");
        // A stream meets the region checksums after the body, so the kind's own check of a field it
        // reads (classic's set-bit count) may name the damage first.
        assertThatThrownBy(() -> Filters.readFrom(Files.newInputStream(file), KeyHasher.longs()))
                .isInstanceOf(InvalidFilterDataException.class);
    }

    /**
     * A file truncated by another process while mapped never crashes the JVM: reading a vanished
     * page raises an error in the querying thread, which the filter turns into {@link
     * MappedFileException} wherever it surfaces inside the filter; a JIT-compiled query may see the
     * JVM deliver it later, as {@link InternalError}, at the thread's next safepoint check (the
     * documented behaviour, docs/serving.md). Either way the thread goes on, and the file mapped
     * again once rewritten answers.
     */
    @Test
    void aFileTruncatedWhileMappedGivesAnErrorInTheQueryingThreadNotACrash() throws IOException {
        MembershipFilter<Long> heap = heap(firstSpec(), MANY);
        Path file = write(heap, "many.blmf");
        try (MappedFilter<Long> mapped = Filters.map(file, KeyHasher.longs())) {
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
                channel.truncate(4096);
            }
            assertFaults(() -> {
                for (int i = 0; i < PRESENT; i++) {
                    mapped.mightContainLong(TestKeys.absentLong(SEED, i));
                }
            }, file);
            long[] hashes = new long[1000];
            assertFaults(() -> {
                for (int i = 0; i < PRESENT; i++) {
                    hashes[i % hashes.length] = KeyHasher.hashLong(TestKeys.absentLong(SEED, i));
                    mapped.mightContainHashes(hashes, 0, hashes.length, new boolean[hashes.length]);
                }
            }, file);
            assertFaults(mapped::verify, file);
        }
        write(heap, "many.blmf");
        try (MappedFilter<Long> again = Filters.map(file, KeyHasher.longs())) {
            assertThat(again.mightContainLong(TestKeys.presentLong(SEED, 0))).isTrue();
        }
    }

    private static void assertFaults(ThrowingCallable queries, Path file) {
        Throwable thrown = catchThrowable(queries);
        if (thrown instanceof MappedFileException) {
            assertThat(thrown).hasMessageContaining(file.toString()).hasCauseInstanceOf(InternalError.class);
        } else {
            assertThat(thrown).as("the JVM's own error, delivered after a compiled query")
                    .isInstanceOf(InternalError.class).hasMessageContaining("unsafe memory access");
        }
    }

    /**
     * The safe replacement: a new file moved over the old one atomically. The filter mapped before
     * answers from the old file to the end; the file mapped after is the new filter.
     */
    @Test
    void aFileReplacedByAMoveKeepsTheOldMappingAnswering() throws IOException {
        MembershipFilter<Long> old = heap(firstSpec(), PRESENT);
        Path served = write(old, "served.blmf");
        long[] others = new long[PRESENT];
        for (int i = 0; i < others.length; i++) {
            others[i] = KeyHasher.hashLong(TestKeys.absentLong(SEED, i));
        }
        MembershipFilter<Long> replacement = Filters.buildFromHashes(kind(), firstSpec(), KeyHasher.longs(), others);
        try (MappedFilter<Long> before = Filters.map(served, KeyHasher.longs())) {
            Path next = write(replacement, "served.blmf.next");
            Files.move(next, served, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            try (MappedFilter<Long> after = Filters.map(served, KeyHasher.longs())) {
                for (int i = 0; i < PRESENT; i++) {
                    long present = KeyHasher.hashLong(TestKeys.presentLong(SEED, i));
                    assertThat(before.mightContainHash(present)).isTrue();
                    assertThat(after.mightContainHash(present)).isEqualTo(replacement.mightContainHash(present));
                    assertThat(after.mightContainHash(others[i])).isTrue();
                    assertThat(before.mightContainHash(others[i])).isEqualTo(old.mightContainHash(others[i]));
                }
            }
        }
    }

    /** A file of the previous format version is refused, saying how to rewrite it. */
    @Test
    void aVersionTwoFileIsRefusedSayingHowToRewriteIt() throws IOException {
        byte[] bytes = Files.readAllBytes(write(heap(firstSpec(), 1000), "f.blmf"));
        bytes[4] = (byte) Envelope.UNALIGNED_VERSION;
        Path file = dir.resolve("v2.blmf");
        // A valid version-2 header: its checksum where version 2 keeps it, over its own fields.
        Files.write(file, FilterBytes.reseal(bytes));
        assertThatThrownBy(() -> Filters.map(file, KeyHasher.longs())).isInstanceOf(InvalidFilterDataException.class)
                .hasMessageContaining("version 2").hasMessageContaining("Filters.readFrom");
    }

    @Test
    void aDifferentHasherIsRefusedAtOpen() throws IOException {
        Path file = write(heap(firstSpec(), 1000), "f.blmf");
        assertThatThrownBy(() -> Filters.map(file, KeyHasher.strings())).isInstanceOf(InvalidFilterDataException.class)
                .hasMessageContaining("'xxh3:long-le'");
    }

    /**
     * A built filter, written to a temporary file (deleted when the JVM exits) and mapped, for a
     * contract that runs its tests on mapped filters ({@link MembershipFilterContract#served}).
     *
     * @param built the filter
     * @param <T> the item type
     * @return the filter mapped from its file
     */
    public static <T> MappedFilter<T> mapped(MembershipFilter<T> built) {
        try {
            Path file = Files.createTempFile("mapped-contract", ".blmf");
            file.toFile().deleteOnExit();
            try (OutputStream out = Files.newOutputStream(file)) {
                built.writeTo(out);
            }
            return Filters.map(file, built.hasher());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private FilterSpec firstSpec() {
        return specs().findFirst().orElseThrow();
    }

}
