package org.bloomery.benchmarks.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.bloomery.benchmarks.contestant.Entrant;
import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.contestant.Side;
import org.junit.jupiter.api.Test;

class PlanTest {

    private static Plan plan(int scalingMax, int threads) {
        return new Plan(1_000, List.of(0.01), 1, EnumSet.of(Workload.SCALING), 5, List.of(), List.of(),
                List.of(KeyType.LONG, KeyType.STRING), scalingMax, threads);
    }

    @Test
    void scalingStepsBySquareRootOfTenFromTenThousand() {
        assertThat(plan(1_000_000, 1).scalingSizes(KeyType.LONG))
                .containsExactly(10_000, 31_623, 100_000, 316_228, 1_000_000);
        // 2,000,000 is not a step: the ladder stops at the last step below it.
        assertThat(plan(2_000_000, 1).scalingSizes(KeyType.LONG)).endsWith(1_000_000);
    }

    @Test
    void stringKeysStopAtTenMillionAndASmallTopIsTheOnlySize() {
        assertThat(plan(100_000_000, 1).scalingSizes(KeyType.LONG)).endsWith(31_622_777, 100_000_000);
        assertThat(plan(100_000_000, 1).scalingSizes(KeyType.STRING)).endsWith(10_000_000);
        assertThat(plan(5_000, 1).scalingSizes(KeyType.LONG)).containsExactly(5_000);
    }

    @Test
    void theKeyPoolsCoverTheLargestScalingSize() {
        assertThat(plan(1_000_000, 1).presentKeys(KeyType.LONG)).isEqualTo(1_000_000);
        assertThat(plan(1_000_000, 1).absentKeys()).isEqualTo(Plan.SCALING_QUERIES);
    }

    @Test
    void outOfRangeSettingsAreRefusedByName() {
        assertThatThrownBy(() -> plan(0, 1)).hasMessageContaining("largest n").hasMessageContaining("got 0");
        assertThatThrownBy(() -> plan(10_000, 0)).hasMessageContaining("threads must be at least 1, got 0");
    }

    private static Entrant entrant(String name, String family, Side side) {
        return new Entrant(name, family, side, Set.of(), true, name, (type, n, fpp) -> {
            throw new UnsupportedOperationException("never built here");
        });
    }

    private static List<String> oneLayoutPerKind(Entrant... filters) {
        return new Plan(1_000, List.of(0.01), 1, EnumSet.of(Workload.CHURN), 5, List.of(filters), List.of(),
                List.of(KeyType.LONG), 10_000, 1).oneLayoutPerKind().stream().map(Entrant::name).toList();
    }

    @Test
    void aKindsOtherLayoutStandsInForItOnlyWhenTheKindItselfDoesNotRun() {
        Entrant classic = entrant("classic", "classic", Side.BLOOMERY);
        Entrant blocked = entrant("classic-blocked", "classic", Side.BLOOMERY);
        Entrant countingBlocked = entrant("counting-blocked", "counting", Side.BLOOMERY);
        Entrant peer = entrant("fastfilter-blocked", "classic", Side.PEER);
        assertThat(blocked.layoutVariant()).isTrue();
        assertThat(classic.layoutVariant()).isFalse();
        assertThat(peer.layoutVariant()).isFalse();
        assertThat(oneLayoutPerKind(classic, blocked, countingBlocked, peer))
                .containsExactly("classic", "counting-blocked", "fastfilter-blocked");
    }
}
