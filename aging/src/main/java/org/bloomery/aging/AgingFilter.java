package org.bloomery.aging;

import static org.bloomery.aging.AgingProvider.KIND;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterFullException;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.spi.AbstractFilter;
import org.bloomery.api.spi.HeapBudget;
import org.bloomery.bloom.WindowPlan;

/**
 * A sliding-window Bloom filter: it always reports present an item added within its window, and
 * forgets older items without being told to remove them. The window is one of
 * <ul>
 *   <li>{@code window=W}, a window of adds: an item added within the last W adds (counting every
 *       add, repeats included) is reported present;</li>
 *   <li>{@code windowMillis=T}, a window of time: an item added within the last T milliseconds is
 *       reported present, at any rate of adds.</li>
 * </ul>
 * The spec's {@code expectedInsertions} n is the most distinct items one window holds, and its
 * {@code fpp} p bounds the false-positive rate at every moment, for a never-added item and for an
 * item older than the window by more than the slack alike.
 *
 * <p>The window is cut into g generations (option {@code generations}, default 4) of {@code span =
 * ceil(window / g)} adds or milliseconds each, and the filter keeps a ring of g + 1 of them, each a
 * Bloom filter of the engine sized for its items at error {@code p / (g + 1)}. An add goes into the
 * newest generation; a query ORs the generations of the ring. When a span ends, the oldest generation
 * is cleared and becomes the newest. So an item stays present for at least W adds (T ms) and at most
 * {@code (g + 1) · span}: the <em>slack</em>, how long past the window an item may still be reported
 * present, is {@code (g + 1) · span − window}, one span when g divides the window. In a time window a
 * generation that receives more than {@code ceil(n / g)} items grows by layers as a {@code scalable}
 * filter does (twice the capacity at half the error each), so the fpp stays under p at any rate; the
 * grown layers are released when the generation expires.
 *
 * <p>Time is read from the clock given at creation ({@link System#currentTimeMillis} by default) on
 * every add and query; no thread runs in the background. Generations begin at the multiples of the
 * span since the clock's zero. A span that ends rotates the ring at the next add; a query skips
 * expired generations without clearing them. A clock that goes backwards is
 * treated as standing still until it passes the latest time the filter saw. An add takes effect at
 * the moment it reads its position (its place among the adds, or the clock).
 *
 * <p>{@link #add} returns false if the item might already have been present, and adds it to the
 * newest generation all the same, so that a repeated item stays in the window. {@link
 * #approximateCount()} counts the adds in the window: exactly {@code min(W, adds)} in a count window,
 * and in a time window the items of the live generations, the oldest weighted by the part of its span
 * still in the window. No {@code remove}, no merge.
 *
 * <p>Thread safety: safe for concurrent use ({@link Capability#CONCURRENT}). Queries are lock-free and
 * allocate nothing. An add takes a lock only when it starts a new generation (once per span), and
 * otherwise sets its bits with atomic ORs; no concurrent add or rotation can lose an item within its
 * window, because a generation is cleared only when the generation g + 1 after it starts, which is
 * a whole window of adds (of time) after the last add that could write into it. {@link #clear()} is
 * not atomic with respect to concurrent adds.
 *
 * @param <T> the item type
 */
public final class AgingFilter<T> extends AbstractFilter<T> {
    /** What a time window can do: it grows with the rate of adds. */
    static final Set<Capability> CAPABILITIES =
            Collections.unmodifiableSet(EnumSet.of(Capability.GROW, Capability.CONCURRENT, Capability.ADD, Capability.WINDOW));
    private static final Set<Capability> COUNT_WINDOW_CAPABILITIES =
            Collections.unmodifiableSet(EnumSet.of(Capability.CONCURRENT, Capability.ADD, Capability.WINDOW));

    private final WindowPlan plan;
    private final LongSupplier clock;
    /** Slot {@code floorMod(e, g + 1)} holds generation e; fixed, its slots are reset in place. */
    private final Generation[] ring;
    /** Adds so far: in a count window, an add's position, which picks its generation. */
    private final AtomicLong adds;
    private final Object rotationLock = new Object();
    /** The newest generation whose slot is ready; written under the rotation lock, after the reset. */
    private volatile long current;

    AgingFilter(FilterSpec spec, KeyHasher<? super T> hasher, WindowPlan plan, LongSupplier clock, long adds,
            long current, Generation[] ring) {
        super(KIND, spec, hasher);
        this.plan = plan;
        this.clock = clock;
        this.adds = new AtomicLong(adds);
        this.current = current;
        this.ring = ring;
    }

