package org.bloomery.benchmarks.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * The machine a run was made on.
 *
 * @param jdk the Java runtime: vendor, name and version
 * @param cpu the CPU model as the operating system names it, or {@code "unknown"}
 * @param cores processors available to the JVM
 * @param caches the CPU's L2 and last-level caches
 * @param os operating system name, version and architecture
 * @param maxHeapMiB the JVM's maximum heap in MiB
 * @param date when the run started, ISO-8601 UTC to the second
 */
public record Machine(String jdk, String cpu, int cores, CpuCaches caches, String os, long maxHeapMiB,
                      String date) {

    /**
     * This JVM's machine, now.
     *
     * @return the description
     */
    public static Machine current() {
        String jdk = System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.runtime.version");
        String os = System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch");
        String date = ZonedDateTime.now(ZoneOffset.UTC).withNano(0).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
        return new Machine(jdk, cpuModel(Path.of("/proc/cpuinfo")), Runtime.getRuntime().availableProcessors(),
                CpuCaches.current(), os, Runtime.getRuntime().maxMemory() >> 20, date);
    }

    /** The first {@code model name} line of a Linux cpuinfo file, or {@code "unknown"}. */
    static String cpuModel(Path cpuinfo) {
        try {
            List<String> lines = Files.readAllLines(cpuinfo, StandardCharsets.UTF_8);
            return lines.stream().filter(l -> l.startsWith("model name")).map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .findFirst().orElse("unknown");
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
