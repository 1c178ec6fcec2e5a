package org.bloomery.benchmarks.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.keys.KeyGenerator;
import org.junit.jupiter.api.Test;

class InterleavingTest {

    @Test
    void eachRoundRotatesTheOrderByOne() {
        List<String> lanes = List.of("a", "b", "c");
        assertThat(Interleaving.order(lanes, 0)).containsExactly("a", "b", "c");
        assertThat(Interleaving.order(lanes, 1)).containsExactly("b", "c", "a");
        assertThat(Interleaving.order(lanes, 2)).containsExactly("c", "a", "b");
        assertThat(Interleaving.order(lanes, 3)).containsExactly("a", "b", "c");
    }

    @Test
    void withAsManyRoundsAsLanesEveryLaneIsTimedOnceInEveryPosition() {
        List<Integer> lanes = List.of(0, 1, 2, 3, 4);
        Map<Integer, Set<Integer>> positions = new TreeMap<>();
        for (int round = 0; round < lanes.size(); round++) {
            List<Integer> order = Interleaving.order(lanes, round);
            assertThat(order).containsExactlyInAnyOrderElementsOf(lanes);
            for (int position = 0; position < order.size(); position++) {
                positions.computeIfAbsent(order.get(position), k -> new java.util.TreeSet<>()).add(position);
            }
        }
        assertThat(positions.values()).allSatisfy(p -> assertThat(p).containsExactly(0, 1, 2, 3, 4));
    }

    /** The comparison runs every lane of a heat once per round, round by round, in the rotated order. */
    @Test
    void aHeatRunsRoundByRoundInTheRotatedOrder() {
        List<String> log = new ArrayList<>();
        Heat heat = new Heat("test", List.of(new LoggingLane("x", log), new LoggingLane("y", log),
                new LoggingLane("z", log)));
        KeyPools keys = KeyPools.generate(new KeyGenerator(1), KeyType.LONG, 1, 1);
        int rounds = 4;
        for (int round = 0; round < rounds; round++) {
            for (Lane lane : Interleaving.order(heat.lanes(), round)) {
                lane.pass(keys, round);
            }
        }
        assertThat(log).containsExactly("x0", "y0", "z0", "y1", "z1", "x1", "z2", "x2", "y2", "x3", "y3", "z3");
    }

    private record LoggingLane(String name, List<String> log) implements Lane {
        @Override
        public void pass(KeyPools keys, int round) {
            log.add(name + round);
        }

        @Override
        public List<Result> results() {
            return List.of();
        }
    }
}
