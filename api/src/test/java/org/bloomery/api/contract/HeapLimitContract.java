package org.bloomery.api.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "Never an {@link OutOfMemoryError}" for one kind, on a small heap: creating a filter larger than
 * the heap is refused with a message naming the bytes and the free heap, and a filter of half the
 * heap, which can be created, can be read back. Tagged {@value #TAG}: the build runs these tests in
 * their own JVM with {@code -Xmx256m}, and they skip themselves on a larger heap.
 */
@Tag(HeapLimitContract.TAG)
public abstract class HeapLimitContract {
    /** The JUnit tag of tests that need the small-heap JVM. */
    public static final String TAG = "small-heap";
    private static final long SMALL_HEAP = 512L << 20;
    private static final long SEED = 0x0E_A1_1CL;

    /**
     * The kind under test.
     *
     * @return its name, as registered with {@link Filters}
     */
    protected abstract String kind();

    /**
     * The spec for {@code n} items at 1%; override to add options the kind needs.
     *
     * @param n expected insertions
     * @return the spec
     */
    protected FilterSpec spec(long n) {
        return FilterSpec.of(n, 0.01);
    }

    /** Expected insertions that make a filter of about {@code bytes} bytes. */
    private long itemsFor(long bytes) {
        long n = 1_000_000;
        MembershipFilter<Long> probe = Filters.create(kind(), spec(n), KeyHasher.longs());
        return (long) (bytes * 8.0 / probe.bitSize() * n);
    }

    private static long maxHeap() {
        long max = Runtime.getRuntime().maxMemory();
        assumeTrue(max <= SMALL_HEAP, "runs in the small-heap JVM only (-Xmx256m), not on " + (max >> 20) + " MiB");
        return max;
    }

    @Test
    void aFilterTwiceTheHeapIsRefusedNamingTheSizeAndTheFreeHeap() {
        FilterSpec huge = spec(itemsFor(2 * maxHeap()));
        assertThatThrownBy(() -> Filters.create(kind(), huge, KeyHasher.longs()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs").hasMessageContaining("bytes of heap are free");
    }

    /** Reading allocates the body once, so what could be created can be read on the same heap. */
    @Test
    void aFilterOfHalfTheHeapReadsBack(@TempDir Path dir) throws IOException {
        FilterSpec half = spec(itemsFor(maxHeap() / 2));
        Path file = dir.resolve("half-heap.blmf");
        long bitSize;
        MembershipFilter<Long> written = Filters.create(kind(), half, KeyHasher.longs());
        for (int i = 0; i < 1000; i++) {
            written.add(TestKeys.presentLong(SEED, i));
        }
        bitSize = written.bitSize();
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file))) {
            written.writeTo(out);
        }
        written = null;
        MembershipFilter<Long> read;
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
            read = Filters.readFrom(in, KeyHasher.longs());
        }
        assertThat(read.bitSize()).isEqualTo(bitSize);
        for (int i = 0; i < 1000; i++) {
            assertThat(read.mightContain(TestKeys.presentLong(SEED, i))).isTrue();
        }
    }
}
