package org.bloomery.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CpuCachesTest {

    private static void cache(Path dir, String index, int level, String type, String size) throws IOException {
        Path d = Files.createDirectories(dir.resolve(index));
        Files.writeString(d.resolve("level"), level + "\n");
        Files.writeString(d.resolve("type"), type + "\n");
        Files.writeString(d.resolve("size"), size + "\n");
    }

    @Test
    void readsL2AndTheLastLevelSkippingInstructionCaches(@TempDir Path dir) throws IOException {
        cache(dir, "index0", 1, "Data", "32K");
        cache(dir, "index1", 1, "Instruction", "32K");
        cache(dir, "index2", 2, "Unified", "512K");
        cache(dir, "index3", 3, "Unified", "32768K");
        CpuCaches caches = CpuCaches.read(dir);
        assertThat(caches.l2Bytes()).hasValue(512 << 10);
        assertThat(caches.lastLevel()).isEqualTo(3);
        assertThat(caches.lastLevelBytes()).hasValue(32 << 20);
        assertThat(caches.describe()).startsWith("L2 512 KiB, L3 32 MiB (from ");
    }

    @Test
    void saysWhyWhenTheSizesCannotBeRead(@TempDir Path dir) {
        CpuCaches caches = CpuCaches.read(dir.resolve("missing"));
        assertThat(caches.lastLevelBytes()).isEmpty();
        assertThat(caches.describe()).contains("could not be read", "missing");
    }

    @Test
    void sizesInTheUnitsSysfsWrites() {
        assertThat(CpuCaches.parseSize("512K")).isEqualTo(512 << 10);
        assertThat(CpuCaches.parseSize("8M")).isEqualTo(8 << 20);
        assertThat(CpuCaches.parseSize("1024")).isEqualTo(1024);
        assertThat(CpuCaches.bytes(1_212_416)).isEqualTo("1.2 MiB");
        assertThat(CpuCaches.bytes(11_264)).isEqualTo("11 KiB");
    }

    @Test
    void theCpuModelComesFromCpuinfo(@TempDir Path dir) throws IOException {
        Path cpuinfo = dir.resolve("cpuinfo");
        Files.writeString(cpuinfo, "processor\t: 0\nmodel name\t: AMD EPYC 7B13\nflags\t: fpu\n");
        assertThat(Machine.cpuModel(cpuinfo)).isEqualTo("AMD EPYC 7B13");
        assertThat(Machine.cpuModel(dir.resolve("none"))).isEqualTo("unknown");
    }
}
