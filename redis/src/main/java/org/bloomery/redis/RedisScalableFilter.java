package org.bloomery.redis;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterFullException;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.spi.AbstractFilter;
import org.bloomery.bloom.BloomKinds;
import org.bloomery.bloom.GrowthPlan;
import org.bloomery.bloom.LayerPlan;
import org.bloomery.bloom.ScalableBody;
import org.bloomery.api.spi.Envelope;

/**
 * A scalable Bloom filter kept in Redis (kind {@code "redis-scalable"}) with RedisBloom's {@code
 * BF.*} semantics on any plain Redis 6.2 or later, shared by every process that opens the same
 * name. Its layers are the in-process {@code scalable} kind's for the same spec ({@link GrowthPlan}:
 * same capacities, errors, tightening, expansion, limits, layouts and probe positions), each stored
 * as one Redis string holding, byte for byte, that layer's words in the {@code scalable} snapshot.
 *
 * <p>Each method says which command it matches. Every add is one Lua script run by {@code EVALSHA}
 * (loaded again after {@code NOSCRIPT}): it probes every layer, and only if the item is in none
 * sets its bits in the newest layer, first adding a layer when the newest holds its capacity. The
 * whole step is atomic on the server, so clients adding at once never both add a layer, never
 * lose an item and never count one twice; {@link #approximateCount()} is exactly the number of adds
 * that answered true ({@code BF.CARD}). A query is one read-only script over every layer. Batches
 * send up to 100 items per script and 10,000 per pipeline: one round trip per 10,000 items, within
 * one deadline for the whole call (option {@code timeoutMillis}); a failed batch add says how far
 * it got ({@link RedisFilterException#firstUnconfirmed()}). Every script first checks that the
 * metadata holds the identity this handle opened and a write epoch not below the one this handle
 * has seen, and that each layer it reads has its length and ends with the filter's {@link
 * KeyTrailer}, and fails with {@link RedisDataLostException} otherwise (a layer replaced or written
 * over at the same length, or a rollback). With option {@code minReplicas}, every add is followed
 * by {@code WAIT}.
 *
 * <p>Keys: the metadata hash {@code <prefix>{<name>}:meta} (kind, format, identity, hasher id, layout,
 * expansion, tightening, non-scaling, the spec, and the counts {@code layers}, {@code items:i},
 * {@code card}, and the write epoch {@code epoch}; never a credential) and the layers {@code
 * <prefix>{<name>}:layer:<i>}, each its bits then a {@link KeyTrailer}. Every key
 * carries the hash tag {@code {<name>}}, so in a Redis Cluster they all live in one slot, as a
 * script needs; the filter is not sharded.
 *
 * <p>Limits, each refused with a {@link FilterFullException} naming it and leaving the filter
 * unchanged: those of {@link GrowthPlan} (256 layers, 64 hashes, a capacity past a long), and 2^32
 * bits per layer (512 MiB, Redis's largest string). A non-scaling filter at capacity refuses a new
 * item with the in-process kind's message, "non scaling filter is full".
 *
 * <p><b>Failures.</b> As {@link RedisCellsFilter}: a server that fails, times out or answers with an
 * error gives {@link RedisFilterException}; a query never answers "absent" for a failure.
 *
 * <p><b>Thread safety.</b> Every method may be called from many threads ({@link
 * Capability#CONCURRENT}) and many processes ({@link Capability#SHARED}): each add and query is
 * one atomic script. Batches are atomic per item, not as a whole. {@link #writeTo} reads the
 * layers in chunks, so adds racing with it may or may not be included.
 *
 * <p>{@link #spec()} is the spec the filter was opened with, a password in option {@code uri}
 * shown as {@code ****}.
 *
 * @param <T> the item type
 */
