package org.bloomery.redis;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.bloomery.bloom.AgingBody;
import org.bloomery.bloom.WindowPlan;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterFullException;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.spi.AbstractFilter;
import org.bloomery.api.spi.Envelope;
import org.bloomery.bloom.BloomKinds;
import org.bloomery.bloom.LayerPlan;

/**
 * A sliding-window Bloom filter kept in Redis (kind {@code "redis-aging"}), shared by every process
 * that opens the same name: the in-process {@code aging} kind's window, generations and layers for
 * the same spec ({@link WindowPlan}), with its promise. An item added within the window ({@code
 * window=W}: the last W adds of all clients; {@code windowMillis=T}: the last T milliseconds of the
 * server's clock) is always reported present; an item older than the window by more than the slack
 * ({@code (g + 1) · span − window}, a quarter of the window by default) is reported present with
 * probability at most the spec's fpp, like one never added. The spec's {@code expectedInsertions} is
 * the most items one window holds; a time window's generations grow as {@code scalable}'s layers do
 * when more arrive, so the fpp holds at any rate.
 *
 * <p>Every add is one Lua script run by {@code EVALSHA} (one round trip): it starts the add's
 * generation if it is newer than the newest (deleting the grown layers of the slot it reuses and
 * zeroing its first), then sets the item's bits in the newest generation, growing it first when a
 * time window's generation is full. The step is atomic on the server, so two clients never start
 * a generation twice or lose an item. A query is one read-only script over the live generations
 * (one round trip). A time window's generation is the server's ({@code TIME}), so clients whose
 * clocks differ agree on the window; a server clock that goes back stands still until it passes
 * the newest generation started. Batches send up to 100 items per script and 10,000 per pipeline,
 * within one deadline for the whole call (option {@code timeoutMillis}); a failed batch add says how
 * far it got ({@link RedisFilterException#firstUnconfirmed()}). Every script first checks that the
 * metadata holds the identity this handle opened and a write epoch not below the one this handle
 * has seen, and that each layer of each generation has its length and ends with the filter's {@link
 * KeyTrailer}, and fails with {@link RedisDataLostException} otherwise (a key deleted, truncated or
 * written over, or a rollback). With option {@code minReplicas}, every add is followed by {@code
 * WAIT}.
 *
 * <p>Keys: the metadata hash {@code <prefix>{<name>}:meta} (kind, format, identity, hasher id, layout,
 * window, generations, the spec, the ring's state and the write epoch; see {@link AgingScripts}),
 * and layer j of slot s {@code <prefix>{<name>}:gen:<s>:<j>}, each its bits then a {@link
 * KeyTrailer}. Every key carries the hash tag {@code {<name>}}, so in a Redis Cluster they all live
 * in one slot, as a script needs; the filter is not sharded.
 *
 * <p>{@link #add} returns false if the item might already have been present in the window, and adds
 * it all the same, so that it stays for another window. {@link #approximateCount()} counts the adds in
 * the window as the in-process kind does. No {@code remove}, no merge. Limits: those of the {@code
 * aging} kind, and 2^32 bits per layer (512 MiB, Redis's largest string); a time window's generation
 * that cannot grow refuses the item with {@link FilterFullException}, changing nothing.
 *
 * <p><b>Failures.</b> As {@link RedisCellsFilter}: a server that fails, times out or answers with an
 * error gives {@link RedisFilterException}; a query never answers "absent" for a failure.
 *
 * <p><b>Thread safety.</b> Every method may be called from many threads ({@link
 * Capability#CONCURRENT}) and many processes ({@link Capability#SHARED}). Batches are atomic per
 * run of 100 items, not as a whole. {@link #writeTo} reads the generations in chunks, so adds racing
 * with it may or may not be included.
 *
 * @param <T> the item type
 */
public final class RedisAgingFilter<T> extends AbstractFilter<T> {
    /** What a time window can do: it grows with the rate of adds. */
    static final Set<Capability> CAPABILITIES = Collections.unmodifiableSet(
            EnumSet.of(Capability.SHARED, Capability.GROW, Capability.CONCURRENT, Capability.ADD, Capability.WINDOW));
    private static final Set<Capability> COUNT_WINDOW_CAPABILITIES = Collections.unmodifiableSet(
            EnumSet.of(Capability.SHARED, Capability.CONCURRENT, Capability.ADD, Capability.WINDOW));
    /** What a layer's key adds to the filter's base before its slot number. */
    private static final String GENERATION = ":gen:";

