package org.bloomery.benchmarks.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * The data caches of the first CPU, as the operating system describes them: the L2 size and the
 * last-level (largest level) size, read from Linux's {@code /sys/devices/system/cpu/cpu0/cache}.
 *
 * @param l2Bytes the unified or data L2 cache, or empty when it cannot be read
 * @param lastLevel the level of the last-level cache (0 when unknown)
 * @param lastLevelBytes the last-level cache, or empty when it cannot be read
 * @param source where the sizes came from, or why they are missing
 */
public record CpuCaches(OptionalLong l2Bytes, int lastLevel, OptionalLong lastLevelBytes, String source) {
    /** Where Linux describes the first CPU's caches, one {@code index*} directory per cache. */
    static final Path SYSFS = Path.of("/sys/devices/system/cpu/cpu0/cache");

    /**
     * This machine's caches.
     *
     * @return the sizes, or empty sizes with the reason
     */
    public static CpuCaches current() {
        return read(SYSFS);
    }

    /**
     * Reads the caches under a directory laid out like {@link #SYSFS}.
     *
     * @param dir the directory
     * @return the sizes, or empty sizes with the reason
     */
    static CpuCaches read(Path dir) {
        long l2 = -1;
        int lastLevel = 0;
        long last = -1;
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path index : entries.filter(p -> p.getFileName().toString().startsWith("index")).sorted().toList()) {
                String type = Files.readString(index.resolve("type"), StandardCharsets.US_ASCII).trim();
                if (type.equals("Instruction")) {
                    continue;
                }
                int level = Integer.parseInt(Files.readString(index.resolve("level"), StandardCharsets.US_ASCII).trim());
                long size = parseSize(Files.readString(index.resolve("size"), StandardCharsets.US_ASCII).trim());
                if (level == 2) {
                    l2 = size;
                }
                if (level >= lastLevel) {
                    lastLevel = level;
                    last = size;
                }
            }
        } catch (IOException | RuntimeException e) {
            return new CpuCaches(OptionalLong.empty(), 0, OptionalLong.empty(), "cache sizes could not be read from "
                    + dir + " (" + e.getClass().getSimpleName() + ")");
        }
        if (last < 0) {
            return new CpuCaches(OptionalLong.empty(), 0, OptionalLong.empty(), "no data cache listed in " + dir);
        }
        return new CpuCaches(l2 < 0 ? OptionalLong.empty() : OptionalLong.of(l2), lastLevel, OptionalLong.of(last),
                dir.toString());
    }

    /** Sizes as sysfs writes them: {@code 512K}, {@code 32768K}, {@code 8M} or plain bytes. */
    static long parseSize(String text) {
        String t = text.toUpperCase(Locale.ROOT);
        long unit = t.endsWith("K") ? 1L << 10 : t.endsWith("M") ? 1L << 20 : t.endsWith("G") ? 1L << 30 : 1;
        String digits = unit == 1 ? t : t.substring(0, t.length() - 1);
        return Long.parseLong(digits) * unit;
    }

    /**
     * One line for the report header, e.g. {@code L2 512 KiB, L3 32 MiB}.
     *
     * @return the sizes, or the reason they are missing
     */
    public String describe() {
        if (lastLevelBytes.isEmpty()) {
            return source;
        }
        String l2 = l2Bytes.isPresent() && lastLevel != 2 ? "L2 " + bytes(l2Bytes.getAsLong()) + ", " : "";
        return l2 + "L" + lastLevel + " " + bytes(lastLevelBytes.getAsLong()) + " (from " + source + ")";
    }

    /** A size in KiB below 1 MiB, else in MiB (whole when exact, e.g. {@code 32 MiB}, else {@code 1.2 MiB}). */
    static String bytes(long bytes) {
        if (bytes < 1L << 20) {
            return (bytes >> 10) + " KiB";
        }
        return bytes % (1L << 20) == 0 ? (bytes >> 20) + " MiB"
                : String.format(java.util.Locale.ROOT, "%.1f MiB", bytes / (double) (1L << 20));
    }
}
