package org.bloomery.benchmarks.contestant;

/** A 64-bit mixing bijection, shared by the key generator and the Commons peers' second hash. */
public final class Bijection {
    private Bijection() {
    }

    /**
     * Stafford's variant 13 of the MurmurHash3 finaliser (the one in SplitMix64). Each step, an
     * xor-shift or a multiplication by an odd constant, is invertible, so distinct inputs give
     * distinct outputs; every input bit reaches every output bit.
     *
     * @param x the value
     * @return the mixed value
     */
    public static long mix64(long x) {
        long z = (x ^ (x >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
