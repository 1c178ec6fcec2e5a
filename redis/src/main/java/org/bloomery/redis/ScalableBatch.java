package org.bloomery.redis;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.bloomery.api.FilterFullException;
import org.bloomery.bloom.BloomShape;
import org.bloomery.bloom.LayerPlan;

/**
 * Runs {@code redis-scalable}'s and {@code redis-aging}'s adds and queries, single or batch, through
 * {@link BatchRunner}:
 * up to {@value BatchRunner#ITEMS_PER_RUN} items per script run (ARGV: the identity, the epoch
 * seen, the layer count, the item count, the header, the items' offsets packed in one argument),
 * {@value BatchRunner#PIPELINE_ITEMS} per pipeline, within one deadline for the whole call.
 */
final class ScalableBatch {
    /** What one script needs, for a layer count: its keys, its header and the layers it probes. */
    interface Runs {
        List<String> keys(int layers);

        List<String> header(int layers, LayerPlan[] plans);

        /** The layers whose offsets each item carries, in order: by default every layer. */
        default LayerPlan[] probed(int layers, LayerPlan[] plans) {
            return plans;
        }

        /** The refusal of an item the script answered {@link LayerScripts#FULL} for; queries never are. */
        default FilterFullException refusal(int layers, int index) {
            throw new IllegalStateException("a query script never answers 'full'");
        }
    }

    /**
     * @param answers each item's answer from a script
     * @return for each, whether it is not 0
     */
    static boolean[] nonZero(long[] answers) {
        boolean[] yes = new boolean[answers.length];
        for (int i = 0; i < answers.length; i++) {
            yes[i] = answers[i] != 0;
        }
        return yes;
    }

    private final RedisStore store;
    private final LayerCommands commands;
    private final int timeoutMillis;
    private final Durability durability;

    ScalableBatch(RedisStore store, LayerCommands commands, Location location, Durability durability) {
        this.store = store;
        this.commands = commands;
        this.timeoutMillis = location.timeoutMillis();
        this.durability = durability;
    }

    /**
     * Runs a script over every hash. A run answered {@link LayerScripts#STALE} answered a prefix of
     * its items and changed nothing for the rest. After each pipeline the layer count is read again
     * as needed, and the unanswered items are sent again, in their order. (A run the server refused
     * with {@code NOSCRIPT} is sent again once the script is loaded, after the pipeline's other
     * runs, so an item is applied and answered exactly once, though not always in batch order.)
     * A pipeline of adds ends with {@code WAIT} when {@link Durability} asks, and its items are
     * confirmed only once that passed.
     *
     * @param writes whether the script writes (it then waits for replicas as {@link Durability} asks)
     * @param batch whether the call is a batch, which reports its progress when it fails
     * @return each item's answer from the script
     */
    long[] runAll(String operation, LuaScript script, long[] hashes, boolean writes, boolean batch, Runs runs) {
        long[] answers = new long[hashes.length];
        int[] pending = new int[hashes.length];
        for (int i = 0; i < pending.length; i++) {
            pending[i] = i;
        }
        int pendingCount = pending.length;
        BatchRunner runner = new BatchRunner(store, commands.epochs(), operation, timeoutMillis, hashes.length,
                writes && batch);
        Durability wait = writes ? durability : Durability.NONE;
        while (pendingCount > 0) {
            if (runner.passed()) {
                throw runner.pastDeadline("with " + pendingCount + " of " + hashes.length + " items unanswered");
            }
            int layers = commands.knownLayers();
            long seen;
            try {
                seen = commands.epochs().seen(operation, 0);
            } catch (RedisFilterException e) {
                // Another call of this handle met a rollback while this batch ran.
                throw runner.failed(e);
            }
            LayerPlan[] plans = commands.plans(layers);
            List<byte[]> header = new ArrayList<>();
            for (String field : commands.args(seen, layers)) {
                header.add(ascii(field));
            }
            int countAt = header.size();
            header.add(null);
            for (String field : runs.header(layers, plans)) {
                header.add(ascii(field));
            }
            LayerPlan[] probed = runs.probed(layers, plans);
            int stride = 0;
            for (LayerPlan layer : probed) {
                stride += layer.shape().hashes();
            }
            long[] offsets = new long[BloomShape.MAX_HASHES];
            int sent = Math.min(pendingCount, BatchRunner.PIPELINE_ITEMS);
            List<List<byte[]>> argsOfRuns = new ArrayList<>();
            List<List<byte[]>> keysOfRuns = new ArrayList<>();
            List<byte[]> runKeys = new ArrayList<>();
            for (String key : runs.keys(layers)) {
                runKeys.add(RedisStore.bytes(key));
            }
            for (int from = 0; from < sent; from += BatchRunner.ITEMS_PER_RUN) {
                int to = Math.min(sent, from + BatchRunner.ITEMS_PER_RUN);
                List<byte[]> args = new ArrayList<>(header);
                args.set(countAt, ascii(Integer.toString(to - from)));
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
                replies = store.scriptsLoaded(operation, script, keysOfRuns, argsOfRuns, wait);
            } catch (RedisFilterException e) {
                throw runner.failed(e);
            }
            int[] unanswered = new int[pendingCount];
            int unansweredCount = 0;
            boolean refresh = false;
            for (int r = 0; r < replies.size(); r++) {
                int from = r * BatchRunner.ITEMS_PER_RUN;
                int to = Math.min(sent, from + BatchRunner.ITEMS_PER_RUN);
                if (replies.get(r) instanceof RedisFilterException failure) {
                    throw runner.failed(failure);
                }
                List<?> values = (List<?>) replies.get(r);
                try {
                    commands.checkEpoch(operation, seen, values);
                } catch (RedisFilterException e) {
                    throw runner.failed(e);
                }
                int answeredHere = values.size() - 2;
                for (int j = 0; j < answeredHere; j++) {
                    answers[pending[from + j]] = (Long) values.get(j + 2);
                    runner.confirm(pending[from + j]);
                }
                long status = (Long) values.get(0);
                if (status == LayerScripts.FULL) {
                    throw runs.refusal(layers, pending[from + answeredHere]);
                }
                refresh |= status == LayerScripts.STALE;
                for (int p = from + answeredHere; p < to; p++) {
                    unanswered[unansweredCount++] = pending[p];
                }
            }
            System.arraycopy(pending, sent, unanswered, unansweredCount, pendingCount - sent);
            pending = unanswered;
            pendingCount = unansweredCount + pendingCount - sent;
            if (refresh) {
                commands.refreshLayers(operation);
            }
        }
        return answers;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