    private final RedisStore store;
    private final RedisAgingOptions options;
    private final WindowPlan plan;
    private final LayerCommands commands;
    private final ScalableBatch batches;

    private RedisAgingFilter(RedisStore store, RedisAgingOptions options, FilterSpec spec,
            KeyHasher<? super T> hasher) {
        super(RedisAgingProvider.KIND, Location.shownSpec(spec), hasher);
        this.store = store;
        this.options = options;
        this.plan = options.plan();
        this.commands = new LayerCommands(store, plan.growth(), options.location(), GENERATION);
        this.batches = new ScalableBatch(store, commands, options.location(), options.durability());
    }

    /**
     * Opens the filter named in the options, creating it (every slot's first layer, then the
     * metadata, in one script) unless option {@code create} is {@code never}.
     *
     * @throws IllegalArgumentException if a generation cannot be stored, or a filter of the name
     *     exists with another kind, window, spec or hasher, naming the difference; nothing is changed
     * @throws RedisFilterMissingException under {@code create=never}, if the name holds no filter
     * @throws RedisFilterException if a key of the filter holds another type, or the server fails
     */
    static <T> RedisAgingFilter<T> open(RedisStore store, RedisAgingOptions options, FilterSpec spec,
            KeyHasher<? super T> hasher) {
        RedisAgingFilter<T> filter = new RedisAgingFilter<>(store, options, spec, hasher);
        LayerCommands commands = filter.commands;
        WindowPlan plan = options.plan();
        commands.layerPlan(0).orElseThrow(reason -> new IllegalArgumentException("kind '" + RedisAgingProvider.KIND
                + "' cannot store a generation for " + options.localSpec() + ": " + reason));
        List<String> keys = new ArrayList<>();
        keys.add(commands.metaKey());
        List<String> ring = new ArrayList<>(List.of("head", "0", "adds", "0"));
        for (int slot = 0; slot < plan.slots(); slot++) {
            keys.add(filter.layerKey(slot, 0));
            ring.addAll(List.of("gen:" + slot, Long.toString(plan.epochInSlot(slot, 0)), "layers:" + slot, "1",
                    "items:" + slot, "0"));
        }
        if (commands.createOrJoin(options.location(), options.metadata(hasher.id()), keys, ring, () -> { })) {
            filter.checkRing("open");
        }
        return filter;
    }

    /**
     * Checks, changing nothing, that the metadata holds this filter's identity and every layer of
     * every slot is a string of its length: {@link AgingScripts#EXISTS} with no items.
     */
    private void checkRing(String operation) {
        commands.runCurrent(operation, AgingScripts.EXISTS, this::keys, layers -> {
            List<String> tail = new ArrayList<>(List.of("0"));
            tail.addAll(existsHeader(layers));
            tail.add("");
            return tail;
        });
    }

    /** {@link AgingScripts#EXISTS}' header: the window, then k and byte length of each layer. */
    private List<String> existsHeader(int layers) {
        List<String> header = new ArrayList<>(window());
        header.addAll(LayerCommands.existsHeader(commands.plans(layers)));
        return header;
    }

    /** Layer j of slot s. */
    private String layerKey(int slot, int layer) {
        return commands.layerKey(slot) + ":" + layer;
    }

    /**
     * Every key a filter of these options can have, whatever its state: the metadata, then each
     * slot's layers up to the most a generation may have.
     */
    static List<String> everyKey(RedisAgingOptions options) {
        String base = options.location().prefix() + "{" + options.location().name() + "}";
        List<String> keys = new ArrayList<>();
        keys.add(base + ":meta");
        for (int slot = 0; slot < options.plan().slots(); slot++) {
            for (int layer = 0; layer < options.plan().growth().maxLayers(); layer++) {
                keys.add(base + GENERATION + slot + ":" + layer);
            }
        }
        return keys;
    }

    /** The metadata, then layers 0..layers of every slot: the keys of every script of {@link AgingScripts}. */
    private List<String> keys(int layers) {
        List<String> keys = new ArrayList<>(1 + plan.slots() * (layers + 1));
        keys.add(commands.metaKey());
        for (int slot = 0; slot < plan.slots(); slot++) {
            for (int layer = 0; layer <= layers; layer++) {
                keys.add(layerKey(slot, layer));
            }
        }
        return keys;
    }

