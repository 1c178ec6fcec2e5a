package org.bloomery.benchmarks.redis;

import java.util.List;

/**
 * One filter kept in Redis, under comparison: a Bloomery shared kind or Redisson's filter. No
 * client type leaks past its adapter.
 */
interface SharedContestant extends AutoCloseable {
    /** @return the name in the report */
    String name();

    /** Adds one key: one round trip. */
    boolean add(String key);

    /** Queries one key: one round trip. */
    boolean mightContain(String key);

    /** Removes one added key; only when {@link #removes()}. */
    boolean remove(String key);

    /** @return whether {@link #remove} is supported */
    boolean removes();

    /** Adds a batch in one round trip. */
    void addAll(List<String> keys);

    /** Queries a batch in one round trip; returns how many answered present. */
    long countContained(List<String> keys);

    /** @return every Redis key the filter uses, for {@code MEMORY USAGE} and {@code STRLEN} */
    List<String> keys();

    /** @return bits of filter data the library itself reports */
    long bitSize();

    /** Deletes the filter's keys and releases the client. */
    @Override
    void close();
}
