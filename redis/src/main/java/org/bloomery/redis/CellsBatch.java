package org.bloomery.redis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The batches of {@code redis-classic} and {@code redis-counting}: pipelines of {@value
 * BatchRunner#PIPELINE_ITEMS} items, each started only before the call's deadline. Within a
 * pipeline the items of one shard go, in their order, {@value BatchRunner#ITEMS_PER_RUN} to a run
 * of {@link Scripts#CELLS} (an add) or to one {@code BITFIELD_RO} (a query): one run applies its
 * probes in order, so each item sees exactly the items before it, as with one command per item.
 */
final class CellsBatch {
    /** What a batch does with each item's k values. */
    @FunctionalInterface
    interface Result {
        void accept(int index, List<Long> values);
    }

    private final RedisStore store;
    private final CellsCommands commands;
    private final int k;
    private final boolean stamped;
    private final int timeoutMillis;
    private final Durability durability;

    CellsBatch(RedisStore store, CellsCommands commands, RedisCellsOptions options) {
        this.store = store;
        this.commands = commands;
        this.k = options.shape().hashes();
        this.stamped = UploadStamp.stamped(options.shards());
        this.timeoutMillis = options.location().timeoutMillis();
        this.durability = options.durability();
    }

    /** @return a runner for a batch call that starts now */
    BatchRunner start(String operation, int items, boolean writes) {
        return new BatchRunner(store, commands.epochs(), operation, timeoutMillis, items, writes);
    }

    /**
     * Runs a batch. A query of a sharded filter also reads each shard's upload stamp, and a run of
     * writes is confirmed item by item once its pipeline (and its {@code WAIT}, when {@link
     * Durability} asks) was answered.
     *
     * @return false if the runs of a read-only batch read different upload stamps (the batch
     *     stopped there, its results partial); else true
     * @throws RedisFilterException if a run or the pipeline fails, or the deadline passes; for an
     *     add, with the batch's progress ({@link RedisFilterException#firstUnconfirmed()})
     */
    boolean run(BatchRunner runner, long[] hashes, boolean readonly, Result result) {
        String operation = runner.operation();
        int shardCount = commands.shards();
        boolean checkStamps = readonly && stamped;
        byte[] op = readonly ? null : commands.addOp();
        Long stamp = null;
        for (int from = 0; from < hashes.length; from += BatchRunner.PIPELINE_ITEMS) {
            // The first pipeline always goes: the caller starts a batch only before its deadline.
            if (from > 0 && runner.passed()) {
                throw runner.pastDeadline("after " + from + " of " + hashes.length + " items");
            }
            int n = Math.min(BatchRunner.PIPELINE_ITEMS, hashes.length - from);
            int[][] byShard = byShard(hashes, from, n, shardCount);
            long[] seen = new long[shardCount];
            try {
                for (int s = 0; s < shardCount; s++) {
                    seen[s] = commands.epochs().seen(operation, s);
                }
            } catch (RedisFilterException e) {
                // Another call of this handle met a rollback while this batch ran.
                throw runner.failed(e);
            }
            List<List<byte[]>> runKeys = new ArrayList<>();
            List<List<byte[]>> runArgs = new ArrayList<>();
            List<byte[][]> readArgs = new ArrayList<>();
            List<byte[]> readKeys = new ArrayList<>();
            List<int[]> runItems = new ArrayList<>();
            List<Integer> runShards = new ArrayList<>();
            for (int s = 0; s < shardCount; s++) {
                int[] shardItems = byShard[s];
                for (int first = 0; first < shardItems.length; first += BatchRunner.ITEMS_PER_RUN) {
                    int[] items = Arrays.copyOfRange(shardItems, first,
                            Math.min(shardItems.length, first + BatchRunner.ITEMS_PER_RUN));
                    if (readonly) {
                        readKeys.add(commands.key(s));
                        readArgs.add(commands.readArgs(s, items.length, c -> hashes[items[c]], checkStamps));
                    } else {
                        runKeys.add(List.of(commands.key(s)));
                        runArgs.add(commands.probeArgs(s, op, seen[s], items.length, c -> hashes[items[c]]));
                    }
                    runItems.add(items);
                    runShards.add(s);
                }
            }
            List<Object> replies;
            try {
                replies = readonly ? store.readBitfields(operation, readKeys, readArgs)
                        : store.scriptsLoaded(operation, Scripts.CELLS, runKeys, runArgs, durability);
            } catch (RedisFilterException e) {
                throw runner.failed(e);
            }
            RedisFilterException failed = null;
            for (int run = 0; run < replies.size(); run++) {
                int shard = runShards.get(run);
                if (replies.get(run) instanceof RedisFilterException failure) {
                    failed = failed == null ? readonly ? commands.damage(operation, shard, failure) : failure : failed;
                    continue;
                }
                List<?> reply = (List<?>) replies.get(run);
                int[] items = runItems.get(run);
                List<Long> values;
                try {
                    if (readonly) {
                        @SuppressWarnings("unchecked")
                        List<Long> read = (List<Long>) reply;
                        values = commands.checkedRead(operation, shard, read, checkStamps, seen[shard]);
                        if (checkStamps) {
                            Long shardStamp = read.get(items.length * k);
                            if (stamp == null) {
                                stamp = shardStamp;
                            } else if (!stamp.equals(shardStamp)) {
                                return false;
                            }
                        }
                    } else {
                        values = commands.values(operation, shard, seen[shard], reply);
                    }
                } catch (RedisFilterException e) {
                    failed = failed == null ? e : failed;
                    continue;
                }
                for (int c = 0; c < items.length; c++) {
                    result.accept(items[c], values.subList(c * k, (c + 1) * k));
                    runner.confirm(items[c]);
                }
            }
            if (failed != null) {
                throw runner.failed(failed);
            }
        }
        return true;
    }

    /** The indexes {@code [from, from + n)} of the batch by shard, each shard's in their order. */
    private int[][] byShard(long[] hashes, int from, int n, int shardCount) {
        int[] shardOf = new int[n];
        int[] counts = new int[shardCount];
        for (int i = 0; i < n; i++) {
            shardOf[i] = commands.shardOf(hashes[from + i]);
            counts[shardOf[i]]++;
        }
        int[][] items = new int[shardCount][];
        for (int s = 0; s < shardCount; s++) {
            items[s] = new int[counts[s]];
        }
        int[] next = new int[shardCount];
        for (int i = 0; i < n; i++) {
            items[shardOf[i]][next[shardOf[i]]++] = from + i;
        }
        return items;
    }
}
