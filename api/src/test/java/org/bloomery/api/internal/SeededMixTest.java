package org.bloomery.api.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SeededMixTest {
    @Test
    void unmixUndoesMixForEverySeed() {
        SplittableRandom random = new SplittableRandom(2);
        for (int i = 0; i < 10_000; i++) {
            long hash = random.nextLong();
            long seed = random.nextLong();
            assertThat(SeededMix.unmix(SeededMix.mix(hash, seed), seed)).isEqualTo(hash);
        }
        assertThat(SeededMix.unmix(SeededMix.mix(0, 0), 0)).isZero();
        assertThat(SeededMix.inverseOdd(3) * 3).isEqualTo(1);
        assertThat(SeededMix.inverseOdd(0xc4ceb9fe1a85ec53L) * 0xc4ceb9fe1a85ec53L).isEqualTo(1);
    }

    @Test
    void eachSeedLeadsToADifferentOne() {
        long seed = 1;
        for (int i = 0; i < 1000; i++) {
            long next = SeededMix.nextSeed(seed);
            assertThat(next).isNotEqualTo(seed);
            seed = next;
        }
    }
}
