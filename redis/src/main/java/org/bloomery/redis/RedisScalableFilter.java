package org.bloomery.redis;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Function;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterFullException;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.spi.AbstractFilter;
import org.bloomery.bloom.BloomKinds;
import org.bloomery.bloom.BloomShape;
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
 * metadata holds the identity this handle opened and that each layer it reads has its length, and
 * fails with {@link RedisDataLostException} otherwise.
 *
 * <p>Keys: the metadata hash {@code <prefix>{<name>}:meta} (kind, format, identity, hasher id, layout,
 * expansion, tightening, non-scaling, the spec, and the counts {@code layers}, {@code items:i},
 * {@code card}; never a credential) and the layers {@code <prefix>{<name>}:layer:<i>}. Every key
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
    /** Largest layer: one Redis string holds at most 2^32 bits. */
    static final long MAX_LAYER_BITS = 1L << 32;
    /** What the kind can do: a filter grows unless option {@code nonscaling} is true. */
    static final Set<Capability> CAPABILITIES = Collections.unmodifiableSet(
            EnumSet.of(Capability.SHARED, Capability.GROW, Capability.CONCURRENT, Capability.ADD));
    private static final Set<Capability> NONSCALING_CAPABILITIES = Collections.unmodifiableSet(
            EnumSet.of(Capability.SHARED, Capability.CONCURRENT, Capability.ADD));
    /** Items per script run in a batch: a run takes well under a millisecond on the server. */
    private static final int ITEMS_PER_SCRIPT = 100;
    /** Items per pipeline, bounding what a batch holds at once. */
    private static final int PIPELINE_ITEMS = 10_000;

    private final RedisStore store;
    private final ScalableOptions options;
    private final GrowthPlan plan;
    private final String metaKey;
    private final String layerKeyBase;
    /** Layer i's {@link LayerPlan}, or the reason it cannot exist; filled on first use. */
    private final AtomicReferenceArray<Object> layerPlans = new AtomicReferenceArray<>(GrowthPlan.MAX_LAYERS + 1);
    /** The layer count this client last saw; every script checks it against the stored one. */
    private volatile int knownLayers = 1;
    /** The filter's identity, which every script checks against the metadata's; set by {@link #open}. */
    private String identity;

    private RedisScalableFilter(RedisStore store, ScalableOptions options, FilterSpec spec, KeyHasher<? super T> hasher) {
        super(RedisScalableProvider.KIND, Location.shownSpec(spec), hasher);
        this.store = store;
        this.options = options;
        this.plan = options.plan();
        String base = options.location().prefix() + "{" + options.location().name() + "}";
        this.metaKey = base + ":meta";
        this.layerKeyBase = base + ":layer:";
    }

    /**
     * Opens the filter named in the options ({@code BF.RESERVE} when {@code mustBeNew}).
     *
     * @throws IllegalArgumentException if layer 0 cannot exist, or a filter of the name exists with
     *     another kind, spec or hasher, naming the difference; nothing is changed
     * @throws IllegalStateException if {@code mustBeNew} and the filter exists; nothing is changed
     * @throws RedisFilterException if a key of the filter holds another type, or the server fails
     */
    static <T> RedisScalableFilter<T> open(RedisStore store, ScalableOptions options, FilterSpec spec,
            KeyHasher<? super T> hasher, boolean mustBeNew) {
        RedisScalableFilter<T> filter = new RedisScalableFilter<>(store, options, spec, hasher);
        LayerPlan first = filter.layerPlan(0).orElseThrow(reason -> new IllegalArgumentException("kind '"
                + RedisScalableProvider.KIND + "' cannot build layer 0 for " + options.localSpec() + ": " + reason));
        Map<String, String> wanted = options.metadata(hasher.id());
        String fresh = Identity.random().hex();
        List<String> args = new ArrayList<>();
        args.add(Long.toString(first.shape().cells() / 8));
        wanted.forEach((field, value) -> {
            args.add(field);
            args.add(value);
        });
        args.addAll(List.of(Identity.FIELD, fresh, "layers", "1", "items:0", "0", "card", "0"));
        List<?> reply = options.location().open().createOrJoin(store, options.location().name(),
                List.of(filter.metaKey), filter.metaKey, () -> (List<?>) store.script("open", LayerScripts.CREATE,
                        List.of(filter.metaKey, filter.layerKey(0)), args), OpenPolicy::flat);
        filter.identity = fresh;
        if (!reply.isEmpty()) {
            if (mustBeNew) {
                throw new IllegalStateException("filter '" + options.location().name() + "' exists in Redis"
                        + " (BF.RESERVE: item exists); join it with RedisFilters.scalable, or delete it first");
            }
            Map<String, String> stored = CellsOpening.pairs(reply);
            Metadata.requireFilter(store, filter.metaKey, stored);
            Metadata.difference(stored, wanted).ifPresent(difference -> {
                throw new IllegalArgumentException("filter '" + options.location().name() + "' exists in Redis with a"
                        + " different " + difference + "; open it with its own spec and hasher, or delete it first");
            });
            filter.identity = Identity.fromHex(stored.get(Identity.FIELD)).orElseThrow(() -> store.lost("open",
                    filter.metaKey, "holds no valid identity (field '" + Identity.FIELD + "'): it was overwritten"))
                    .hex();
            filter.knownLayers = filter.layerCount("open", stored.get("layers"));
            filter.checkLayers("open");
        }
        return filter;
    }

    // ---- layers ------------------------------------------------------------------------------

    /** Layer i's plan, or why it cannot exist (a limit of the growth plan or of a Redis string). */
    PlannedLayer layerPlan(int index) {
        Object known = layerPlans.get(index);
        if (known == null) {
            try {
                LayerPlan layer = plan.layer(index);
                known = layer.shape().cells() > MAX_LAYER_BITS ? "it needs " + layer.shape().cells()
                        + " bits, more than 2^32 bits (512 MiB, the largest Redis string)" : layer;
            } catch (IllegalArgumentException e) {
                known = e.getMessage();
            }
            layerPlans.set(index, known);
        }
        return new PlannedLayer(known);
    }

    /** A layer's plan or the reason it cannot exist. */
    record PlannedLayer(Object value) {
        LayerPlan orElseThrow(Function<String, RuntimeException> refusal) {
            if (value instanceof LayerPlan layer) {
                return layer;
            }
            throw refusal.apply((String) value);
        }

        LayerPlan orNull() {
            return value instanceof LayerPlan layer ? layer : null;
        }

        String reason() {
            return value instanceof String reason ? reason : null;
        }
    }

    String layerKey(int index) {
        return layerKeyBase + index;
    }

    /** The metadata key, then layers 0..count-1. */
    private List<String> keys(int count) {
        List<String> keys = new ArrayList<>(count + 1);
        keys.add(metaKey);
        for (int i = 0; i < count; i++) {
            keys.add(layerKey(i));
        }
        return keys;
    }

    /** Reads the stored layer count after a script answered {@link LayerScripts#STALE}. */
    private int refreshLayers(String operation) {
        knownLayers = layerCount(operation, metadata(operation).get("layers"));
        return knownLayers;
    }

    /**
     * The stored metadata (one {@code HGETALL}), checked to be this filter's.
     *
     * @throws RedisDataLostException if it is missing or holds another identity
     */
    private Map<String, String> metadata(String operation) {
        Map<String, String> stored = store.hgetAll(operation, metaKey);
        if (stored.isEmpty()) {
            throw store.lost(operation, metaKey, "is missing: the filter was deleted, or the server lost it (a restart"
                    + " without persistence, a flush, an eviction)");
        }
        if (!identity.equals(stored.get(Identity.FIELD))) {
            throw store.lost(operation, metaKey, "belongs to another filter: the one this handle opened was deleted"
                    + " or replaced since, and the name created anew");
        }
        return stored;
    }

    /** A stored count, checked to be a number at least 0. */
    private long count(String operation, String field, String stored) {
        try {
            long value = Long.parseLong(stored);
            if (value >= 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // Reported below.
        }
        throw store.failure(operation, "the metadata '" + metaKey + "' holds '" + stored + "' in field '" + field
                + "', not a count; it was not written by this kind");
    }

    /** The stored layer count, checked: what a client or an upload of this spec could have written. */
    private int layerCount(String operation, String stored) {
        try {
            int layers = Integer.parseInt(stored);
            if (layers >= 1 && layers <= plan.maxLayers()) {
                return layers;
            }
        } catch (NumberFormatException e) {
            // Reported below.
        }
        throw store.failure(operation, "the metadata '" + metaKey + "' says the filter has '" + stored
                + "' layers, outside [1, " + plan.maxLayers() + "]; it was not written by this kind");
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
        return addHashes("add", new long[] {hash})[0] > 0;
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
        return addAllHashes(hashes(items));
    }

    /**
     * {@link #addAll} for items whose hashes are known.
     *
     * @param hashes {@code hasher().hash(item)} of each item
     * @return for each, whether it was new
     */
    public boolean[] addAllHashes(long[] hashes) {
        long[] counts = addHashes("add batch", hashes);
        boolean[] added = new boolean[hashes.length];
        for (int i = 0; i < hashes.length; i++) {
            added[i] = counts[i] > 0;
        }
        return added;
    }

    /**
     * {@code BF.MEXISTS}: queries many items in one round trip per 10,000 items.
     *
     * @param items the items, none null
     * @return {@link #mightContain} of each, in order
     */
    public boolean[] mightContainAll(Collection<? extends T> items) {
        return existsHashes("query batch", hashes(items));
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
        Objects.checkFromToIndex(from, to, hashes.length);
        Objects.checkFromToIndex(from, to, out.length);
        boolean[] answers = existsHashes("query batch", Arrays.copyOfRange(hashes, from, to));
        System.arraycopy(answers, 0, out, from, answers.length);
    }

    /**
     * Adds hashes in order with the {@link LayerScripts#ADD} script.
     *
     * @return for each, 0 if it was found in a layer, else {@code BF.CARD} right after its add: the
     *     order in which the server applied the adds
     */
    long[] addHashes(String operation, long[] hashes) {
        return runAll(operation, LayerScripts.ADD, hashes, new Runs() {
            @Override
            public List<String> keys(int layers) {
                List<String> keys = RedisScalableFilter.this.keys(layers);
                keys.add(layerKey(layers));
                return keys;
            }

            @Override
            public List<String> header(int layers, LayerPlan[] plans) {
                LayerPlan grown = layerPlan(layers).orNull();
                List<String> header = new ArrayList<>();
                for (LayerPlan layer : plans) {
                    header.add(Integer.toString(layer.shape().hashes()));
                    header.add(Long.toString(layer.capacity()));
                    header.add(Long.toString(layer.shape().cells() / 8));
                }
                header.add(grown == null ? "0" : Integer.toString(grown.shape().hashes()));
                header.add(grown == null ? "0" : Long.toString(grown.capacity()));
                header.add(grown == null ? "0" : Long.toString(grown.shape().cells() / 8));
                return header;
            }

            @Override
            public LayerPlan[] probed(int layers, LayerPlan[] plans) {
                LayerPlan grown = layerPlan(layers).orNull();
                if (grown == null) {
                    return plans;
                }
                LayerPlan[] withNext = Arrays.copyOf(plans, layers + 1);
                withNext[layers] = grown;
                return withNext;
            }

            @Override
            public FilterFullException refusal(int layers, int index) {
                return full(layers, layerPlan(layers).reason(), index, hashes.length);
            }
        });
    }

    private boolean[] existsHashes(String operation, long[] hashes) {
        long[] answers = runAll(operation, LayerScripts.EXISTS, hashes, new Runs() {
            @Override
            public List<String> keys(int layers) {
                return RedisScalableFilter.this.keys(layers);
            }

            @Override
            public List<String> header(int layers, LayerPlan[] plans) {
                return existsHeader(plans);
            }

            @Override
            public LayerPlan[] probed(int layers, LayerPlan[] plans) {
                return plans;
            }

            @Override
            public FilterFullException refusal(int layers, int index) {
                throw new IllegalStateException("the query script never answers 'full'");
            }
        });
        boolean[] present = new boolean[hashes.length];
        for (int i = 0; i < hashes.length; i++) {
            present[i] = answers[i] != 0;
        }
        return present;
    }

    /** {@link LayerScripts#EXISTS}' header: k and byte length of each layer. */
    private static List<String> existsHeader(LayerPlan[] plans) {
        List<String> header = new ArrayList<>();
        for (LayerPlan layer : plans) {
            header.add(Integer.toString(layer.shape().hashes()));
            header.add(Long.toString(layer.shape().cells() / 8));
        }
        return header;
    }

    /**
     * Checks, changing nothing, that the metadata holds this filter's identity and every layer is a
     * string of its length: {@link LayerScripts#EXISTS} with no items.
     */
    private void checkLayers(String operation) {
        while (true) {
            int layers = knownLayers;
            List<String> args = new ArrayList<>(List.of(identity, Integer.toString(layers), "0"));
            args.addAll(existsHeader(plans(layers)));
            args.add("");
            List<?> reply = (List<?>) store.script(operation, LayerScripts.EXISTS, keys(layers), args);
            if ((Long) reply.get(0) == LayerScripts.DONE) {
                return;
            }
            refreshLayers(operation);
        }
    }

    /** What one script needs, for a layer count: its keys, its header and the layers it probes. */
    private interface Runs {
        List<String> keys(int layers);

        List<String> header(int layers, LayerPlan[] plans);

        /** The layers whose offsets each item carries, in order. */
        LayerPlan[] probed(int layers, LayerPlan[] plans);

        FilterFullException refusal(int layers, int index);
    }

    /**
     * Runs a script over every hash: up to {@value #ITEMS_PER_SCRIPT} items per run (ARGV: the
     * layer count, the item count, the header, the items' offsets packed in one argument), {@value #PIPELINE_ITEMS} per
     * pipeline. A run answered {@link LayerScripts#STALE} answered a prefix of its items and changed
     * nothing for the rest; a run answered {@code NOSCRIPT} did nothing. After each pipeline the
     * layer count is read again or the script loaded, as needed, and the unanswered items are sent
     * again, in their order. (Runs after a {@code NOSCRIPT} one in the same pipeline may have run,
     * if another client loaded the script meanwhile; their answers are kept, so an item is applied
     * and answered exactly once, though not always in batch order.)
     *
     * @return each item's answer from the script
     */
    private long[] runAll(String operation, LuaScript script, long[] hashes, Runs runs) {
        long[] answers = new long[hashes.length];
        boolean[] answered = new boolean[hashes.length];
        int[] pending = new int[hashes.length];
        for (int i = 0; i < pending.length; i++) {
            pending[i] = i;
        }
        int pendingCount = pending.length;
        long deadline = System.nanoTime() + options.location().timeoutMillis() * 1_000_000L;
        boolean adds = script == LayerScripts.ADD;
        while (pendingCount > 0) {
            if (System.nanoTime() - deadline > 0) {
                throw progress(store.failure(operation, "the call passed its deadline of "
                        + options.location().timeoutMillis() + " ms (option timeoutMillis) with " + pendingCount + " of "
                        + hashes.length + " items unanswered; send smaller batches or raise the timeout"),
                        adds, answered);
            }
            int layers = knownLayers;
            LayerPlan[] plans = plans(layers);
            List<byte[]> header = new ArrayList<>();
            for (String field : runs.header(layers, plans)) {
                header.add(ascii(field));
            }
            LayerPlan[] probed = runs.probed(layers, plans);
            int stride = 0;
            for (LayerPlan layer : probed) {
                stride += layer.shape().hashes();
            }
            long[] offsets = new long[BloomShape.MAX_HASHES];
            int sent = Math.min(pendingCount, PIPELINE_ITEMS);
            List<List<byte[]>> argsOfRuns = new ArrayList<>();
            List<List<byte[]>> keysOfRuns = new ArrayList<>();
            List<byte[]> runKeys = new ArrayList<>();
            for (String key : runs.keys(layers)) {
                runKeys.add(RedisStore.bytes(key));
            }
            for (int from = 0; from < sent; from += ITEMS_PER_SCRIPT) {
                int to = Math.min(sent, from + ITEMS_PER_SCRIPT);
                List<byte[]> args = new ArrayList<>(4 + header.size());
                args.add(ascii(identity));
                args.add(ascii(Integer.toString(layers)));
                args.add(ascii(Integer.toString(to - from)));
                args.addAll(header);
                // Every offset as a big-endian unsigned 32-bit integer (a layer holds at most 2^32
                // bits), the script reading only those it probes: far cheaper for the server than
                // one argument per offset.
                ByteBuffer packed = ByteBuffer.allocate((to - from) * stride * Integer.BYTES);
                for (int p = from; p < to; p++) {
                    for (LayerPlan layer : probed) {
                        ProbeOffsets.pack(hashes[pending[p]], layer.shape(), 0, CellKind.BITS, offsets, packed);
                    }
                }
                args.add(packed.array());
                argsOfRuns.add(args);
                keysOfRuns.add(runKeys);
            }
            List<Object> replies;
            try {
                replies = store.scripts(operation, script, keysOfRuns, argsOfRuns);
            } catch (RedisFilterException e) {
                throw progress(e, adds, answered);
            }
            int[] unanswered = new int[pendingCount];
            int unansweredCount = 0;
            boolean load = false;
            boolean refresh = false;
            for (int r = 0; r < replies.size(); r++) {
                int from = r * ITEMS_PER_SCRIPT;
                int to = Math.min(sent, from + ITEMS_PER_SCRIPT);
                int answeredHere = 0;
                if (replies.get(r) == RedisStore.NO_SCRIPT) {
                    load = true;
                } else if (replies.get(r) instanceof RedisFilterException failure) {
                    throw progress(failure, adds, answered);
                } else {
                    List<?> values = (List<?>) replies.get(r);
                    answeredHere = values.size() - 1;
                    for (int j = 0; j < answeredHere; j++) {
                        answers[pending[from + j]] = (Long) values.get(j + 1);
                        answered[pending[from + j]] = true;
                    }
                    long status = (Long) values.get(0);
                    if (status == LayerScripts.FULL) {
                        throw runs.refusal(layers, pending[from + answeredHere]);
                    }
                    refresh |= status == LayerScripts.STALE;
                }
                for (int p = from + answeredHere; p < to; p++) {
                    unanswered[unansweredCount++] = pending[p];
                }
            }
            System.arraycopy(pending, sent, unanswered, unansweredCount, pendingCount - sent);
            pending = unanswered;
            pendingCount = unansweredCount + pendingCount - sent;
            if (load) {
                store.loadScript(operation, script, metaKey);
            }
            if (refresh) {
                refreshLayers(operation);
            }
        }
        return answers;
    }

    /**
     * A batch's failure with its progress, for adds: the first item the server did not answer, every
     * item before it having been applied.
     */
    private static RedisFilterException progress(RedisFilterException failure, boolean adds, boolean[] answered) {
        if (!adds || answered.length == 1) {
            return failure;
        }
        int first = 0;
        while (first < answered.length && answered[first]) {
            first++;
        }
        return failure.inBatch(first);
    }

    private FilterFullException full(int layers, String reason, int index, int batch) {
        String where = batch == 1 ? "" : "; in a batch of " + batch + ", the items before #" + index
                + " were added, it and the new items after it were not";
        if (plan.nonscaling()) {
            return new FilterFullException("non scaling filter is full: kind '" + RedisScalableProvider.KIND + "', capacity "
                    + plan.capacity() + " items" + where);
        }
        long capacity = 0;
        for (LayerPlan layer : plans(layers)) {
            capacity += layer.capacity();
        }
        return new FilterFullException("scalable filter is full: kind '" + RedisScalableProvider.KIND + "', capacity "
                + capacity + " items in " + layers + (layers == 1 ? " layer" : " layers") + "; cannot add layer "
                + layers + ": " + reason + where);
    }

    private LayerPlan[] plans(int layers) {
        LayerPlan[] plans = new LayerPlan[layers];
        for (int i = 0; i < layers; i++) {
            int index = i;
            plans[i] = layerPlan(i).orElseThrow(reason -> store.failure("read", "the stored filter has layer " + index
                    + ", which its spec does not allow: " + reason));
        }
        return plans;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    private long[] hashes(Collection<? extends T> items) {
        long[] hashes = new long[items.size()];
        int i = 0;
        for (T item : items) {
            hashes[i++] = hasher.hash(item);
        }
        return hashes;
    }

    /** A run of {@link LayerScripts#LAYER} on layer i: {@code read} or {@code count}, after the checks. */
    private Object layerRun(String operation, int index, LayerPlan layer, String... opAndArgs) {
        List<String> args = new ArrayList<>(List.of(identity, Long.toString(layer.shape().cells() / 8)));
        args.addAll(List.of(opAndArgs));
        List<byte[]> keyBytes = List.of(RedisStore.bytes(metaKey), RedisStore.bytes(layerKey(index)));
        List<byte[]> argBytes = new ArrayList<>(args.size());
        for (String arg : args) {
            argBytes.add(RedisStore.bytes(arg));
        }
        return store.scriptBytes(operation, LayerScripts.LAYER, keyBytes, argBytes);
    }

    // ---- BF.CARD, BF.INFO and the filter as a whole -------------------------------------------

    /** {@code BF.CARD}: the adds that answered true, exactly (the server counts them atomically). */
    @Override
    public long approximateCount() {
        return count("count", "card", metadata("count").get("card"));
    }

    /**
     * {@code BF.INFO}: capacity, size, number of layers, items inserted and expansion rate, plus
     * the error rate and tightening (as valkey-bloom reports them). One {@code HGETALL}.
     *
     * @return a snapshot
     */
    public RedisScalableInfo info() {
        Map<String, String> stored = metadata("info");
        int layers = layerCount("info", stored.get("layers"));
        knownLayers = layers;
        long capacity = 0;
        long bytes = 0;
        for (LayerPlan layer : plans(layers)) {
            capacity += layer.capacity();
            bytes += layer.shape().cells() / 8;
        }
        return new RedisScalableInfo(capacity, bytes, layers, count("info", "card", stored.get("card")), plan.expansion(),
                plan.errorRate(), plan.tightening());
    }

    /** {@code 1 − Π(1 − fpp_i)}, each layer's fpp from its set bits ({@code BITCOUNT}), as the in-process kind. */
    @Override
    public double expectedFpp() {
        LayerPlan[] plans = plans(refreshLayers("fpp"));
        double allNegative = 1;
        for (int i = 0; i < plans.length; i++) {
            allNegative *= 1 - plans[i].shape().fppFromOccupied((Long) layerRun("fpp", i, plans[i], "count"));
        }
        return 1 - allNegative;
    }

    /** @return the sum of the layers' bits */
    @Override
    public long bitSize() {
        long bits = 0;
        for (LayerPlan layer : plans(refreshLayers("size"))) {
            bits += layer.shape().cells();
        }
        return bits;
    }

    /**
     * Empties the filter and returns it to its first layer, in one atomic script: the other layers
     * are deleted and the counts reset.
     */
    @Override
    public void clear() {
        while (true) {
            int layers = knownLayers;
            List<String> args = new ArrayList<>(List.of(identity, Integer.toString(layers)));
            for (LayerPlan layer : plans(layers)) {
                args.add(Long.toString(layer.shape().cells() / 8));
            }
            List<?> reply = (List<?>) store.script("clear", LayerScripts.CLEAR, keys(layers), args);
            if ((Long) reply.get(0) == LayerScripts.DONE) {
                knownLayers = 1;
                return;
            }
            refreshLayers("clear");
        }
    }

    /** Deletes every key of the filter in one atomic script; queries fail afterwards. */
    public void delete() {
        while (true) {
            int layers = knownLayers;
            List<?> reply = (List<?>) store.script("delete", LayerScripts.DELETE, keys(layers),
                    List.of(identity, Integer.toString(layers)));
            if ((Long) reply.get(0) == LayerScripts.DONE) {
                return;
            }
            refreshLayers("delete");
        }
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
        Map<String, String> stored = metadata("snapshot");
        LayerPlan[] plans = plans(layerCount("snapshot", stored.get("layers")));
        long bodyLength = ScalableBody.HEADER_BYTES;
        for (LayerPlan layer : plans) {
            bodyLength += ScalableBody.LAYER_HEADER_BYTES + layer.shape().cells() / 8;
        }
        Envelope.write(out, BloomKinds.SCALABLE, hasher, options.localSpec(), bodyLength, body -> {
            ScalableBody.writeHeader(body, plan, plans.length);
            for (int i = 0; i < plans.length; i++) {
                LayerPlan layer = plans[i];
                long items = count("snapshot", "items:" + i, stored.getOrDefault("items:" + i, "0"));
                ScalableBody.writeLayerHeader(body, layer, Math.min(items, layer.capacity()));
                long bytes = layer.shape().cells() / 8;
                for (long from = 0; from < bytes; from += RedisCellsFilter.CHUNK_BYTES) {
                    int length = (int) Math.min(RedisCellsFilter.CHUNK_BYTES, bytes - from);
                    byte[] chunk = (byte[]) layerRun("snapshot", i, layer, "read", Long.toString(from),
                            Long.toString(from + length - 1));
                    if (chunk.length != length) {
                        throw store.lost("snapshot", layerKey(i), "answered " + chunk.length + " bytes where the layer"
                                + " holds " + length + " from byte " + from);
                    }
                    body.writeBytes(chunk, 0, length);
                }
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
        return keys(refreshLayers("keys"));
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
        return "name=" + name() + ", server=" + store.server() + ", layers=" + knownLayers
                + ", spec=" + options.localSpec();
    }
}