    /** The window's arguments: timed (1 or 0), span, G. */
    private List<String> window() {
        return List.of(plan.timed() ? "1" : "0", Long.toString(plan.span()), Integer.toString(plan.slots()));
    }

    // ---- adds and queries ------------------------------------------------------------------------

    /**
     * {@inheritDoc}
     *
     * <p>The item goes into the newest generation even when it might already be present, so that it
     * stays in the window for another window.
     *
     * @throws FilterFullException if a time window's generation cannot grow; the item is then not
     *     added
     */
    @Override
    public boolean addHash(long hash) {
        return addHashes("add", new long[] {hash}, false)[0];
    }

    @Override
    public boolean mightContainHash(long hash) {
        return existsHashes("query", new long[] {hash})[0];
    }

    /**
     * Adds many items in order, each exactly as {@link #add} would, in one round trip per 10,000
     * items.
     *
     * @param items the items, none null
     * @return for each, whether no live generation held it before its add
     * @throws FilterFullException if an item is refused because its generation cannot grow: the
     *     items before it were added, it and the items after it were not
     */
    public boolean[] addAll(Collection<? extends T> items) {
        return addAllHashes(BatchRunner.hashesOf(hasher, items));
    }

    /**
     * {@link #addAll} for items whose hashes are known.
     *
     * @param hashes {@code hasher().hash(item)} of each item
     * @return for each, whether no live generation held it before its add
     */
    public boolean[] addAllHashes(long[] hashes) {
        return addHashes("add batch", hashes, true);
    }

    /**
     * Queries many items in one round trip per 10,000 items.
     *
     * @param items the items, none null
     * @return {@link #mightContain} of each, in order
     */
    public boolean[] mightContainAll(Collection<? extends T> items) {
        return existsHashes("query batch", BatchRunner.hashesOf(hasher, items));
    }

    /**
     * {@link #mightContainAll} for items whose hashes are known.
     *
     * @param hashes {@code hasher().hash(item)} of each item
     * @return {@link #mightContainHash} of each, in order
     */
    public boolean[] mightContainAllHashes(long[] hashes) {
        return existsHashes("query batch", hashes);
    }

    /** {@inheritDoc} Sent as {@link #mightContainAllHashes}: one round trip per 10,000 hashes. */
    @Override
    public void mightContainHashes(long[] hashes, int from, int to, boolean[] out) {
        BatchRunner.answerRange(hashes, from, to, out, range -> existsHashes("query batch", range));
    }

    private boolean[] addHashes(String operation, long[] hashes, boolean batch) {
        return ScalableBatch.nonZero(batches.runAll(operation, AgingScripts.ADD, hashes, true, batch, new ScalableBatch.Runs() {
            @Override
            public List<String> keys(int layers) {
                return RedisAgingFilter.this.keys(layers);
            }

            @Override
            public List<String> header(int layers, LayerPlan[] plans) {
                List<String> header = new ArrayList<>(window());
                header.addAll(commands.addHeader(layers, plans));
                return header;
            }

            @Override
            public LayerPlan[] probed(int layers, LayerPlan[] plans) {
                return commands.addProbed(layers, plans);
            }

            @Override
            public FilterFullException refusal(int layers, int index) {
                String where = hashes.length == 1 ? "" : "; in a batch of " + hashes.length + ", the items before #"
                        + index + " were added, it and the items after it were not";
                return new FilterFullException("aging filter is full: kind '" + RedisAgingProvider.KIND + "', a"
                        + " generation holds " + layers + (layers == 1 ? " layer" : " layers") + " and cannot add"
                        + " layer " + layers + ": " + commands.layerPlan(layers).reason() + where);
            }
        }));
    }

    private boolean[] existsHashes(String operation, long[] hashes) {
        return ScalableBatch.nonZero(batches.runAll(operation, AgingScripts.EXISTS, hashes, false, false,
                new ScalableBatch.Runs() {
                    @Override
                    public List<String> keys(int layers) {
                        return RedisAgingFilter.this.keys(layers);
                    }

                    @Override
                    public List<String> header(int layers, LayerPlan[] plans) {
                        return existsHeader(layers);
                    }
                }));
    }

    // ---- the ring as a whole ---------------------------------------------------------------------

