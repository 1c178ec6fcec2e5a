package org.bloomery.bloom;

import java.util.OptionalLong;
import java.util.Set;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.spi.SpecOptions;

/**
 * What an aging filter's spec and options make of it (kind {@code aging}, and {@code redis-aging},
 * which keeps the same generations in Redis): the window (of adds or of milliseconds), the
 * number of generations g it is cut into, each generation's span ({@code ceil(window / g)} adds or
 * milliseconds, which is also the slack), and the Bloom layers of one generation. The ring holds
 * g + 1 generations, so each generation's error budget is {@code fpp / (g + 1)}: a query ORs them,
 * and the false-positive rate of an OR of independent filters is at most the sum of theirs.
 *
 * <p>A count window's generation takes exactly {@code span} adds, so it is one layer sized for
 * {@code min(span, n)} distinct items at the whole budget. A time window's generation takes whatever
 * arrives in its span of milliseconds, so it grows as a scalable filter does (the engine's {@link
 * GrowthPlan}, expansion 2, tightening 0.5): its first layer is sized for {@code ceil(n / g)} items at
 * half the budget, and each further layer for twice the items at half the error before it.
 *
 * @param timed whether the window is of milliseconds (option {@code windowMillis}) rather than of adds
 *     (option {@code window})
 * @param window the window's length, in adds or milliseconds
 * @param generations g, the generations the window is cut into: option {@code generations}, or the
 *     window's length if that is smaller
 * @param span each generation's length, {@code ceil(window / g)}, in adds or milliseconds
 * @param growth each generation's layers
 */
public record WindowPlan(boolean timed, long window, int generations, long span, GrowthPlan growth) {
    /** Option: the window as a number of adds. */
    public static final String WINDOW = "window";
    /** Option: the window as a number of milliseconds. */
    public static final String WINDOW_MILLIS = "windowMillis";
    /** Option: the generations the window is cut into. */
    public static final String GENERATIONS = "generations";
    /** The longest window, in adds or milliseconds: 2^40 (a time window of about 34.8 years). */
    public static final long MAX_WINDOW = 1L << 40;
    /** The most generations. */
    public static final int MAX_GENERATIONS = 64;
    /** The generations when option {@code generations} is not given: a slack of 25% of the window. */
    public static final int DEFAULT_GENERATIONS = 4;
    /** Every option the kind reads. */
    public static final Set<String> OPTIONS = Set.of(WINDOW, WINDOW_MILLIS, GENERATIONS, BloomLayout.OPTION);

    /**
     * Reads and checks a spec.
     *
     * @param spec the spec
     * @param kind the kind reading it, for messages
     * @return the plan
     * @throws IllegalArgumentException for an unknown option, both or neither of {@code window} and
     *     {@code windowMillis}, a value out of range (naming it and the range), or a generation that
     *     cannot be built
     */
    public static WindowPlan of(FilterSpec spec, String kind) {
        SpecOptions options = SpecOptions.of(spec, kind, OPTIONS);
        OptionalLong adds = options.longValue(WINDOW, 1, MAX_WINDOW);
        OptionalLong millis = options.longValue(WINDOW_MILLIS, 1, MAX_WINDOW);
        if (adds.isPresent() == millis.isPresent()) {
            throw new IllegalArgumentException("kind '" + kind + "' needs exactly one of options '" + WINDOW
                    + "' (a window of adds) and '" + WINDOW_MILLIS + "' (a window of milliseconds), each an integer in"
                    + " [1, 2^40]; got " + (adds.isPresent() ? "both" : "neither"));
        }
        int requested = (int) options.longValue(GENERATIONS, 1, MAX_GENERATIONS, DEFAULT_GENERATIONS);
        BloomLayout layout = BloomLayout.of(spec, kind);
        boolean timed = millis.isPresent();
        long window = timed ? millis.getAsLong() : adds.getAsLong();
        int generations = (int) Math.min(requested, window);
        long span = ceilDiv(window, generations);
        long n = spec.expectedInsertions();
        if (n > GrowthPlan.MAX_CAPACITY) {
            throw new IllegalArgumentException("expected insertions (items per window) of kind '" + kind
                    + "' must be in [1, 2^40], got " + n);
        }
        long capacity = timed ? ceilDiv(n, generations) : Math.min(span, n);
        double budget = spec.fpp() / (generations + 1);
        GrowthPlan growth = new GrowthPlan(capacity, budget, GrowthPlan.DEFAULT_EXPANSION,
                GrowthPlan.DEFAULT_TIGHTENING, !timed, layout);
        WindowPlan plan = new WindowPlan(timed, window, generations, span, growth);
        try {
            plan.layer(0);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("kind '" + kind + "' cannot build a generation for " + spec + ": "
                    + e.getMessage(), e);
        }
        return plan;
    }

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

    /** @return the generations the ring holds: g + 1 */
    public int slots() {
        return generations + 1;
    }

    /**
     * One layer of a generation.
     *
     * @param index 0 for the first
     * @return its plan
     * @throws IllegalArgumentException if the layer cannot exist ({@link GrowthPlan#layer})
     */
    public LayerPlan layer(int index) {
        return growth.layer(index);
    }

    /** @return how far past the window an item may still be reported present: {@code (g + 1) · span − window} */
    public long slack() {
        return slots() * span - window;
    }

    /**
     * The generation of a time: generations begin at the multiples of the span since the clock's
     * zero, so two filters of one spec that see the same times hold the same generations.
     *
     * @param now the time, in milliseconds
     * @return its generation
     */
    public long clockEpoch(long now) {
        return Math.floorDiv(now, span);
    }

    /**
     * The generation a slot holds when generation {@code newest} is the newest: the latest one at
     * most {@code newest} whose number is the slot's modulo {@code g + 1}.
     *
     * @param slot the slot, from 0 to g
     * @param newest the newest generation
     * @return the slot's generation
     */
    public long epochInSlot(int slot, long newest) {
        return newest - Math.floorMod(newest - slot, slots());
    }

    /**
     * The share of a live generation's items a time window still holds at {@code now}: 1 for the
     * newest, else the part of its span after the window's start.
     *
     * @param epoch the generation
     * @param newest the newest generation
     * @param now the time, in milliseconds
     * @return a share in [0, 1]
     */
    public double shareInWindow(long epoch, long newest, long now) {
        if (epoch == newest) {
            return 1;
        }
        long windowStart = Math.max(now, newest * span) - window;
        long end = (epoch + 1) * span;
        return Math.min(1, Math.max(0, (double) (end - windowStart) / span));
    }

    /** @return the unit of the window, for messages and descriptions */
    public String unit() {
        return timed ? "ms" : "adds";
    }
}