public final class RedisScalableFilter<T> extends AbstractFilter<T> {
    /** What the kind can do: a filter grows unless option {@code nonscaling} is true. */
    static final Set<Capability> CAPABILITIES = Collections.unmodifiableSet(
            EnumSet.of(Capability.SHARED, Capability.GROW, Capability.CONCURRENT, Capability.ADD));
    private static final Set<Capability> NONSCALING_CAPABILITIES = Collections.unmodifiableSet(
            EnumSet.of(Capability.SHARED, Capability.CONCURRENT, Capability.ADD));

    private final RedisStore store;
    private final RedisScalableOptions options;
    private final GrowthPlan plan;
    private final LayerCommands commands;
    private final ScalableBatch batches;

    private RedisScalableFilter(RedisStore store, RedisScalableOptions options, FilterSpec spec, KeyHasher<? super T> hasher) {
        super(RedisScalableProvider.KIND, Location.shownSpec(spec), hasher);
        this.store = store;
        this.options = options;
        this.plan = options.plan();
        this.commands = new LayerCommands(store, options.plan(), options.location(), ":layer:");
        this.batches = new ScalableBatch(store, commands, options.location(), options.durability());
    }

    /**
     * Opens the filter named in the options ({@code BF.RESERVE} when {@code mustBeNew}).
     *
     * @throws IllegalArgumentException if layer 0 cannot exist, or a filter of the name exists with
     *     another kind, spec or hasher, naming the difference; nothing is changed
     * @throws IllegalStateException if {@code mustBeNew} and the filter exists; nothing is changed
     * @throws RedisFilterException if a key of the filter holds another type, or the server fails
     */
    static <T> RedisScalableFilter<T> open(RedisStore store, RedisScalableOptions options, FilterSpec spec,
            KeyHasher<? super T> hasher, boolean mustBeNew) {
        RedisScalableFilter<T> filter = new RedisScalableFilter<>(store, options, spec, hasher);
        LayerCommands commands = filter.commands;
        commands.layerPlan(0).orElseThrow(reason -> new IllegalArgumentException("kind '" + RedisScalableProvider.KIND
                + "' cannot build layer 0 for " + options.localSpec() + ": " + reason));
        boolean existed = commands.createOrJoin(options.location(), options.metadata(hasher.id()),
                List.of(commands.metaKey(), commands.layerKey(0)), List.of("items:0", "0", "card", "0"), () -> {
                    if (mustBeNew) {
                        throw new IllegalStateException("filter '" + options.location().name() + "' exists in Redis"
                                + " (BF.RESERVE: item exists); join it with RedisFilters.scalable, or delete it first");
                    }
                });
        if (existed) {
            filter.checkLayers("open");
        }
        return filter;
    }

    // ---- BF.ADD, BF.MADD, BF.EXISTS, BF.MEXISTS ----------------------------------------------

    /**
     * {@code BF.ADD}: adds the item unless some layer already holds it.
     *
     * @return true if the item was new (and is now counted), false if it was found in a layer
     * @throws FilterFullException if the newest layer holds its capacity and the filter may not
     *     grow (non-scaling, or a limit in the class description); the filter is then unchanged
     */
    @Override
    public boolean addHash(long hash) {
        return addHashes("add", new long[] {hash}, false)[0] > 0;
    }

    /** {@code BF.EXISTS}: whether every bit of the item is set in some layer. */
    @Override
    public boolean mightContainHash(long hash) {
        return existsHashes("query", new long[] {hash})[0];
    }

    /**
     * {@code BF.MADD}: adds many items in order, each exactly as {@link #add} would, in one round
     * trip per 10,000 items.
     *
     * @param items the items, none null
     * @return for each, whether it was new
     * @throws FilterFullException if an item is refused because the filter is full: the items
     *     before it were added, it and the new items after it were not
     */
    public boolean[] addAll(Collection<? extends T> items) {
        return addAllHashes(BatchRunner.hashesOf(hasher, items));
    }

    /**
     * {@link #addAll} for items whose hashes are known.
     *
     * @param hashes {@code hasher().hash(item)} of each item
     * @return for each, whether it was new
     */
    public boolean[] addAllHashes(long[] hashes) {
        return ScalableBatch.nonZero(addHashes("add batch", hashes, true));
    }

