package org.bloomery.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.LongStream;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MapOption;
import org.bloomery.api.MappedFilter;
import org.bloomery.api.MembershipFilter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The samples of docs/serving.md. */
class ServingSamplesTest {
    @TempDir
    Path dir;

    private static MembershipFilter<Long> built(long from, long to) {
        return Filters.buildFromLongs("ribbon", FilterSpec.of(to - from, 0.01), LongStream.range(from, to).toArray());
    }

    private static void write(MembershipFilter<?> filter, Path file) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            filter.writeTo(out);
        }
    }

    @Test
    void map() throws IOException {
        Path file = dir.resolve("users.blmf");
        write(built(0, 100_000), file);

        // sample:map
        try (MappedFilter<Long> users = Filters.map(file, KeyHasher.longs())) {
            boolean known = users.mightContainLong(42);        // read where it lies in the file
            users.verify();               // reads the whole file once, checking every 1 MiB region
        }
        // end:map

        try (MappedFilter<Long> users = Filters.map(file, KeyHasher.longs())) {
            assertThat(users.mightContainLong(42)).isTrue();
            assertThat(users.capabilities()).contains(Capability.MAPPED, Capability.CONCURRENT);
            assertThatThrownBy(() -> users.addLong(7)).isInstanceOf(UnsupportedOperationException.class)
                    .hasMessageContaining("mapped read-only");
        }
    }

    @Test
    void replace() throws IOException {
        Path served = dir.resolve("users.blmf");
        write(built(0, 100_000), served);
        AtomicReference<MappedFilter<Long>> current = new AtomicReference<>(Filters.map(served, KeyHasher.longs()));
        MembershipFilter<Long> rebuilt = built(50_000, 150_000);

        // sample:replace
        // 1. Write the new filter beside the served file, on the same file system.
        Path next = served.resolveSibling(served.getFileName() + ".next");
        try (OutputStream out = Files.newOutputStream(next)) {
            rebuilt.writeTo(out);
        }
        // 2. Move it into place in one step: a process that maps the path now gets the whole new file.
        Files.move(next, served, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        // 3. Open the new file (checking it all, once) and swap the reference the queries read.
        MappedFilter<Long> fresh = Filters.map(served, KeyHasher.longs(), MapOption.VERIFY);
        MappedFilter<Long> old = current.getAndSet(fresh);
        // Queries that took the old filter finish on it: its pages stay mapped until it is collected.
        // end:replace

        assertThat(old.mightContainLong(10)).isTrue();
        MappedFilter<Long> now = current.get();
        assertThat(now.mightContainLong(140_000)).isTrue();
        // The keys below 50,000 left the set: about 1% of them answer true, as any absent key.
        assertThat(LongStream.range(0, 10_000).filter(now::mightContainLong).count()).isLessThan(300);
        old.close();
        current.get().close();
    }
}
