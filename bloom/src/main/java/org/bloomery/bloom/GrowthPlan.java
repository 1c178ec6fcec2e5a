package org.bloomery.bloom;

import java.util.Objects;
import java.util.Set;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.spi.SpecOptions;

/**
 * How a scalable (layered) Bloom filter grows, for every kind that stores one (in-process, or in
 * Redis): the spec's capacity and error rate with the {@code expansion}, {@code tightening} and
 * {@code nonscaling} options, and the size of every layer they imply. Layer {@code i} takes {@code
 * capacity · expansion^i} items at error {@code errorRate · (1 − r) · r^i} (r = tightening), so the
 * layers' errors sum to less than {@code errorRate} however many there are. A non-scaling filter
 * has one layer, built for the whole {@code errorRate} as RedisBloom does, so it is sized exactly
 * like a classic filter. Two kinds that read the same spec get the same layers, bit for bit.
 *
 * @param capacity the first layer's capacity, in [1, {@value #MAX_CAPACITY}]
 * @param errorRate the bound on the whole filter's false-positive rate, in (0, 1)
 * @param expansion each layer's capacity over the previous one's, in [1, {@value #MAX_EXPANSION}]
 * @param tightening each layer's error over the previous one's, in (0, 1)
 * @param nonscaling whether the filter refuses to grow past its first layer
 * @param layout every layer's layout (option {@code layout}); a blocked layer is sized by the
 *     blocked model for its capacity and error
 */