    /**
     * {@code BF.MEXISTS}: queries many items in one round trip per 10,000 items.
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

    /**
     * Adds hashes in order with the {@link LayerScripts#ADD} script.
     *
     * @return for each, 0 if it was found in a layer, else {@code BF.CARD} right after its add: the
     *     order in which the server applied the adds
     */
    long[] addHashes(String operation, long[] hashes, boolean batch) {
        return batches.runAll(operation, LayerScripts.ADD, hashes, true, batch, new ScalableBatch.Runs() {
            @Override
            public List<String> keys(int layers) {
                List<String> keys = commands.keys(layers);
                keys.add(commands.layerKey(layers));
                return keys;
            }

            @Override
            public List<String> header(int layers, LayerPlan[] plans) {
                return commands.addHeader(layers, plans);
            }

            @Override
            public LayerPlan[] probed(int layers, LayerPlan[] plans) {
                return commands.addProbed(layers, plans);
            }

            @Override
            public FilterFullException refusal(int layers, int index) {
                return full(layers, commands.layerPlan(layers).reason(), index, hashes.length);
            }
        });
    }

    private boolean[] existsHashes(String operation, long[] hashes) {
        return ScalableBatch.nonZero(batches.runAll(operation, LayerScripts.EXISTS, hashes, false, false,
                new ScalableBatch.Runs() {
                    @Override
                    public List<String> keys(int layers) {
                        return commands.keys(layers);
                    }

                    @Override
                    public List<String> header(int layers, LayerPlan[] plans) {
                        return LayerCommands.existsHeader(plans);
                    }
                }));
    }

    /**
     * Checks, changing nothing, that the metadata holds this filter's identity and every layer is a
     * string of its length: {@link LayerScripts#EXISTS} with no items.
     */
    private void checkLayers(String operation) {
        commands.runCurrent(operation, LayerScripts.EXISTS, commands::keys, layers -> {
            List<String> tail = new ArrayList<>(List.of("0"));
            tail.addAll(LayerCommands.existsHeader(commands.plans(layers)));
            tail.add("");
            return tail;
        });
    }

    private FilterFullException full(int layers, String reason, int index, int batch) {
        String where = batch == 1 ? "" : "; in a batch of " + batch + ", the items before #" + index
                + " were added, it and the new items after it were not";
        if (plan.nonscaling()) {
            return new FilterFullException("non scaling filter is full: kind '" + RedisScalableProvider.KIND + "', capacity "
                    + plan.capacity() + " items" + where);
        }
        long capacity = 0;
        for (LayerPlan layer : commands.plans(layers)) {
            capacity += layer.capacity();
        }
        return new FilterFullException("scalable filter is full: kind '" + RedisScalableProvider.KIND + "', capacity "
                + capacity + " items in " + layers + (layers == 1 ? " layer" : " layers") + "; cannot add layer "
                + layers + ": " + reason + where);
    }

    // ---- BF.CARD, BF.INFO and the filter as a whole -------------------------------------------

    /** {@code BF.CARD}: the adds that answered true, exactly (the server counts them atomically). */
    @Override
    public long approximateCount() {
        return commands.count("count", "card", commands.metadata("count").get("card"));
    }

    /**
     * {@code BF.INFO}: capacity, size, number of layers, items inserted and expansion rate, plus
     * the error rate and tightening (as valkey-bloom reports them). One {@code HGETALL}.
     *
     * @return a snapshot
     */
    public RedisScalableInfo info() {
        Map<String, String> stored = commands.metadata("info");
        int layers = commands.layerCount("info", stored.get("layers"));
        commands.knownLayers(layers);
        long capacity = 0;
        long bytes = 0;
        for (LayerPlan layer : commands.plans(layers)) {
            capacity += layer.capacity();
            bytes += layer.shape().cells() / 8;
        }
        return new RedisScalableInfo(capacity, bytes, layers, commands.count("info", "card", stored.get("card")),
                plan.expansion(),
                plan.errorRate(), plan.tightening());
    }

