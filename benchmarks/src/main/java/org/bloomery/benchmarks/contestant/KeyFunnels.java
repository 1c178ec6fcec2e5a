package org.bloomery.benchmarks.contestant;

import com.google.common.hash.Funnel;
import com.google.common.hash.Funnels;
import java.nio.charset.StandardCharsets;

/** Guava funnels for the key types, shared by the peers that hash through Guava. */
final class KeyFunnels {
    private KeyFunnels() {
    }

    /**
     * Guava's own funnel for the key type: UTF-8 bytes for strings, 8 little-endian bytes for longs.
     *
     * @param keyType the key type
     * @return the funnel, typed for {@code Object} so one adapter serves both key types
     */
    @SuppressWarnings("unchecked")
    static Funnel<Object> of(KeyType keyType) {
        // Safe: a contestant built for one key type is only ever given keys of that type.
        Funnel<?> funnel = keyType == KeyType.STRING
                ? Funnels.stringFunnel(StandardCharsets.UTF_8)
                : Funnels.longFunnel();
        return (Funnel<Object>) funnel;
    }
}
