package org.bloomery.bloom;

/**
 * The names of the in-process Bloom kinds, for a module that must name one without depending on
 * it: the Redis kinds store these kinds' cells and layers, write their snapshots in these kinds'
 * envelopes and read them back through these kinds' providers, yet a library module depends on the
 * api and its one engine client only. Each is also the kind's provider's {@code KIND} (for example
 * {@code ClassicProvider.KIND}), which a module that depends on the kind uses instead.
 */
public final class BloomKinds {
    /** Kind {@code classic}: the classic Bloom filter. */
    public static final String CLASSIC = "classic";
    /** Kind {@code counting}: the counting Bloom filter, with 4-bit counters. */
    public static final String COUNTING = "counting";
    /** Kind {@code scalable}: the scalable Bloom filter, a growing chain of Bloom layers. */
    public static final String SCALABLE = "scalable";
    /** Kind {@code aging}: the sliding-window Bloom filter, a ring of generations. */
    public static final String AGING = "aging";

    private BloomKinds() {
    }
}
