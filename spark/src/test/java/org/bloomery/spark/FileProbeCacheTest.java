package org.bloomery.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The executor's cache of filter files, without Spark: leases of one version share one mapping, a
 * replaced version is closed only once its last lease ends, and files beyond the capacity are
 * closed the same way. The counters are this JVM's, so each test compares them before and after.
 */
class FileProbeCacheTest {
    private static final Configuration CONF = new Configuration();

    @TempDir
    Path dir;

    /** Eight threads started at once by a latch lease a file none has opened: it is mapped once. */
    @Test
    void tasksThatLeaseAFileAtOnceMapItOnce() throws Exception {
        FilterFile file = FilterFile.resolve(write("concurrent.blmf", 0).toString(), CONF);
        long mapsBefore = FileProbeCache.maps();
        ExecutorService threads = Executors.newFixedThreadPool(8);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<FileProbeCache.Opened>> leases = new ArrayList<>();
        try {
            for (int i = 0; i < 8; i++) {
                leases.add(threads.submit(() -> {
                    start.await();
                    return FileProbeCache.lease(file, ColumnHasher.LONG, CONF);
                }));
            }
            start.countDown();
            FileProbeCache.Opened first = leases.get(0).get();
            for (Future<FileProbeCache.Opened> lease : leases) {
                assertThat(lease.get()).isSameAs(first);
                FileProbeCache.release(lease.get());
            }
        } finally {
            threads.shutdownNow();
        }
        assertThat(FileProbeCache.maps() - mapsBefore).as("maps").isEqualTo(1);
    }

    /** A version replaced by a move stays open while a lease holds it, and closes when that ends. */
    @Test
    void aReplacedVersionClosesWhenItsLastLeaseEnds() throws IOException {
        Path served = write("served.blmf", 0);
        FilterFile file = FilterFile.resolve(served.toString(), CONF);
        FileProbeCache.Opened old = FileProbeCache.lease(file, ColumnHasher.LONG, CONF);
        long closesBefore = FileProbeCache.closes();

        Files.move(write("served.blmf.next", 1_000), served, StandardCopyOption.ATOMIC_MOVE,
                StandardCopyOption.REPLACE_EXISTING);
        FileProbeCache.Opened fresh = FileProbeCache.lease(file, ColumnHasher.LONG, CONF);

        assertThat(fresh).isNotSameAs(old);
        assertThat(fresh.mightContain(1_000L)).isTrue();
        assertThat(old.mightContain(0L)).as("the old version, still leased, answers").isTrue();
        assertThat(FileProbeCache.closes() - closesBefore).as("closed while leased").isZero();
        FileProbeCache.release(old);
        assertThat(FileProbeCache.closes() - closesBefore).as("closed once its lease ended").isEqualTo(1);
        FileProbeCache.release(fresh);
        assertThat(FileProbeCache.closes() - closesBefore).as("the current version stays open").isEqualTo(1);
    }

    /**
     * Beyond {@link FileProbeCache#CAPACITY} files, the one used longest ago is closed: once the
     * cache holds only this test's files, each new one closes one, and a file used again is kept.
     */
    @Test
    void filesBeyondTheCapacityCloseTheOneUsedLongestAgo() throws IOException {
        List<FilterFile> files = new ArrayList<>();
        for (int i = 0; i <= FileProbeCache.CAPACITY + 1; i++) {
            files.add(FilterFile.resolve(write("many-" + i + ".blmf", i).toString(), CONF));
        }
        for (FilterFile file : files.subList(0, FileProbeCache.CAPACITY)) {
            FileProbeCache.release(FileProbeCache.lease(file, ColumnHasher.LONG, CONF));
        }
        long mapsBefore = FileProbeCache.maps();
        long closesBefore = FileProbeCache.closes();

        FileProbeCache.release(FileProbeCache.lease(files.get(0), ColumnHasher.LONG, CONF));
        FileProbeCache.release(FileProbeCache.lease(files.get(FileProbeCache.CAPACITY), ColumnHasher.LONG, CONF));
        FileProbeCache.release(FileProbeCache.lease(files.get(0), ColumnHasher.LONG, CONF));

        assertThat(FileProbeCache.closes() - closesBefore).as("closed").isEqualTo(1);
        assertThat(FileProbeCache.maps() - mapsBefore).as("maps: only the new file").isEqualTo(1);
    }

    /** A classic filter of the longs {@code from .. from + 999}, written to a file in the test's directory. */
    private Path write(String name, long from) throws IOException {
        MembershipFilter<Long> filter = Filters.create("classic", FilterSpec.of(1_000, 0.01), KeyHasher.longs());
        for (long key = from; key < from + 1_000; key++) {
            filter.addLong(key);
        }
        Path file = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(file)) {
            filter.writeTo(out);
        }
        return file;
    }
}
