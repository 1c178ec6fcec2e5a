package org.bloomery.benchmarks.redis;

import java.util.List;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.redis.RedisCellsFilter;

/** A Bloomery shared kind ({@code redis-classic} or {@code redis-counting}), built from configuration. */
final class BloomeryShared implements SharedContestant {
    private final RedisCellsFilter<CharSequence> filter;

    private BloomeryShared(RedisCellsFilter<CharSequence> filter) {
        this.filter = filter;
    }

    static BloomeryShared open(String kind, String uri, String name, long n, double fpp) {
        FilterSpec spec = FilterSpec.of(n, fpp).withOption("uri", uri).withOption("name", name);
        return new BloomeryShared((RedisCellsFilter<CharSequence>) Filters.<CharSequence>create(kind, spec, KeyHasher.strings()));
    }

    @Override
    public String name() {
        return filter.kind();
    }

    @Override
    public boolean add(String key) {
        return filter.add(key);
    }

    @Override
    public boolean mightContain(String key) {
        return filter.mightContain(key);
    }

    @Override
    public boolean remove(String key) {
        return filter.remove(key);
    }

    @Override
    public boolean removes() {
        return filter.capabilities().contains(Capability.REMOVE);
    }

    @Override
    public void addAll(List<String> keys) {
        filter.addAll(keys);
    }

    @Override
    public long countContained(List<String> keys) {
        long present = 0;
        for (boolean answer : filter.mightContainAll(keys)) {
            present += answer ? 1 : 0;
        }
        return present;
    }

    @Override
    public List<String> keys() {
        return filter.keys();
    }

    @Override
    public long bitSize() {
        return filter.bitSize();
    }

    @Override
    public void close() {
        filter.delete();
        filter.close();
    }
}
