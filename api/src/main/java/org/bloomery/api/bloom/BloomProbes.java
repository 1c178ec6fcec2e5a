package org.bloomery.api.bloom;

/**
 * Derives a Bloom filter's k probe positions from one 64-bit key hash, by Kirsch–Mitzenmacher
 * double hashing in 64-bit arithmetic, {@code g_i = h1 + i * h2}, with each {@code g_i} reduced
 * into [0, m) by a multiply-high ("fastrange") rather than a modulo. Callers iterate:
 *
 * <pre>{@code
 * long g = hash, step = BloomProbes.step(hash);
 * for (int i = 0; i < k; i++, g += step) { long position = BloomProbes.position(g, m); ... }
 * }</pre>
 *
 * <p>Because the reduction keeps the high bits of a 64-bit product, positions spread evenly over
 * any m up to 2^63, unlike 32-bit schemes whose false-positive rate drifts above 2^32 bits.
 */
public final class BloomProbes {
    private BloomProbes() {
    }

    /**
     * The step {@code h2} between consecutive probes: the hash with its halves swapped, so its high
     * bits (which pick positions) come from the hash's low bits, independent of {@code h1}'s high
     * bits. Forced odd so that it is never zero and the probe sequence never collapses to one
     * position.
     *
     * @param hash the key hash
     * @return the step
     */
    public static long step(long hash) {
        return Long.rotateLeft(hash, 32) | 1L;
    }

    /**
     * Maps {@code g}, read as an unsigned 64-bit value, onto [0, m): {@code floor(g * m / 2^64)}.
     *
     * @param g a probe value
     * @param m the number of positions, positive
     * @return a position in [0, m)
     */
    public static long position(long g, long m) {
        // multiplyHigh is signed; adding m when g's top bit is set gives the unsigned high half.
        return Math.multiplyHigh(g, m) + ((g >> 63) & m);
    }
}
