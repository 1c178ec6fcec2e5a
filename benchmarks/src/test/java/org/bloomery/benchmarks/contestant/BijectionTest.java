package org.bloomery.benchmarks.contestant;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BijectionTest {

    /** SplitMix64 seeded with 0 outputs mix64(γ), mix64(2γ), ...: its published first two outputs. */
    @Test
    void matchesSplitMix64ReferenceOutputs() {
        long gamma = 0x9E3779B97F4A7C15L;
        assertThat(Bijection.mix64(gamma)).isEqualTo(0xE220A8397B1DCDAFL);
        assertThat(Bijection.mix64(2 * gamma)).isEqualTo(0x6E789E6AA1B965F4L);
    }

    @Test
    void distinctInputsGiveDistinctOutputs() {
        Set<Long> outputs = new HashSet<>();
        for (long x = -50_000; x < 50_000; x++) {
            assertThat(outputs.add(Bijection.mix64(x))).isTrue();
        }
    }
}
