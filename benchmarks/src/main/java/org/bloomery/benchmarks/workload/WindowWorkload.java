package org.bloomery.benchmarks.workload;

import java.util.ArrayList;
import java.util.List;
import org.bloomery.benchmarks.Lineup;
import org.bloomery.benchmarks.contestant.BloomeryContestant;
import org.bloomery.benchmarks.contestant.Contestant;
import org.bloomery.benchmarks.contestant.Entrant;
import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.keys.Keys;

/**
 * {@code window}: the sliding-window filters, each built for a window of n adds, take a stream of
 * {@value #WINDOWS} windows of distinct keys (the absent pool, 5·n keys, which no other filter of the
 * lane sees) in chunks of n/10. After each chunk the oldest chunk still within the window is queried
 * (every one must be present: a false negative here breaks the promise), and once the first window
 * and half another have passed, a chunk of never-added keys (the present pool, cycled), for the fpp
 * at steady state. At the end the keys just past the window are probed in steps of 5% of the window:
 * the slack is the age past the window from which most of them are forgotten. The bits are read at
 * the end and divided by n: bits per window item. The contestants are kind {@code aging}, Commons'
 * layered filter and the segmented rotation, whatever the run's selection of kinds and peers.
 */
final class WindowWorkload {
    /** Windows of adds in a pass: the absent pool holds {@link Plan#ABSENT_PER_KEY}·n keys. */
    static final int WINDOWS = Plan.ABSENT_PER_KEY;
    /** Chunks per window, each followed by its queries. */
    private static final int CHUNKS = 10;
    /** Steps of the window in which the slack is measured: 5%. */
    private static final int SLACK_STEPS = 20;

    private WindowWorkload() {
    }

    /** The contestants, in report order. */
    static List<Entrant> contestants() {
        List<Entrant> contestants = new ArrayList<>(List.of(BloomeryContestant.windowEntrant()));
        contestants.addAll(Lineup.windowPeers());
        return contestants;
    }

    static List<Heat> heats(Plan plan, KeyType type) {
        List<Heat> heats = new ArrayList<>();
        for (double fpp : plan.fpps()) {
            heats.add(new Heat("fpp " + fpp, contestants().stream().map(e -> lane(plan, e, type, fpp)).toList(),
                    plan.sideRounds()));
        }
        return heats;
    }

    private static Lane lane(Plan plan, Entrant entrant, KeyType type, double fpp) {
        int window = plan.n();
        int[] slackSteps = {0};
        return new TrialLane(entrant, type, (trial, keys, round) -> {
            trial.round(window, fpp);
            int chunk = Math.max(1, window / CHUNKS);
            int total = WINDOWS * window;
            int probed = 0;
            for (int added = 0; added < total;) {
                int to = Math.min(total, added + chunk);
                trial.add(keys.absent(), added, to);
                added = to;
                int oldest = Math.max(0, added - window);
                trial.queryPresent(keys.absent(), oldest, Math.min(added, oldest + chunk));
                if (added >= window + window / 2) {
                    int from = probed % window;
                    int upTo = Math.min(window, from + chunk);
                    trial.queryAbsent(keys.present(), from, upTo);
                    probed += upTo - from;
                }
            }
            trial.measureSize();
            slackSteps[0] = Math.max(slackSteps[0], slackSteps(trial.contestant(), keys.absent(), total, window));
        }, trial -> trial.result(Workload.WINDOW, window, fpp, window, 1, List.of(), "slack "
                + slackSteps[0] * 100 / SLACK_STEPS + "% of the window"));
    }

    /**
     * How many steps of 5% past the window the keys stay: the first step (keys aged from {@code window
     * + step · window/20} to the next step) of which fewer than half are still reported present.
     */
    static int slackSteps(Contestant contestant, Keys stream, int added, int window) {
        int step = Math.max(1, window / SLACK_STEPS);
        for (int s = 0; s < SLACK_STEPS * (WINDOWS - 1); s++) {
            int to = added - window - s * step;
            int from = to - step;
            if (from < 0) {
                return s;
            }
            if (stream.countContained(contestant, from, to) * 2 < step) {
                return s;
            }
        }
        return SLACK_STEPS * (WINDOWS - 1);
    }
}
