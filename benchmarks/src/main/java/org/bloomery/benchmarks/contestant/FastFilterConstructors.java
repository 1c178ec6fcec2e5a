package org.bloomery.benchmarks.contestant;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import org.fastfilter.Filter;
import org.fastfilter.bloom.BlockedBloom;
import org.fastfilter.bloom.count.CountingBloom;
import org.fastfilter.bloom.count.SuccinctCountingBlockedBloom;

/**
 * Empty FastFilter_java filters sized for n keys. FastFilter builds its Bloom filters from a full
 * key array ({@code construct(long[], bitsPerKey)}); the empty-filter constructors and {@code
 * getBestK} that {@code construct} calls are package-private, so this benchmark adapter reaches them
 * by reflection (the library is on the class path; no module is opened). Public for the JMH
 * benchmarks that set FastFilter beside Bloomery one call at a time.
 *
 * <p>Bits per key of the blocked filters ({@code BlockedBloom}, {@code SuccinctCountingBlockedBloom},
 * whose fixed 4-bits-over-2-longs probe pattern needs far more bits than a classic filter at small
 * p): the smallest whole number whose fpp, measured here at n = 10^6 with 2·10^6 absent keys, is at
 * or below the target. Measured: 10 bits 1.30%, 11 bits 0.958%, 20 bits 0.140%, 22 bits 0.094%.
 * So a target of at least 1% gets 11, one in [0.1%, 1%) gets 22, and a smaller target gets 22
 * scaled by log(1/p) / log(1000) (not measured). {@code CountingBloom} is a classic layout and gets
 * the classic formula, {@code -ln p / (ln 2)^2} bits per key.
 */
public final class FastFilterConstructors {
    private FastFilterConstructors() {
    }

    /** Bits per key of FastFilter's blocked filters for a target fpp, as the class comment says. */
    static int blockedBitsPerKey(double fpp) {
        if (fpp >= 0.01) {
            return 11;
        }
        if (fpp >= 0.001) {
            return 22;
        }
        return (int) Math.ceil(22 * Math.log(1 / fpp) / Math.log(1000));
    }

    /** An empty {@code BlockedBloom} for n keys. */
    public static Filter blockedBloom(long n, double fpp) {
        return blockedBloom(n, blockedBitsPerKey(fpp));
    }

    /** An empty {@code BlockedBloom} for n keys with one bit per key fewer than {@link #blockedBloom}. */
    static Filter blockedBloomOneBitLess(long n, double fpp) {
        return blockedBloom(n, blockedBitsPerKey(fpp) - 1);
    }

    private static Filter blockedBloom(long n, int bitsPerKey) {
        return newInstance(BlockedBloom.class, new Class<?>[] {int.class, int.class}, entries(n), bitsPerKey);
    }

    /** An empty {@code SuccinctCountingBlockedBloom} for n keys. */
    static Filter succinctCountingBlockedBloom(long n, double fpp) {
        int bitsPerKey = blockedBitsPerKey(fpp);
        return newInstance(SuccinctCountingBlockedBloom.class, new Class<?>[] {int.class, int.class, int.class},
                entries(n), bitsPerKey, bestK(SuccinctCountingBlockedBloom.class, bitsPerKey));
    }

    /** An empty {@code CountingBloom} (4-bit counters) for n keys, at the classic bits per key. */
    public static Filter countingBloom(long n, double fpp) {
        double bitsPerKey = -Math.log(fpp) / (Math.log(2) * Math.log(2));
        return newInstance(CountingBloom.class, new Class<?>[] {int.class, double.class, int.class},
                entries(n), bitsPerKey, bestK(CountingBloom.class, bitsPerKey));
    }

    private static int entries(long n) {
        return (int) Math.min(Integer.MAX_VALUE, n);
    }

    private static int bestK(Class<?> type, double bitsPerKey) {
        try {
            Method method = type.getDeclaredMethod("getBestK", double.class);
            method.setAccessible(true);
            return (int) method.invoke(null, bitsPerKey);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("FastFilter " + type.getSimpleName() + ".getBestK is not as expected", e);
        }
    }

    private static Filter newInstance(Class<? extends Filter> type, Class<?>[] parameters, Object... arguments) {
        try {
            Constructor<? extends Filter> constructor = type.getDeclaredConstructor(parameters);
            constructor.setAccessible(true);
            return constructor.newInstance(arguments);
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException("FastFilter " + type.getSimpleName() + " refused the size: "
                    + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("FastFilter " + type.getSimpleName() + "'s constructor is not as expected", e);
        }
    }
}
