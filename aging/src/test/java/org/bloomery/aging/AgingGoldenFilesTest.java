package org.bloomery.aging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.atomic.AtomicLong;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.contract.FilterBytes;
import org.junit.jupiter.api.Test;

/**
 * The body format, pinned: two files written when the kind was added, in envelope version 2 (under
 * {@code golden/}), must read back with the same answers and be written again as their version-3
 * copies ({@code .v3.blmf}, written by this release), byte for byte, and the same adds today must
 * write those bytes. A count window of 1,000 adds after 2,500 adds; a time window of 60 s whose
 * generations grew, 3,000 adds 10 ms apart from 1,700,000,000,000 ms.
 */
class AgingGoldenFilesTest {
    private static final long START = 1_700_000_000_000L;

    private static long key(long i) {
        return i * 0x9E3779B97F4A7C15L;
    }

    @Test
    void aCountWindowFileReadsBackAndIsWrittenAsToday() throws IOException {
        byte[] golden = resource("aging-window.v3.blmf");
        AgingFilter<Long> read = AgingFilter.readFrom(new ByteArrayInputStream(resource("aging-window.blmf")),
                KeyHasher.longs());
        assertThat(FilterBytes.of(read)).isEqualTo(golden);
        assertThat(read.approximateCount()).isEqualTo(1000);
        for (long i = 1500; i < 2500; i++) {
            assertThat(read.mightContainLong(key(i))).as("key %d, within the window", i).isTrue();
        }
        AgingFilter<Long> today = AgingFilter.create(FilterSpec.of(1000, 0.01).withOption("window", "1000"),
                KeyHasher.longs());
        for (long i = 0; i < 2500; i++) {
            today.addLong(key(i));
        }
        assertThat(FilterBytes.of(today)).isEqualTo(golden);
        AgingFilter<Long> v3 = AgingFilter.readFrom(new ByteArrayInputStream(golden), KeyHasher.longs());
        assertThat(FilterBytes.of(v3)).as("the version-3 file read and written again").isEqualTo(golden);
    }

    @Test
    void aGrownTimeWindowFileReadsBackAndIsWrittenAsToday() throws IOException {
        byte[] golden = resource("aging-windowmillis.v3.blmf");
        AtomicLong clock = new AtomicLong(START + 30_000);
        AgingFilter<Long> read = AgingFilter.readFrom(new ByteArrayInputStream(resource("aging-windowmillis.blmf")),
                KeyHasher.longs(), clock::get);
        assertThat(FilterBytes.of(read)).isEqualTo(golden);
        assertThat(read.info().perGeneration()).extracting(GenerationInfo::layers).containsExactly(2, 3, 3, 1, 1);
        for (long i = 0; i < 3000; i++) {
            assertThat(read.mightContainLong(key(i))).as("key %d, within the window", i).isTrue();
        }
        AtomicLong todayClock = new AtomicLong(START);
        AgingFilter<Long> today = AgingFilter.create(FilterSpec.of(1000, 0.01).withOption("windowMillis", "60000"),
                KeyHasher.longs(), todayClock::get);
        for (long i = 0; i < 3000; i++) {
            todayClock.addAndGet(10);
            today.addLong(key(i));
        }
        assertThat(FilterBytes.of(today)).isEqualTo(golden);
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = AgingGoldenFilesTest.class.getResourceAsStream("golden/" + name)) {
            assertThat(in).as("test resource golden/%s", name).isNotNull();
            return in.readAllBytes();
        }
    }
}