    /** {@code 1 − Π(1 − fpp_i)}, each layer's fpp from its set bits ({@code BITCOUNT}), as the in-process kind. */
    @Override
    public double expectedFpp() {
        LayerPlan[] plans = commands.plans(commands.refreshLayers("fpp"));
        double allNegative = 1;
        for (int i = 0; i < plans.length; i++) {
            allNegative *= 1 - plans[i].shape().fppFromOccupied((Long) commands.layerRun("fpp", i, plans[i], "count"));
        }
        return 1 - allNegative;
    }

    /** @return the sum of the layers' bits */
    @Override
    public long bitSize() {
        long bits = 0;
        for (LayerPlan layer : commands.plans(commands.refreshLayers("size"))) {
            bits += layer.shape().cells();
        }
        return bits;
    }

    /**
     * Empties the filter and returns it to its first layer, in one atomic script: the other layers
     * are deleted and the counts reset. The script raises the filter's epoch, so other handles read
     * the clear as a newer state, not as a rollback.
     */
    @Override
    public void clear() {
        commands.runCurrent("clear", LayerScripts.CLEAR, commands::keys,
                layers -> LayerCommands.byteLengths(commands.plans(layers)));
        commands.knownLayers(1);
    }

    /** Deletes every key of the filter in one atomic script; queries fail afterwards. */
    public void delete() {
        commands.runCurrent("delete", LayerScripts.DELETE, commands::keys, layers -> List.of());
    }

    /**
     * Writes a snapshot in the in-process {@code scalable} kind's envelope, with the spec that kind
     * is built from (the Redis options left out): {@link org.bloomery.api.Filters#readFrom} then gives
     * a filter that answers every query exactly as this one did. The counts come from one {@code
     * HGETALL}, the layers in 1 MiB {@code GETRANGE} chunks, so adds racing with it may or may not
     * be included.
     *
     * @throws RedisFilterException if the server fails; the stream may then hold a partial envelope
     */
    @Override
    public void writeTo(OutputStream out) throws IOException {
        Map<String, String> stored = commands.metadata("snapshot");
        LayerPlan[] plans = commands.plans(commands.layerCount("snapshot", stored.get("layers")));
        long bodyLength = ScalableBody.HEADER_BYTES;
        for (LayerPlan layer : plans) {
            bodyLength += ScalableBody.LAYER_HEADER_BYTES + layer.shape().cells() / 8;
        }
        Envelope.write(out, BloomKinds.SCALABLE, hasher, options.localSpec(), bodyLength, body -> {
            ScalableBody.writeHeader(body, plan, plans.length);
            for (int i = 0; i < plans.length; i++) {
                LayerPlan layer = plans[i];
                long items = commands.count("snapshot", "items:" + i, stored.getOrDefault("items:" + i, "0"));
                ScalableBody.writeLayerHeader(body, layer, Math.min(items, layer.capacity()));
                commands.writeLayer(body, commands.layerKey(i), layer);
            }
        });
    }

    /**
     * Bytes the filter's keys take in Redis ({@code MEMORY USAGE} of each, summed).
     *
     * @return the bytes
     */
    public long memoryUsage() {
        long total = 0;
        for (String key : keys()) {
            total += store.memoryUsage("memory usage", key);
        }
        return total;
    }

    /** @return the filter's Redis keys: the metadata hash, then the layers, oldest first */
    public List<String> keys() {
        return commands.keys(commands.refreshLayers("keys"));
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
        return plan.nonscaling() ? NONSCALING_CAPABILITIES : CAPABILITIES;
    }

    @Override
    protected String describe() {
        return "name=" + name() + ", server=" + store.server() + ", layers=" + commands.knownLayers()
                + ", spec=" + options.localSpec();
    }
}
