package org.bloomery.benchmarks.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.bloomery.benchmarks.contestant.Ability;
import org.bloomery.benchmarks.contestant.Contestant;
import org.bloomery.benchmarks.contestant.Entrant;
import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.keys.KeyGenerator;
import org.bloomery.benchmarks.keys.Keys;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The window workload's three contestants on both key types, at a window of 10,000 over five windows:
 * none loses a key within the window (the oldest chunk, queried after every chunk as the workload
 * does), each forgets a quarter window after the window (the slack the workload measures, in steps of
 * 5%), and each answers never-added keys like a 1% filter: 20,000 probes expect 200 false positives
 * at 1%, standard deviation 14, so the 2% bound (400) is 14 sigma away, yet a filter that kept every
 * old key (about 5%: five windows, one of them live) fails it.
 */
class WindowWorkloadTest {
    private static final int WINDOW = 10_000;

    static Stream<Arguments> contestants() {
        return WindowWorkload.contestants().stream()
                .flatMap(e -> Stream.of(KeyType.values()).map(type -> Arguments.of(e.name(), e, type)));
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("contestants")
    void keepsTheWindowForgetsAfterTheSlackAndMeetsTheFpp(String name, Entrant entrant, KeyType type) {
        assertThat(entrant.can(Ability.WINDOW)).isTrue();
        KeyGenerator generator = new KeyGenerator(42);
        Keys stream = generator.absent(type, WindowWorkload.WINDOWS * WINDOW);
        Keys never = generator.present(type, 20_000);
        Contestant contestant = entrant.create(type, WINDOW, 0.01);
        int chunk = WINDOW / 10;
        for (int added = 0; added < stream.size(); added += chunk) {
            stream.addTo(contestant, added, added + chunk);
            int oldest = Math.max(0, added + chunk - WINDOW);
            assertThat(stream.countContained(contestant, oldest, oldest + chunk))
                    .as("the oldest chunk within the window after %d adds", added + chunk).isEqualTo(chunk);
        }
        assertThat(WindowWorkload.slackSteps(contestant, stream, stream.size(), WINDOW)).as("slack in 5%% steps")
                .isEqualTo(5);
        assertThat(never.countContained(contestant, 0, never.size())).as("false positives of 20,000")
                .isLessThan(400);
        // 16.1 by the formula of five filters at p/5; Commons' cleanup runs before its new layer is
        // added, so it holds six layers after each advance: 19.4.
        assertThat(contestant.bitSize().orElseThrow() / (double) WINDOW).as("bits per window item")
                .isBetween(15.0, 19.5);
    }
}
