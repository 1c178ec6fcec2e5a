package org.bloomery.redis;

import static org.bloomery.redis.RedisAgingProvider.KIND;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.bloomery.bloom.WindowPlan;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.spi.SpecOptions;

/**
 * A {@code redis-aging} spec, read: where the filter lives ({@link Location}), its window (the
 * in-process {@code aging} kind's {@link WindowPlan}, from the same options), the spec that kind is
 * built from, which is what snapshots carry, and whether writes wait for replicas.
 *
 * @param location where the filter lives
 * @param localSpec the spec without the Redis options
 * @param plan the window, its generations and their layers
 * @param durability whether writes wait for replicas
 */
record RedisAgingOptions(Location location, FilterSpec localSpec, WindowPlan plan, Durability durability) {
    /**
     * Reads a spec.
     *
     * @param spec the spec
     * @param nameOverride the name given in code, or null to read option {@code name}
     * @return the options
     * @throws IllegalArgumentException for an unknown option, both or neither of {@code window} and
     *     {@code windowMillis}, or a value out of range, naming it and the allowed range
     */
    static RedisAgingOptions read(FilterSpec spec, String nameOverride) {
        Set<String> redisKeys = new HashSet<>(Location.KEYS);
        redisKeys.addAll(Durability.KEYS);
        Set<String> known = new HashSet<>(redisKeys);
        known.addAll(WindowPlan.OPTIONS);
        SpecOptions options = SpecOptions.of(spec, KIND, known);
        Location location = Location.read(KIND, spec, options, nameOverride);
        FilterSpec localSpec = Location.without(spec, redisKeys);
        WindowPlan plan = WindowPlan.of(localSpec, KIND);
        RedisCellsOptions.requireStandardOrBlocked(KIND, plan.growth().layout());
        return new RedisAgingOptions(location, localSpec, plan, Durability.read(KIND, options, location.timeoutMillis()));
    }

    /**
     * The metadata fields that identify the filter (never the URI or a credential); the ring's
     * state is kept next to them ({@link AgingScripts}).
     *
     * @param hasherId the hasher's id
     * @return the fields, in the order differences are reported
     */
    Map<String, String> metadata(String hasherId) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("kind", KIND);
        fields.put("format", Metadata.FORMAT);
        fields.put("hasher", hasherId);
        fields.put("layout", plan.growth().layout().optionValue());
        fields.put("window", plan.window() + " " + plan.unit());
        fields.put("generations", Integer.toString(plan.generations()));
        fields.put("expectedInsertions", Long.toString(localSpec.expectedInsertions()));
        fields.put("fpp", Double.toString(localSpec.fpp()));
        fields.put("options", localSpec.options().entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(",")));
        return fields;
    }
}
