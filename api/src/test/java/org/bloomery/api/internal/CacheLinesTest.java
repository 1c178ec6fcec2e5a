package org.bloomery.api.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link CacheLines}: the padding brings a {@code long[]}'s first used word to a line boundary. */
class CacheLinesTest {
    /**
     * Word {@code LONG_ARRAY_PAD} lies a whole number of lines after the array's start, with fewer
     * than a line's words of padding.
     */
    @Test
    void padReachesTheNextLine() {
        long firstUsedByte = sun.misc.Unsafe.ARRAY_LONG_BASE_OFFSET + (long) Long.BYTES * CacheLines.LONG_ARRAY_PAD;
        assertThat(firstUsedByte % CacheLines.BYTES).isZero();
        assertThat(CacheLines.LONG_ARRAY_PAD).isBetween(0, CacheLines.BYTES / Long.BYTES - 1);
    }
}
