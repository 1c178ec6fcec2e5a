package org.bloomery.scalable;

import java.io.IOException;
import java.io.InputStream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.spi.AbstractProvider;
import org.bloomery.bloom.BloomKinds;

/**
 * Registers kind {@code "scalable"}, the {@link ScalableFilter}, with {@link
 * java.util.ServiceLoader}. Stateless.
 */
public final class ScalableProvider extends AbstractProvider {
    /** The kind's name, {@code "scalable"}. */
    public static final String KIND = BloomKinds.SCALABLE;

    /** Creates the provider; called by {@link java.util.ServiceLoader}. */
    public ScalableProvider() {
        super(KIND, ScalableFilter.CAPABILITIES);
    }

    @Override
    public String description() {
        return "Scalable Bloom filter (RedisBloom BF.* semantics): grows by layers and keeps the whole filter's"
                + " false-positive rate below fpp; expectedInsertions is the first layer's capacity, in [1, 2^40].\n"
                + "Options: expansion = each layer's capacity over the previous one's, integer in [1, 32768],"
                + " default 2;\n"
                + "  tightening = each layer's error over the previous one's, in (0, 1), default 0.5"
                + " (0.8-0.9 saves space over a wide growth);\n"
                + "  nonscaling = true for one layer at the full fpp that refuses to grow, default false;\n"
                + "  layout = standard (default) or blocked (each layer keeps an item's probes in one 512-bit block,"
                + " one cache miss per layer probed, sized by the blocked model) or sectored (each layer keeps an"
                + " item's probes in two 64-bit words of one block, sized by the sectored model) or patterned (as"
                + " sectored, each word's bits a rotated pattern of a fixed table, sized by the patterned model).";
    }

    @Override
    public <T> MembershipFilter<T> create(FilterSpec spec, KeyHasher<? super T> hasher) {
        return ScalableFilter.create(spec, hasher);
    }

    @Override
    public <T> MembershipFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        return ScalableFilter.readFrom(in, hasher);
    }
}
