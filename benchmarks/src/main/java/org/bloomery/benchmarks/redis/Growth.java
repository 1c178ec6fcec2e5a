package org.bloomery.benchmarks.redis;

import java.util.ArrayList;
import java.util.List;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.bloom.GrowthPlan;
import org.bloomery.benchmarks.keys.KeyGenerator;
import org.bloomery.benchmarks.stats.Proportion;
import org.bloomery.redis.RedisScalableFilter;
import org.bloomery.redis.RedisScalableProvider;
import org.bloomery.scalable.ScalableProvider;

/**
 * The growth row: {@code redis-scalable} and the in-process {@code scalable} kind each start at
 * capacity n/1000 (at least 1) and take the same n string keys, so each grows 1,000×; then n present
 * and n absent keys are queried. The shared filter adds and queries in batches (one round trip per
 * batch, as {@code BF.MADD} and {@code BF.MEXISTS}); the in-process one one key at a time.
 */
final class Growth {
    private Growth() {
    }

    static GrowthRow shared(String uri, String name, RedisComparison.Settings s) {
        long capacity = capacity(s);
        FilterSpec spec = FilterSpec.of(capacity, s.fpp()).withOption("uri", uri).withOption("name", name);
        KeyGenerator keys = new KeyGenerator(s.seed());
        RedisScalableFilter<CharSequence> filter =
                (RedisScalableFilter<CharSequence>) Filters.<CharSequence>create(RedisScalableProvider.KIND, spec, KeyHasher.strings());
        try {
            filter.clear();
            int n = s.n();
            long start = System.nanoTime();
            for (int from = 0; from < n; from += s.batch()) {
                filter.addAll(strings(keys, from, Math.min(n, from + s.batch()), true));
            }
            double adds = n * 1e9 / (System.nanoTime() - start);
            long present = 0;
            long positives = 0;
            start = System.nanoTime();
            for (int from = 0; from < n; from += s.batch()) {
                int to = Math.min(n, from + s.batch());
                present += count(filter.mightContainAll(strings(keys, from, to, true)));
                positives += count(filter.mightContainAll(strings(keys, from, to, false)));
            }
            double queries = 2L * n * 1e9 / (System.nanoTime() - start);
            return new GrowthRow(filter.kind(), capacity, n, filter.info().layers(),
                    (double) filter.bitSize() / n, new Proportion(positives, n), n - present, adds, queries);
        } finally {
            filter.delete();
            filter.close();
        }
    }

    static GrowthRow local(RedisComparison.Settings s) {
        long capacity = capacity(s);
        FilterSpec spec = FilterSpec.of(capacity, s.fpp());
        KeyGenerator keys = new KeyGenerator(s.seed());
        MembershipFilter<CharSequence> filter = Filters.create(ScalableProvider.KIND, spec, KeyHasher.strings());
        int n = s.n();
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            filter.add(keys.presentString(i));
        }
        double adds = n * 1e9 / (System.nanoTime() - start);
        long present = 0;
        long positives = 0;
        start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            present += filter.mightContain(keys.presentString(i)) ? 1 : 0;
            positives += filter.mightContain(keys.absentString(i)) ? 1 : 0;
        }
        double queries = 2L * n * 1e9 / (System.nanoTime() - start);
        return new GrowthRow(filter.kind(), capacity, n, layers(spec, filter.bitSize()),
                (double) filter.bitSize() / n, new Proportion(positives, n), n - present, adds, queries);
    }

    /** The first layer's capacity: n/1000, at least 1. */
    private static long capacity(RedisComparison.Settings s) {
        return Math.max(1, s.n() / 1000);
    }

    /** The layers of a filter of {@code bits} bits: the growth plan's first layers that add up to it. */
    private static int layers(FilterSpec spec, long bits) {
        GrowthPlan plan = GrowthPlan.of(spec, ScalableProvider.KIND);
        long sum = 0;
        int layers = 0;
        while (sum < bits) {
            sum += plan.layer(layers++).shape().cells();
        }
        return layers;
    }

    private static long count(boolean[] answers) {
        long count = 0;
        for (boolean answer : answers) {
            count += answer ? 1 : 0;
        }
        return count;
    }

    private static List<String> strings(KeyGenerator keys, int from, int to, boolean present) {
        List<String> list = new ArrayList<>(to - from);
        for (int i = from; i < to; i++) {
            list.add(present ? keys.presentString(i) : keys.absentString(i));
        }
        return list;
    }
}
