package org.bloomery.benchmarks.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.bloomery.benchmarks.contestant.Entrant;
import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.exact.ExactSets;
import org.bloomery.benchmarks.keys.KeyGenerator;
import org.junit.jupiter.api.Test;

class ExactWorkloadTest {
    private static final int N = 200_000;

    /**
     * HashSet&lt;Long&gt; costs a table slot (4–8 bytes at 1–2 slots per key), a 32-byte entry node and a
     * 16-byte Long per key with compressed references: roughly 400–500 bits. The heap delta is
     * approximate, so the test only checks it lands in a wide band around that ([256, 1024] bits)
     * and is labelled approximate.
     */
    @Test
    void hashSetIsMeasuredFromTheHeapAndLabelledApproximate() {
        KeyGenerator generator = new KeyGenerator(9);
        KeyPools keys = KeyPools.generate(generator, KeyType.LONG, N, N * Plan.ABSENT_PER_KEY);
        Result result = run(ExactSets.entrants().get(0), keys, N);
        assertThat(result.contestant()).isEqualTo("hashset");
        assertThat(result.bitsApproximate()).isTrue();
        assertThat(result.note()).contains("approximate");
        assertThat(result.bitsPerElement()).isBetween(256.0, 1024.0);
        assertThat(result.falsePositives().hits()).isZero();
        assertThat(result.falseNegatives()).isZero();
    }

    @Test
    void tableSetsAreReadFromTheirTables() {
        KeyGenerator generator = new KeyGenerator(9);
        KeyPools keys = KeyPools.generate(generator, KeyType.LONG, 1_000, 10_000);
        Result result = run(ExactSets.entrants().get(1), keys, 1_000);
        assertThat(result.contestant()).isEqualTo("fastutil");
        assertThat(result.bitsApproximate()).isFalse();
        // 2,049 slots of 64 bits for 1,000 keys.
        assertThat(result.bitsPerElement()).isEqualTo(2049 * 64 / 1000.0);
    }

    /** Runs one exact set's lane for two rounds, as a heat would. */
    private static Result run(Entrant entrant, KeyPools keys, int n) {
        Plan plan = new Plan(n, List.of(0.01), 9, Set.of(Workload.EXACT), 2, List.of(), List.of(entrant),
                List.of(KeyType.LONG), Plan.SCALING_MIN, 1);
        Lane lane = ExactWorkload.lane(plan, entrant, KeyType.LONG);
        lane.pass(keys, 0);
        lane.pass(keys, 1);
        return lane.results().get(0);
    }
}
