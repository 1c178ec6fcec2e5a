package org.bloomery.redis;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The highest write epoch a handle has seen of each of its data keys, and whether it has met a
 * rollback. Every script that changes a key raises the key's epoch in the same atomic step ({@link
 * KeyTrailer}, or the metadata's field {@value #FIELD} for {@code redis-scalable}), and every reply
 * the handle reads brings the epoch back; so a reply below an epoch the handle has already seen
 * comes from an older state of the key: a failover to a replica that lagged, or a restart from an
 * older snapshot, lost writes that were acknowledged. Such a handle fails every later call with the
 * same {@link RedisDataLostException} until it is opened again (a later write by another handle may
 * raise the epoch past the one remembered, which must not hide the loss).
 *
 * <p>A reply is compared with the epoch seen before its command was sent, never with one seen
 * since, so replies of concurrent calls that arrive out of order never read as a rollback: a
 * single server's states are ordered, and a state seen before a command was sent is included in
 * whatever that command reads. Scripts get the seen epoch as an argument and refuse, changing
 * nothing, on a key below it ({@value RedisStore#ROLLED_BACK}), so a remove or an add never applies
 * to rolled-back cells; a query's {@code BITFIELD_RO} is compared here.
 *
 * <p>An epoch is a count, not a history: a handle that first calls again after other handles have
 * written past the epoch it saw cannot see that its writes were lost, and a handle opened after a
 * rollback has nothing to compare with.
 */
final class Epochs {
    /** The metadata field of {@code redis-scalable} that holds the filter's epoch. */
    static final String FIELD = "epoch";

    private final RedisStore store;
    private final AtomicLongArray highest;
    /** The rollback this handle met, rethrown by every later call; null while none. */
    private volatile RedisDataLostException rollback;

    /**
     * @param store the handle's store, for the failures
     * @param keys the data keys tracked, each by its index
     */
    Epochs(RedisStore store, int keys) {
        this.store = store;
        this.highest = new AtomicLongArray(keys);
    }

    /**
     * The epoch to send with a command on a key, or to compare its reply with.
     *
     * @param operation what is being done, for the failure
     * @param key the key's index
     * @return the highest epoch of the key seen so far
     * @throws RedisDataLostException if this handle has met a rollback
     */
    long seen(String operation, int key) {
        requireIntact(operation);
        return highest.get(key);
    }

    /**
     * Records the epoch a reply brought back.
     *
     * @param operation what was being done
     * @param key the key's index
     * @param name the key's name, for the failure
     * @param seen {@link #seen} before the command was sent
     * @param epoch the epoch the reply holds
     * @throws RedisDataLostException if the epoch is below {@code seen}; the handle then stays
     *     failed
     */
    void saw(String operation, int key, String name, long seen, long epoch) {
        if (epoch < seen) {
            throw noted(rolledBack(store::lost, operation, name, epoch, seen));
        }
        // Most replies bring an epoch already seen: read first, so concurrent queries of one key
        // do not all write the same slot.
        if (epoch > highest.get(key)) {
            highest.accumulateAndGet(key, epoch, Math::max);
        }
    }

    /**
     * Notes a failure: a rollback becomes the handle's state.
     *
     * @param failure a failure of a command on the filter's keys
     * @return the failure
     */
    RedisFilterException note(RedisFilterException failure) {
        return failure instanceof RedisDataLostException lost && lost.rolledBack() ? noted(lost) : failure;
    }

    private RedisDataLostException noted(RedisDataLostException lost) {
        if (rollback == null) {
            rollback = lost;
        }
        return lost;
    }

    /**
     * @param operation what is being done
     * @throws RedisDataLostException if this handle has met a rollback
     */
    void requireIntact(String operation) {
        RedisDataLostException met = rollback;
        if (met != null) {
            throw new RedisDataLostException(store.server(), met.filterName(), operation, met.key(),
                    met.detail() + "; this handle met it earlier and refuses every call until opened again", true);
        }
    }

    /**
     * The failure for a reply below the epoch seen.
     *
     * @param store the store, naming the server and filter
     * @param operation what was being done
     * @param key the key
     * @param epoch its epoch now
     * @param seen the highest epoch the handle had seen
     * @return the exception
     */
    static RedisDataLostException rolledBack(LostKey store, String operation, String key, long epoch, long seen) {
        return store.lost(operation, key, "rolled back: its write epoch " + epoch + " is older than the state this"
                + " handle has seen (epoch " + seen + "), so writes that were acknowledged are gone (a failover"
                + " to a replica that lagged, or a restart from an older snapshot); rebuild the filter from the"
                + " source of truth (an upload, or drop and add again) and open it again", true);
    }

    /** Makes the typed failure of a key found lost or rolled back (a store's, or its failures'). */
    @FunctionalInterface
    interface LostKey {
        RedisDataLostException lost(String operation, String key, String detail, boolean rolledBack);
    }
}
