package org.bloomery.redis;

import java.util.Arrays;
import java.util.Collection;
import java.util.Objects;
import java.util.function.Function;
import org.bloomery.api.KeyHasher;

/**
 * One batch call of a shared filter: its deadline (option {@code timeoutMillis} for the whole
 * call), which items are confirmed, and the failure it ends with. The kinds' batches send their
 * items in pipelines of {@value #PIPELINE_ITEMS}, {@value #ITEMS_PER_RUN} to a script run, through
 * {@link RedisStore#scriptsLoaded} (which loads a script after {@code NOSCRIPT} and resends the
 * runs it refused) or {@link RedisStore#readBitfields}, with a {@code WAIT} after each pipeline of
 * writes when {@link Durability} asks; a failed batch of writes says how far it got ({@link
 * RedisFilterException#firstUnconfirmed()}), and a rollback met on the way fails the handle
 * ({@link Epochs#note}).
 */
final class BatchRunner {
    /**
     * Items per pipeline: one round trip carries them, so a batch costs about one round trip per
     * 10,000 items; it also bounds the memory a batch holds at once.
     */
    static final int PIPELINE_ITEMS = 10_000;
    /**
     * Items per script run: well under a millisecond of server time, so no other client waits
     * long. A run is atomic: it checks its keys and applies all its items, or fails and applies
     * none.
     */
    static final int ITEMS_PER_RUN = 100;

    private final RedisStore store;
    private final Epochs epochs;
    private final String operation;
    private final int timeoutMillis;
    private final long deadline;
    /** Each item's confirmation, for a batch of writes; null for reads. */
    private final boolean[] confirmed;

    /**
     * Starts a batch call now.
     *
     * @param store the store
     * @param epochs the handle's epochs
     * @param operation what the batch does, for failures
     * @param timeoutMillis the deadline of the whole call
     * @param items the batch's items
     * @param writes whether the batch writes, and so reports its progress when it fails
     */
    BatchRunner(RedisStore store, Epochs epochs, String operation, int timeoutMillis, int items, boolean writes) {
        this.store = store;
        this.epochs = epochs;
        this.operation = operation;
        this.timeoutMillis = timeoutMillis;
        this.deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        this.confirmed = writes ? new boolean[items] : null;
    }

    /** @return what the batch does */
    String operation() {
        return operation;
    }

    /** @return whether the call's deadline has passed */
    boolean passed() {
        return System.nanoTime() - deadline > 0;
    }

    /**
     * The failure of a batch that passed its deadline.
     *
     * @param where how far it got, e.g. "after 10000 of 20000 items"
     * @return the failure, with the batch's progress
     */
    RedisFilterException pastDeadline(String where) {
        return failed(store.failure(operation, "the call passed its deadline of " + timeoutMillis + " ms (option"
                + " timeoutMillis) " + where + "; send smaller batches or raise the timeout"));
    }

    /**
     * Records that the server applied an item (and, when {@link Durability} asks, that enough
     * replicas acknowledged it: an item is confirmed only once its pipeline's {@code WAIT} passed).
     *
     * @param item the item's index in the batch
     */
    void confirm(int item) {
        if (confirmed != null) {
            confirmed[item] = true;
        }
    }

    /**
     * The failure the batch ends with: a rollback is noted on the handle, and a batch of writes
     * says the first item not confirmed, every item before it having been applied.
     *
     * @param failure what failed
     * @return the failure to throw
     */
    RedisFilterException failed(RedisFilterException failure) {
        epochs.note(failure);
        if (confirmed == null) {
            return failure;
        }
        int first = 0;
        while (first < confirmed.length && confirmed[first]) {
            first++;
        }
        return failure.inBatch(first);
    }

    /**
     * The hashes of a batch's items, in order.
     *
     * @param hasher the filter's hasher
     * @param items the items, none null
     * @param <T> the item type
     * @return {@code hasher.hash(item)} of each
     */
    static <T> long[] hashesOf(KeyHasher<? super T> hasher, Collection<? extends T> items) {
        long[] hashes = new long[items.size()];
        int i = 0;
        for (T item : items) {
            hashes[i++] = hasher.hash(item);
        }
        return hashes;
    }

    /**
     * A filter's {@code mightContainHashes(hashes, from, to, out)} through its batch query of the
     * range, as one batch call.
     *
     * @param query the filter's batch query
     */
    static void answerRange(long[] hashes, int from, int to, boolean[] out, Function<long[], boolean[]> query) {
        Objects.checkFromToIndex(from, to, hashes.length);
        Objects.checkFromToIndex(from, to, out.length);
        boolean[] answers = query.apply(Arrays.copyOfRange(hashes, from, to));
        System.arraycopy(answers, 0, out, from, answers.length);
    }
}
