package org.bloomery.benchmarks.workload;

import java.util.ArrayList;
import java.util.List;

/**
 * The order of the timed passes of a heat: every round runs every lane once, and the order is
 * rotated by one each round, so with as many rounds as lanes every lane is timed once in every
 * position (first, second, …, last).
 */
final class Interleaving {
    private Interleaving() {
    }

    /**
     * The order of one round.
     *
     * @param lanes the lanes in report order
     * @param round the round, from 0
     * @return the lanes rotated left by {@code round}
     */
    static <T> List<T> order(List<T> lanes, int round) {
        List<T> order = new ArrayList<>(lanes.size());
        for (int i = 0; i < lanes.size(); i++) {
            order.add(lanes.get(Math.floorMod(i + round, lanes.size())));
        }
        return order;
    }
}
