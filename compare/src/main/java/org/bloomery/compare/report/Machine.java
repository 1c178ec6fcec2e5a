package org.bloomery.compare.report;

import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/**
 * The machine a run was made on.
 *
 * @param jdk the Java runtime: vendor, name and version
 * @param cores processors available to the JVM
 * @param os operating system name, version and architecture
 * @param maxHeapMiB the JVM's maximum heap in MiB
 * @param date when the run started, ISO-8601 UTC to the second
 */
public record Machine(String jdk, int cores, String os, long maxHeapMiB, String date) {

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
        return new Machine(jdk, Runtime.getRuntime().availableProcessors(), os,
                Runtime.getRuntime().maxMemory() >> 20, date);
    }
}