    /**
     * Builds an empty filter that reads the system clock.
     *
     * @param spec n (the most items one window holds), fpp and options
     * @param hasher maps items to hashes
     * @param <T> the item type
     * @return the filter
     * @throws IllegalArgumentException for an unknown option, both or neither of {@code window} and
     *     {@code windowMillis}, or a value out of range, naming it and the allowed range; or if the
     *     generations do not fit in the free heap
     */
    public static <T> AgingFilter<T> create(FilterSpec spec, KeyHasher<? super T> hasher) {
        return create(spec, hasher, System::currentTimeMillis);
    }

    /**
     * Builds an empty filter that reads the given clock, for a time window (a count window never
     * reads it).
     *
     * @param spec n (the most items one window holds), fpp and options
     * @param hasher maps items to hashes
     * @param millis the clock, in milliseconds; called on every add and query, from any thread
     * @param <T> the item type
     * @return the filter
     * @throws IllegalArgumentException as {@link #create(FilterSpec, KeyHasher)}
     */
    public static <T> AgingFilter<T> create(FilterSpec spec, KeyHasher<? super T> hasher, LongSupplier millis) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(hasher, "hasher");
        Objects.requireNonNull(millis, "millis");
        WindowPlan plan = WindowPlan.of(spec, KIND);
        Generation[] ring = new Generation[plan.slots()];
        long newest = plan.timed() ? plan.clockEpoch(millis.getAsLong()) : 0;
        try {
            // Every generation is allocated now, so the whole ring must fit, not each generation in turn.
            long cells = plan.layer(0).shape().cells();
            HeapBudget.require(ring.length * (cells >>> 3), ring.length + " bit arrays of " + cells + " bits");
            for (int slot = 0; slot < ring.length; slot++) {
                ring[slot] = Generation.allocate(plan, plan.epochInSlot(slot, newest));
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("kind '" + KIND + "' cannot build its " + ring.length
                    + " generations for " + spec + ": " + e.getMessage(), e);
        }
        return new AgingFilter<>(spec, hasher, plan, millis, 0, newest, ring);
    }