public record GrowthPlan(long capacity, double errorRate, int expansion, double tightening, boolean nonscaling,
        BloomLayout layout) {
    /** Largest first-layer capacity: 2^40, far above what 2^37 bits can hold at any useful error. */
    public static final long MAX_CAPACITY = 1L << 40;
    /** Largest expansion, RedisBloom's. */
    public static final int MAX_EXPANSION = 32768;
    /**
     * Most layers: an absent key probes every layer, so this bounds a lookup. Expansion 2 reaches
     * the 2^37-bit or 64-hash limit within 64 layers; only expansion 1 gets near this.
     */
    public static final int MAX_LAYERS = 256;
    /** Option: each layer's capacity over the previous one's. */
    public static final String EXPANSION = "expansion";
    /** Option: each layer's error over the previous one's. */
    public static final String TIGHTENING = "tightening";
    /** Option: {@code true} for one layer that refuses to grow. */
    public static final String NONSCALING = "nonscaling";
    /** The expansion when none is given, RedisBloom's. */
    public static final int DEFAULT_EXPANSION = 2;
    /** The tightening when none is given, RedisBloom's fixed ratio. */
    public static final double DEFAULT_TIGHTENING = 0.5;
    /** The options a growth plan reads. */
    public static final Set<String> OPTIONS = Set.of(EXPANSION, TIGHTENING, NONSCALING, BloomLayout.OPTION);

    /**
     * Validates the components.
     *
     * @throws IllegalArgumentException if one is out of range, naming it and the range
     */
    public GrowthPlan {
        Objects.requireNonNull(layout, "layout");
        if (capacity < 1 || capacity > MAX_CAPACITY) {
            throw new IllegalArgumentException("capacity must be in [1, 2^40], got " + capacity);
        }
        if (!(errorRate > 0 && errorRate < 1)) {
            throw new IllegalArgumentException("error rate must be in the open range (0, 1), got " + errorRate);
        }
        if (expansion < 1 || expansion > MAX_EXPANSION) {
            throw new IllegalArgumentException("expansion must be in [1, " + MAX_EXPANSION + "], got " + expansion);
        }
        if (!(tightening > 0 && tightening < 1)) {
            throw new IllegalArgumentException("tightening must be in the open range (0, 1), got " + tightening);
        }
    }

    /**
     * Reads and checks a spec's capacity ({@code expectedInsertions}), error rate ({@code fpp}) and
     * options; the spec must hold no option but {@link #OPTIONS}.
     *
     * @param spec the spec
     * @param kind the kind reading it, named in messages
     * @return the plan
     * @throws IllegalArgumentException for an unknown option, a value out of range, expansion or
     *     tightening given with {@code nonscaling=true}, or a capacity above {@value #MAX_CAPACITY}
     */
    public static GrowthPlan of(FilterSpec spec, String kind) {
        SpecOptions options = SpecOptions.of(spec, kind, OPTIONS);
        BloomLayout layout = BloomLayout.of(spec, kind);
        int expansion = (int) options.longValue(EXPANSION, 1, MAX_EXPANSION, DEFAULT_EXPANSION);
        double tightening = options.doubleValue(TIGHTENING, 0.0, 1.0, DEFAULT_TIGHTENING);
        boolean nonscaling = options.booleanValue(NONSCALING, false);
        if (nonscaling && (spec.option(EXPANSION).isPresent() || spec.option(TIGHTENING).isPresent())) {
            throw new IllegalArgumentException("options '" + EXPANSION + "' and '" + TIGHTENING + "' of kind '"
                    + kind + "' describe growth, so they cannot be given with " + NONSCALING + "=true");
        }
        if (spec.expectedInsertions() > MAX_CAPACITY) {
            throw new IllegalArgumentException("capacity (expected insertions) of kind '" + kind
                    + "' must be in [1, 2^40], got " + spec.expectedInsertions());
        }
        return new GrowthPlan(spec.expectedInsertions(), spec.fpp(), expansion, tightening, nonscaling, layout);
    }

    /**
     * How many layers the filter may have.
     *
     * @return 1 when non-scaling, else {@value #MAX_LAYERS}
     */
    public int maxLayers() {
        return nonscaling ? 1 : MAX_LAYERS;
    }

    /**
     * The size of layer {@code index}. Its error is computed with {@link StrictMath} so that every
     * JVM derives the same layers from the same spec, which is what lets a reader check them.
     *
     * @param index the layer's position, 0 for the first
     * @return the layer's plan
     * @throws IllegalArgumentException saying why (without naming the index, which the caller
     *     adds), if the layer cannot exist: past the layer limit, its capacity or the total capacity
     *     overflows a long, it needs more than {@value BloomShape#MAX_HASHES} hashes or more than 2^37
     *     bits
     */
    public LayerPlan layer(int index) {
        if (index < 0) {
            throw new IllegalArgumentException("negative layer index " + index);
        }
        if (index >= maxLayers()) {
            throw new IllegalArgumentException(nonscaling ? "a non-scaling filter has one layer"
                    : "the filter may have at most " + MAX_LAYERS + " layers");
        }
        long layerCapacity = capacity;
        long totalCapacity = capacity;
        for (int i = 1; i <= index; i++) {
            try {
                layerCapacity = Math.multiplyExact(layerCapacity, expansion);
                totalCapacity = Math.addExact(totalCapacity, layerCapacity);
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException("the capacity " + capacity + " · " + expansion + "^" + i
                        + " takes the filter past 2^63 - 1 items, which overflows a long", e);
            }
        }
        double error = nonscaling ? errorRate : errorRate * (1 - tightening) * StrictMath.pow(tightening, index);
        // BloomShape.optimal caps k at 64, which would leave the layer over its error budget. (The
        // blocked sizing picks its k within [1, 64] while meeting the error, or refuses.)
        long hashes = BloomShape.idealHashes(error);
        if (layout == BloomLayout.STANDARD && hashes > BloomShape.MAX_HASHES) {
            throw new IllegalArgumentException("its error " + error + " needs " + hashes + " hashes, more than "
                    + BloomShape.MAX_HASHES + " (tightening " + tightening
                    + " lowers each layer's error, and so raises its hashes)");
        }
        return new LayerPlan(layerCapacity, error, BloomShape.optimal(layerCapacity, error, layout));
    }
}
