package org.bloomery.aging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.bloomery.aging.WindowRun.assertFppAtMost;
import static org.bloomery.aging.WindowRun.assertPresent;
import static org.bloomery.aging.WindowRun.item;
import static org.bloomery.aging.WindowRun.measuredFpp;

import java.util.SplittableRandom;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The promise of a count window, one thread: over a stream of many windows, every item within the
 * last W adds is present (the newest, the oldest one still within the window, and a random one, after
 * every add), items older than the window plus the slack are reported present no more often than
 * never-added ones, and the fpp at the worst moment (every generation full) meets the target.
 * 10^6 adds by default, 10^7 with {@code -Dbloomery.slowTests=true}.
 */
class CountWindowTest {
    private static final boolean SLOW = Boolean.getBoolean("bloomery.slowTests");
    private static final int WINDOW = 100_000;
    private static final double P = 0.01;
    private static final int PROBES = 1_000_000;

    @Test
    void noFalseNegativeWithinTheWindowAndOldItemsAreForgotten() {
        AgingFilter<Long> filter = AgingFilter.create(FilterSpec.of(WINDOW, P).withOption("window", "" + WINDOW),
                KeyHasher.longs());
        AgingInfo info = filter.info();
        assertThat(info.generations()).isEqualTo(4);
        assertThat(info.slack()).as("slack of g = 4").isEqualTo(WINDOW / 4);
        long forgottenAt = WINDOW + info.slack();
        long adds = SLOW ? 10_000_000L : 1_000_000L;
        SplittableRandom random = new SplittableRandom(WindowRun.SEED);
        long oldProbes = 0;
        long oldPositives = 0;
        for (long i = 0; i < adds; i++) {
            filter.addHash(item(i));
            assertPresent(filter, i, "just after its add");
            long inWindow = Math.min(i + 1, WINDOW);
            assertPresent(filter, i - inWindow + 1, "the oldest within the window, after add #" + i);
            assertPresent(filter, i - random.nextLong(inWindow), "after add #" + i);
            if (i >= forgottenAt) {
                oldProbes++;
                oldPositives += filter.mightContainHash(item(i - forgottenAt)) ? 1 : 0;
            }
            if ((i + 1) % WINDOW == 0) {
                assertThat(filter.approximateCount()).isEqualTo(WINDOW);
            }
        }
        // 875,000 probes or more of items just past window + slack: at 1% about 8,750 positives,
        // standard deviation about 93, so 1.05 · 1% is 4.7 sigma above a filter at exactly 1%.
        assertFppAtMost((double) oldPositives / oldProbes, 1.05 * P, (int) oldProbes,
                "items added window + slack adds ago, still reported present");
    }

    /**
     * After a whole number of generations every slot holds a full generation, the worst moment: the
     * fpp of 10^6 never-added keys is at most 1.05 · p (see {@link WindowRun#assertFppAtMost}).
     */
    @Test
    void theFppAtTheWorstMomentMeetsTheTarget() {
        AgingFilter<Long> filter = AgingFilter.create(FilterSpec.of(WINDOW, P).withOption("window", "" + WINDOW),
                KeyHasher.longs());
        for (long i = 0; i < 10L * WINDOW; i++) {
            filter.addHash(item(i));
        }
        assertThat(filter.info().perGeneration()).allSatisfy(g -> assertThat(g.items()).isEqualTo(WINDOW / 4));
        double fpp = measuredFpp(filter, PROBES, 0);
        assertFppAtMost(fpp, 1.05 * P, PROBES, "fpp with every generation full");
        assertThat(filter.expectedFpp()).isBetween(0.9 * P, 1.05 * P);
        assertThat((double) filter.bitSize() / WINDOW).as("bits per window item")
                .isBetween(15.5, 16.5);
    }

    /** More generations: a smaller slack and, up to about g = 8, fewer bits per window item. */
    @Test
    void eightGenerationsHaveAnEighthOfTheWindowAsSlack() {
        AgingFilter<Long> filter = AgingFilter.create(FilterSpec.of(WINDOW, P).withOption("window", "" + WINDOW)
                .withOption("generations", "8"), KeyHasher.longs());
        assertThat(filter.info().slack()).isEqualTo(WINDOW / 8);
        for (long i = 0; i < 3L * WINDOW; i++) {
            filter.addHash(item(i));
            assertPresent(filter, i - Math.min(i, WINDOW - 1), "the oldest within the window, after add #" + i);
        }
        assertFppAtMost(measuredFpp(filter, PROBES, 0), 1.05 * P, PROBES, "fpp with every generation full");
        assertThat((double) filter.bitSize() / WINDOW).as("bits per window item").isLessThan(16);
    }

    /**
     * The blocked, sectored and patterned layouts keep the promise too: three windows of 20,000 adds with the
     * oldest item within the window checked after each, and the fpp with every generation full over
     * 10^6 never-added keys at most 1.05 · p (each generation is sized by its layout's model).
     */
    @ParameterizedTest(name = "layout={0}")
    @ValueSource(strings = {"blocked", "sectored", "patterned"})
    void theBlockAndSectorLayoutsKeepTheWindow(String layout) {
        int window = 20_000;
        AgingFilter<Long> filter = AgingFilter.create(FilterSpec.of(window, P).withOption("window", "" + window)
                .withOption("layout", layout), KeyHasher.longs());
        for (long i = 0; i < 3L * window; i++) {
            filter.addHash(item(i));
            assertPresent(filter, i - Math.min(i, window - 1), "the oldest within the window, after add #" + i);
        }
        assertFppAtMost(measuredFpp(filter, PROBES, 0), 1.05 * P, PROBES, "fpp with every generation full");
    }

    /** A window smaller than the generations asked for gets one generation per add. */
    @Test
    void aWindowOfOneAddRemembersTheLastItem() {
        AgingFilter<Long> filter = AgingFilter.create(FilterSpec.of(1, P).withOption("window", "1"), KeyHasher.longs());
        assertThat(filter.info().generations()).isEqualTo(1);
        for (long i = 0; i < 1000; i++) {
            assertThat(filter.addHash(item(i))).isTrue();
            assertPresent(filter, i, "just after its add");
        }
        assertThat(filter.approximateCount()).isEqualTo(1);
    }

    /** Adding an item again keeps it for another window, though the add answers false. */
    @Test
    void aRepeatedItemStaysForAnotherWindow() {
        AgingFilter<Long> filter = AgingFilter.create(FilterSpec.of(1000, P).withOption("window", "1000"),
                KeyHasher.longs());
        filter.addHash(item(-1));
        for (long i = 0; i < 10_000; i++) {
            if (i % 900 == 0) {
                assertThat(filter.addHash(item(-1))).as("a repeated add").isFalse();
            }
            filter.addHash(item(i));
            assertPresent(filter, -1, "re-added at most 900 adds before add #" + i);
        }
    }
}
