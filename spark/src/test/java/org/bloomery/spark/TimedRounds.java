package org.bloomery.spark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The benchmarks' timing: every task once to warm up, then rounds in which every task runs once in
 * turn, so that a change of load on a shared machine hits every task alike; keeps each task's
 * times and its last result.
 *
 * @param <R> what a task returns
 */
final class TimedRounds<R> {
    private final Map<String, double[]> seconds = new LinkedHashMap<>();
    private final Map<String, R> results = new LinkedHashMap<>();

    private TimedRounds() {
    }

    /** Runs the tasks, in their map's order, for {@code rounds} timed rounds after one warm-up. */
    static <R> TimedRounds<R> run(Map<String, Supplier<R>> tasks, int rounds) {
        TimedRounds<R> timed = new TimedRounds<>();
        tasks.forEach((name, task) -> {
            task.get();
            timed.seconds.put(name, new double[rounds]);
        });
        for (int round = 0; round < rounds; round++) {
            for (Map.Entry<String, Supplier<R>> task : tasks.entrySet()) {
                long start = System.nanoTime();
                timed.results.put(task.getKey(), task.getValue().get());
                timed.seconds.get(task.getKey())[round] = (System.nanoTime() - start) / 1e9;
            }
        }
        return timed;
    }

    /** The task names, in order. */
    List<String> names() {
        return List.copyOf(seconds.keySet());
    }

    /** A task's result in the last round. */
    R result(String name) {
        return results.get(name);
    }

    /** A task's median time in seconds. */
    double median(String name) {
        double[] sorted = seconds.get(name).clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /** A task's median and every round's time, as the docs' tables show them: {@code "1.23 (1.20, 1.23, 1.31)"}. */
    String times(String name) {
        List<String> runs = new ArrayList<>();
        for (double s : seconds.get(name)) {
            runs.add(String.format("%.2f", s));
        }
        return String.format("%.2f (%s)", median(name), String.join(", ", runs));
    }
}
