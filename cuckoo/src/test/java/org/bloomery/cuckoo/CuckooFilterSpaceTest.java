package org.bloomery.cuckoo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Bits per item at full load against the classic Bloom filter's 1.44 log2(1/p). */
class CuckooFilterSpaceTest {
    private static final long SEED = 131;
    private static final int N = 1_000_000;

    /** p, the fingerprint width it gives at b = 4, and a classic Bloom filter's bits per item. */
    static Stream<Arguments> targets() {
        return Stream.of(Arguments.of(0.01, 10, 9.59), Arguments.of(0.001, 13, 14.38), Arguments.of(0.0001, 17, 19.17));
    }

    @ParameterizedTest(name = "p={0}")
    @MethodSource("targets")
    void bitsPerItemAtFullLoad(double p, int bits, double classic) {
        CuckooFilter<Long> filter = TestFilters.create(N, p);
        assertThat(filter.fingerprintBits()).isEqualTo(bits);
        for (int i = 0; i < N; i++) {
            filter.addHash(TestFilters.present(SEED, i));
        }
        double bitsPerItem = (double) filter.bitSize() / N;
        // f / 0.945, plus the sizing slack and the last word: within 0.01 bits of it at n = 10^6.
        assertThat(bitsPerItem).isCloseTo(bits / 0.945, within(0.01));
        if (p <= 0.001) {
            assertThat(bitsPerItem).as("below the classic filter's %s", classic).isLessThan(classic);
        }
        assertThat(filter.loadFactor()).isCloseTo(0.945, within(0.001));
        assertThat(filter.expectedFpp()).isLessThan(p);
    }
}