    /**
     * The ring as the server holds it, read by {@link AgingScripts#STATE} in one step.
     *
     * @param now the server's time, in milliseconds
     * @param head the newest generation started
     * @param adds the adds so far
     * @param generation each slot's generation
     * @param layers each slot's layer count
     * @param newestItems the items in each slot's newest layer
     */
    private record Ring(long now, long head, long adds, long[] generation, int[] layers, long[] newestItems) {
        /** @return the newest generation now: a time window's clock, or {@code head} */
        long newest(WindowPlan plan) {
            return plan.timed() ? Math.max(head, plan.clockEpoch(now)) : head;
        }

        boolean live(WindowPlan plan, int slot) {
            long newest = newest(plan);
            return generation[slot] >= newest - plan.generations() && generation[slot] <= newest;
        }
    }

    private Ring ring(String operation) {
        long seen = commands.epochs().seen(operation, 0);
        List<String> args = commands.args(seen, commands.knownLayers());
        args.addAll(window());
        List<?> reply = commands.run(operation, AgingScripts.STATE, List.of(commands.metaKey()), seen, args,
                Durability.NONE);
        int slots = plan.slots();
        long[] generation = new long[slots];
        int[] layers = new int[slots];
        long[] items = new long[slots];
        for (int slot = 0; slot < slots; slot++) {
            generation[slot] = (Long) reply.get(6 + 3 * slot);
            layers[slot] = (int) (long) (Long) reply.get(7 + 3 * slot);
            items[slot] = (Long) reply.get(8 + 3 * slot);
        }
        commands.knownLayers((int) (long) (Long) reply.get(5));
        return new Ring((Long) reply.get(2), (Long) reply.get(3), (Long) reply.get(4), generation, layers, items);
    }

    /** The items reserved in a slot's layers: every layer before the newest is full. */
    private long items(Ring ring, int slot) {
        long items = ring.newestItems()[slot];
        LayerPlan[] plans = commands.plans(ring.layers()[slot]);
        for (int layer = 0; layer < plans.length - 1; layer++) {
            items += plans[layer].capacity();
        }
        return items;
    }

    /**
     * @return in a count window {@code min(W, adds)}; in a time window the items of the live
     *     generations, the oldest weighted by the part of its span still in the window, at the
     *     server's time (one script)
     */
    @Override
    public long approximateCount() {
        Ring ring = ring("count");
        if (!plan.timed()) {
            return Math.min(plan.window(), ring.adds());
        }
        return Math.round(itemsInWindow(ring));
    }

    private double itemsInWindow(Ring ring) {
        long newest = ring.newest(plan);
        double items = 0;
        for (int slot = 0; slot < plan.slots(); slot++) {
            if (ring.live(plan, slot)) {
                items += plan.shareInWindow(ring.generation()[slot], newest, ring.now()) * items(ring, slot);
            }
        }
        return items;
    }

    /**
     * The filter's window and generations, as the in-process kind reports them.
     *
     * @return a snapshot, read in one script (and the count in a second)
     */
    public RedisAgingInfo info() {
        Ring ring = ring("info");
        long newest = ring.newest(plan);
        List<RedisAgingInfo.Generation> generations = new ArrayList<>(plan.slots());
        for (int i = 0; i < plan.slots(); i++) {
            int slot = (int) Math.floorMod(newest - i, (long) plan.slots());
            long items = plan.timed() ? items(ring, slot)
                    : Math.max(0, Math.min(plan.span(), ring.adds() - ring.generation()[slot] * plan.span()));
            generations.add(new RedisAgingInfo.Generation(ring.generation()[slot], ring.live(plan, slot), items,
                    ring.layers()[slot], bits(ring.layers()[slot])));
        }
        long count = plan.timed() ? Math.round(itemsInWindow(ring)) : Math.min(plan.window(), ring.adds());
        long bits = 0;
        for (int layers : ring.layers()) {
            bits += bits(layers);
        }
        return new RedisAgingInfo(plan.timed(), plan.window(), plan.generations(), plan.span(), plan.slack(), count, bits,
                generations);
    }

    private long bits(int layers) {
        long bits = 0;
        for (LayerPlan layer : commands.plans(layers)) {
            bits += layer.shape().cells();
        }
        return bits;
    }

    /** @return {@code 1 − Π(1 − fpp_i)} over the layers of the live generations, each from its set bits ({@code BITCOUNT}) */
    @Override
    public double expectedFpp() {
        Ring ring = ring("fpp");
        double allNegative = 1;
        for (int slot = 0; slot < plan.slots(); slot++) {
            if (!ring.live(plan, slot)) {
                continue;
            }
            LayerPlan[] plans = commands.plans(ring.layers()[slot]);
            for (int layer = 0; layer < plans.length; layer++) {
                long occupied = (Long) commands.layerRun("fpp", layerKey(slot, layer), plans[layer], "count");
                allNegative *= 1 - plans[layer].shape().fppFromOccupied(occupied);
            }
        }
        return 1 - allNegative;
    }