    /**
     * Reads a filter written by {@link #writeTo}, with the system clock.
     *
     * @param in the stream, at the start of the envelope; not closed
     * @param hasher the hasher the filter was written with
     * @param <T> the item type
     * @return the filter
     * @throws org.bloomery.api.InvalidFilterDataException if the data is not a valid aging filter,
     *     saying why
     * @throws IOException if the stream fails
     */
    public static <T> AgingFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        return readFrom(in, hasher, System::currentTimeMillis);
    }

    /**
     * Reads a filter written by {@link #writeTo}, with the given clock. A time window's generations
     * carry the times they began, so a filter read after its window has passed reports nothing.
     *
     * @param in the stream, at the start of the envelope; not closed
     * @param hasher the hasher the filter was written with
     * @param millis the clock, in the milliseconds of the clock the filter was written with
     * @param <T> the item type
     * @return the filter
     * @throws org.bloomery.api.InvalidFilterDataException if the data is not a valid aging filter,
     *     saying why
     * @throws IOException if the stream fails
     */
    public static <T> AgingFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher, LongSupplier millis)
            throws IOException {
        Objects.requireNonNull(hasher, "hasher");
        Objects.requireNonNull(millis, "millis");
        return AgingCodec.read(in, hasher, millis);
    }

    /**
     * {@inheritDoc}
     *
     * <p>The item goes into the newest generation even when it might already be present, so that it
     * stays in the window for another window.
     *
     * @throws FilterFullException if a time window's generation cannot grow (its layer limit, or the
     *     heap); the item is then not added
     */
    @Override
    public boolean addHash(long hash) {
        if (plan.timed()) {
            long epoch = newestEpoch();
            boolean present = contains(hash, epoch);
            generation(epoch).add(hash);
            return !present;
        }
        boolean present = contains(hash, current);
        generation(adds.getAndIncrement() / plan.span()).insert(hash);
        return !present;
    }

    @Override
    public boolean mightContainHash(long hash) {
        return contains(hash, plan.timed() ? newestEpoch() : current);
    }

    /** ORs the generations from {@code newest − g} to {@code newest}, newest first, skipping expired slots. */
    private boolean contains(long hash, long newest) {
        Generation[] slots = ring;
        long oldestLive = newest - plan.generations();
        int slot = Math.floorMod(newest, slots.length);
        for (int i = 0; i < slots.length; i++) {
            Generation generation = slots[slot];
            if (generation.epoch() >= oldestLive && generation.mightContain(hash)) {
                return true;
            }
            slot = slot == 0 ? slots.length - 1 : slot - 1;
        }
        return false;
    }

    /** @return the epoch of now: the clock's, or the newest generation's if the clock went back */
    private long newestEpoch() {
        return Math.max(current, plan.clockEpoch(clock.getAsLong()));
    }

    /** @return the slot of generation {@code epoch}, after starting it if it is newer than the newest */
    private Generation generation(long epoch) {
        if (epoch > current) {
            rotate(epoch);
        }
        return ring[Math.floorMod(epoch, ring.length)];
    }

    /**
     * Starts every generation up to {@code epoch} (at most g + 1 of them, each reusing the slot of the
     * generation g + 1 before it, which is out of the window by then), then publishes it as the newest.
     */
    private void rotate(long epoch) {
        synchronized (rotationLock) {
            long newest = current;
            if (epoch <= newest) {
                return;
            }
            for (long e = Math.max(newest + 1, epoch - plan.generations()); e <= epoch; e++) {
                ring[Math.floorMod(e, ring.length)].reset(e);
            }
            current = epoch;
        }
    }

    /**
     * The filter's window and generations.
     *
     * @return a snapshot, taken without stopping concurrent adds
     */
    public AgingInfo info() {
        long newest = plan.timed() ? newestEpoch() : current;
        long addsNow = adds.get();
        List<GenerationInfo> generations = new ArrayList<>(ring.length);
        int slot = Math.floorMod(newest, ring.length);
        for (int i = 0; i < ring.length; i++) {
            Generation generation = ring[slot];
            long epoch = generation.epoch();
            generations.add(new GenerationInfo(epoch, epoch >= newest - plan.generations() && epoch <= newest,
                    items(generation, addsNow), generation.layers().length, generation.bitSize()));
            slot = slot == 0 ? ring.length - 1 : slot - 1;
        }
        return new AgingInfo(plan.timed(), plan.window(), plan.generations(), plan.span(), plan.slack(),
                approximateCount(), bitSize(), generations);
    }

    /** A generation's items: reserved in its layers in a time window; its share of the adds in a count window. */
    private long items(Generation generation, long addsNow) {
        if (plan.timed()) {
            return generation.items();
        }
        long first = generation.epoch() * plan.span();
        return Math.max(0, Math.min(plan.span(), addsNow - first));
    }

    @Override
    public Set<Capability> capabilities() {
        return plan.timed() ? CAPABILITIES : COUNT_WINDOW_CAPABILITIES;
    }

    /**
     * @return in a count window {@code min(W, adds)}; in a time window the items of the live
     *     generations, the oldest weighted by the part of its span still in the window
     */
    @Override
    public long approximateCount() {
        if (!plan.timed()) {
            return Math.min(plan.window(), adds.get());
        }
        long now = clock.getAsLong();
        long newest = Math.max(current, plan.clockEpoch(now));
        double items = 0;
        for (Generation generation : ring) {
            long epoch = generation.epoch();
            if (epoch < newest - plan.generations() || epoch > newest) {
                continue;
            }
            items += plan.shareInWindow(epoch, newest, now) * generation.items();
        }
        return Math.round(items);
    }

    /** @return {@code 1 − Π(1 − fpp_i)} over the layers of the live generations, each from its set bits */
    @Override
    public double expectedFpp() {
        long newest = plan.timed() ? newestEpoch() : current;
        double allNegative = 1;
        for (Generation generation : ring) {
            if (generation.epoch() >= newest - plan.generations()) {
                allNegative *= generation.allNegative();
            }
        }
        return 1 - allNegative;
    }

    /** @return the bits of every generation's layers, expired ones included until they are reused */
    @Override
    public long bitSize() {
        long bits = 0;
        for (Generation generation : ring) {
            bits += generation.bitSize();
        }
        return bits;
    }

    /**
     * Empties the filter: every generation is cleared and the grown layers are released; a count
     * window starts counting its adds again. Not atomic with respect to concurrent adds.
     */
    @Override
    public void clear() {
        synchronized (rotationLock) {
            long newest = plan.timed() ? newestEpoch() : 0;
            if (!plan.timed()) {
                adds.set(0);
            }
            for (int slot = 0; slot < ring.length; slot++) {
                ring[slot].reset(plan.epochInSlot(slot, newest));
            }
            current = newest;
        }
    }

    @Override
    public void writeTo(OutputStream out) throws IOException {
        AgingCodec.write(out, this);
    }

    WindowPlan plan() {
        return plan;
    }

    long adds() {
        return adds.get();
    }

    long current() {
        return current;
    }

    /** @return the slots; the caller must not modify the array */
    Generation[] ring() {
        return ring;
    }

    @Override
    protected String describe() {
        return "window=" + plan.window() + " " + plan.unit() + ", generations=" + plan.generations() + "+1 of "
                + plan.span() + " " + plan.unit() + ", slack=" + plan.slack() + " " + plan.unit() + ", items="
                + approximateCount() + ", bits=" + bitSize() + ", spec=" + spec;
    }
}
