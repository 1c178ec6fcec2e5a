package org.bloomery.benchmarks.contestant;

import java.util.Locale;

/** The two key types every workload runs with. */
public enum KeyType {
    /** Strings of 16 ASCII characters. */
    STRING,
    /** 64-bit longs. */
    LONG;

    /**
     * The name used on the command line and in reports.
     *
     * @return {@code "string"} or {@code "long"}
     */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
