package org.bloomery.redis;

import static org.bloomery.redis.RedisScalableProvider.KIND;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.spi.SpecOptions;
import org.bloomery.bloom.GrowthPlan;

/**
 * A {@code redis-scalable} spec, read: where the filter lives ({@link Location}) and how it grows
 * (the in-process {@code scalable} kind's {@link GrowthPlan}, from the same options), with the spec
 * that kind is built from, which is what snapshots carry.
 *
 * @param location where the filter lives
 * @param localSpec the spec without the Redis options
 * @param plan capacity, error, expansion, tightening, non-scaling and layout
 * @param durability whether writes wait for replicas
 */
record RedisScalableOptions(Location location, FilterSpec localSpec, GrowthPlan plan, Durability durability) {
    /**
     * Reads a spec.
     *
     * @param spec the spec
     * @param nameOverride the name given in code, or null to read option {@code name}
     * @return the options
     * @throws IllegalArgumentException for an unknown option or a value out of range, naming it and
     *     the allowed range
     */
    static RedisScalableOptions read(FilterSpec spec, String nameOverride) {
        Set<String> known = new HashSet<>(Location.KEYS);
        known.addAll(GrowthPlan.OPTIONS);
        known.addAll(Durability.KEYS);
        SpecOptions options = SpecOptions.of(spec, KIND, known);
        Location location = Location.read(KIND, spec, options, nameOverride);
        Set<String> redisKeys = new HashSet<>(Location.KEYS);
        redisKeys.addAll(Durability.KEYS);
        FilterSpec localSpec = Location.without(spec, redisKeys);
        GrowthPlan plan = GrowthPlan.of(localSpec, KIND);
        RedisCellsOptions.requireStandardOrBlocked(KIND, plan.layout());
        return new RedisScalableOptions(location, localSpec, plan, Durability.read(KIND, options, location.timeoutMillis()));
    }

    /**
     * The metadata fields that identify the filter (never the URI or a credential); the counts
     * ({@code layers}, {@code items:i}, {@code card}) are kept next to them.
     *
     * @param hasherId the hasher's id
     * @return the fields, in the order differences are reported
     */
    Map<String, String> metadata(String hasherId) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("kind", KIND);
        fields.put("format", Metadata.FORMAT);
        fields.put("hasher", hasherId);
        fields.put("layout", plan.layout().optionValue());
        fields.put("expansion", Integer.toString(plan.expansion()));
        fields.put("tightening", Double.toString(plan.tightening()));
        fields.put("nonscaling", Boolean.toString(plan.nonscaling()));
        fields.put("expectedInsertions", Long.toString(localSpec.expectedInsertions()));
        fields.put("fpp", Double.toString(localSpec.fpp()));
        fields.put("options", localSpec.options().entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(",")));
        return fields;
    }
}
