package org.bloomery.benchmarks.redis;

import java.util.List;
import org.redisson.Redisson;
import org.redisson.api.RBloomFilter;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.redisson.config.Config;

/**
 * Redisson's {@code RBloomFilter} (org.redisson:redisson), the usual way Java services share a
 * Bloom filter through Redis: {@code tryInit(n, p)}, then one Lua {@code EVAL} of k {@code
 * SETBIT}s or {@code GETBIT}s per item or per batch.
 */
final class RedissonShared implements SharedContestant {
    private final RedissonClient client;
    private final RBloomFilter<String> filter;
    private final String name;

    private RedissonShared(RedissonClient client, RBloomFilter<String> filter, String name) {
        this.client = client;
        this.filter = filter;
        this.name = name;
    }

    static RedissonShared open(String uri, String name, long n, double fpp, int threads) {
        Config config = new Config();
        config.useSingleServer().setAddress(uri).setConnectionPoolSize(Math.max(threads, 8))
                .setConnectionMinimumIdleSize(Math.max(threads, 8));
        RedissonClient client = Redisson.create(config);
        RBloomFilter<String> filter = client.getBloomFilter(name, StringCodec.INSTANCE);
        filter.tryInit(n, fpp);
        return new RedissonShared(client, filter, name);
    }

    @Override
    public String name() {
        return "redisson";
    }

    @Override
    public boolean add(String key) {
        return filter.add(key);
    }

    @Override
    public boolean mightContain(String key) {
        return filter.contains(key);
    }

    @Override
    public boolean remove(String key) {
        throw new UnsupportedOperationException("Redisson's RBloomFilter cannot remove");
    }

    @Override
    public boolean removes() {
        return false;
    }

    @Override
    public void addAll(List<String> keys) {
        filter.add(keys);
    }

    @Override
    public long countContained(List<String> keys) {
        return filter.contains(keys);
    }

    @Override
    public List<String> keys() {
        // The bit string under the name, and its configuration hash "{name}:config".
        return List.of(name, "{" + name + "}:config");
    }

    @Override
    public long bitSize() {
        return filter.getSize();
    }

    @Override
    public void close() {
        filter.delete();
        client.shutdown();
    }
}