    /** @return the bits of every generation's layers, expired ones included until they are reused */
    @Override
    public long bitSize() {
        long bits = 0;
        for (int layers : ring("size").layers()) {
            bits += bits(layers);
        }
        return bits;
    }

    /**
     * Empties the filter in one atomic script: every generation is cleared and the grown layers
     * deleted; a count window starts counting its adds again. The script raises the filter's epoch,
     * so other handles read the clear as a newer state, not as a rollback.
     */
    @Override
    public void clear() {
        commands.runCurrent("clear", AgingScripts.CLEAR, this::keys, layers -> {
            List<String> tail = new ArrayList<>(window());
            tail.addAll(LayerCommands.byteLengths(commands.plans(layers)));
            return tail;
        });
        commands.knownLayers(1);
    }

    /** Deletes every key of the filter in one atomic script; queries fail afterwards. */
    public void delete() {
        commands.runCurrent("delete", LayerScripts.DELETE, this::keys, layers -> List.of());
    }

    /**
     * Writes a snapshot in the in-process {@code aging} kind's envelope, with the spec that kind is
     * built from (the Redis options left out): {@link org.bloomery.api.Filters#readFrom} then gives
     * a filter that answers every query as this one did at the moment of the snapshot (a time
     * window's generations are numbered by the server's clock, which the reader's clock then
     * continues). The ring comes from one script, the layers in 1 MiB {@code GETRANGE} chunks, so
     * adds racing with it may or may not be included.
     *
     * @throws RedisFilterException if the server fails; the stream may then hold a partial envelope
     */
    @Override
    public void writeTo(OutputStream out) throws IOException {
        Ring ring = ring("snapshot");
        long bodyLength = AgingBody.HEADER_BYTES;
        for (int slot = 0; slot < plan.slots(); slot++) {
            bodyLength += AgingBody.SLOT_HEADER_BYTES;
            for (LayerPlan layer : commands.plans(ring.layers()[slot])) {
                bodyLength += AgingBody.LAYER_HEADER_BYTES + layer.shape().cells() / 8;
            }
        }
        Envelope.write(out, BloomKinds.AGING, hasher, options.localSpec(), bodyLength, body -> {
            AgingBody.writeHeader(body, plan.timed() ? 0 : ring.adds(), ring.head(), plan.slots());
            for (int slot = 0; slot < plan.slots(); slot++) {
                LayerPlan[] plans = commands.plans(ring.layers()[slot]);
                AgingBody.writeSlotHeader(body, ring.generation()[slot], plans.length);
                for (int layer = 0; layer < plans.length; layer++) {
                    long items = !plan.timed() ? 0
                            : layer < plans.length - 1 ? plans[layer].capacity() : ring.newestItems()[slot];
                    AgingBody.writeLayerHeader(body, plans[layer].shape().cells(), items);
                    commands.writeLayer(body, layerKey(slot, layer), plans[layer]);
                }
            }
        });
    }

    /** @return the filter's Redis keys that exist now: the metadata, then each slot's layers */
    public List<String> keys() {
        Ring ring = ring("keys");
        List<String> keys = new ArrayList<>();
        keys.add(commands.metaKey());
        for (int slot = 0; slot < plan.slots(); slot++) {
            for (int layer = 0; layer < ring.layers()[slot]; layer++) {
                keys.add(layerKey(slot, layer));
            }
        }
        return keys;
    }

    /** @return the filter's name, shared by every process that opens it */
    public String name() {
        return options.location().name();
    }

    /** Releases the connection if this filter opened it from a URI; a client passed in stays open. */
    @Override
    public void close() {
        store.close();
    }

    @Override
    public Set<Capability> capabilities() {
        return plan.timed() ? CAPABILITIES : COUNT_WINDOW_CAPABILITIES;
    }

    @Override
    protected String describe() {
        return "name=" + name() + ", server=" + store.server() + ", window=" + plan.window() + " " + plan.unit()
                + ", generations=" + plan.generations() + "+1 of " + plan.span() + " " + plan.unit() + ", slack="
                + plan.slack() + " " + plan.unit() + ", spec=" + options.localSpec();
    }
}
