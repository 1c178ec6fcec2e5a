package org.bloomery.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.UnifiedJedis;

/**
 * The samples of docs/redis.md, run on the tests' shared server; each checks what the page says
 * its lines do. The pages hold the regions between the sample markers.
 */
class RedisPageSamplesTest extends OnSharedServer {
    private static final FilterSpec URLS = FilterSpec.of(1_000_000, 0.001);

    @Test
    void fromConfiguration() throws IOException {
        Properties properties = new Properties();
        properties.setProperty("bloomery.kind", "redis-counting");
        properties.setProperty("bloomery.expectedInsertions", "1000000");
        properties.setProperty("bloomery.fpp", "0.001");
        properties.setProperty("bloomery.option.uri", RedisServer.shared().uri());
        properties.setProperty("bloomery.option.name", "blocked-ips");

        // sample:configuration
        try (MembershipFilter<CharSequence> guard = Filters.fromProperties(properties, KeyHasher.strings())) {
            guard.add("203.0.113.7");
        }
        // end:configuration

        try (var again = RedisFilters.counting(client, "blocked-ips", FilterSpec.of(1_000_000, 0.001), KeyHasher.strings())) {
            assertThat(again.mightContain("203.0.113.7")).as("the add outlives the handle").isTrue();
        }
    }

    @Test
    void withYourClient() {
        UnifiedJedis redis = client;
        List<String> batch = items("https://example.org/page-", 1_000);
        RedisFilters.counting(redis, "blocked-ips", FilterSpec.of(1_000_000, 0.001), KeyHasher.strings()).add("203.0.113.7");

        // sample:client
        var seen = RedisFilters.classic(redis, "seen-urls", FilterSpec.of(1_000_000, 0.001), KeyHasher.strings());
        seen.add("https://example.org/");               // one script: checks the key, then one BITFIELD
        seen.mightContain("https://example.org/");      // the same, with BITFIELD GET
        seen.addAll(batch);                             // one round trip per 10,000 items
        long[] hashes = batch.stream().mapToLong(seen.hasher()::hash).toArray();   // hasher.hash(item) of each
        boolean[] hits = seen.mightContainAllHashes(hashes);

        var guard = RedisFilters.counting(redis, "blocked-ips", FilterSpec.of(1_000_000, 0.001), KeyHasher.strings());
        guard.remove("203.0.113.7");                    // one script too
        // end:client

        assertThat(seen.mightContain("https://example.org/")).isTrue();
        assertThat(hits).hasSize(batch.size()).doesNotContain(false);
        assertThat(guard.mightContain("203.0.113.7")).isFalse();
    }

    @Test
    void createNever() {
        UnifiedJedis redis = client;
        assertThatThrownBy(() -> RedisFilters.counting(redis, "blocked-ips",
                FilterSpec.of(1_000_000, 0.001).withOption("create", "never"), KeyHasher.strings()))
                .as("before the deploy step").isInstanceOf(RedisFilterMissingException.class);

        // sample:create-never
        // The deploy step, once: creates the filter if the name is free, else joins it.
        RedisFilters.counting(redis, "blocked-ips", FilterSpec.of(1_000_000, 0.001), KeyHasher.strings()).close();

        // Every instance of the service: joins the filter, or fails with RedisFilterMissingException.
        var guard = RedisFilters.counting(redis, "blocked-ips",
                FilterSpec.of(1_000_000, 0.001).withOption("create", "never"), KeyHasher.strings());
        // end:create-never

        guard.add("203.0.113.7");
        assertThat(guard.mightContain("203.0.113.7")).isTrue();
    }

    @Test
    void snapshotsUploadsAndMerges(@TempDir Path dir) throws IOException {
        UnifiedJedis redis = client;
        var seen = RedisFilters.classic(redis, "seen-urls", URLS, KeyHasher.strings());
        seen.addAll(items("seen-", 100));
        MembershipFilter<CharSequence> builtInABatchJob = local(items("batch-", 100));
        Path snapshot = dir.resolve("seen-urls.blmf");
        try (OutputStream file = Files.newOutputStream(snapshot)) {
            local(items("file-", 100)).writeTo(file);
        }
        MembershipFilter<CharSequence> localClassicFilter = local(items("merged-", 100));

        // sample:snapshots
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        seen.writeTo(out);                                                       // a "classic" envelope
        MembershipFilter<CharSequence> local =
                Filters.readFrom(new ByteArrayInputStream(out.toByteArray()), KeyHasher.strings());   // answers as `seen` did

        var published = RedisFilters.upload(redis, "seen-urls", 1, builtInABatchJob);   // 1 shard
        RedisFilters.upload(redis, "seen-urls", 1, Files.newInputStream(snapshot), KeyHasher.strings());
        seen.mergeFrom(localClassicFilter);                                      // BITOP OR on the server
        // end:snapshots

        assertThat(local.kind()).isEqualTo("classic");
        assertThat(items("seen-", 100)).allMatch(local::mightContain);
        assertThat(published.name()).isEqualTo("seen-urls");
        // The file's upload replaced the batch job's cells; `seen`, opened before, reads the new ones.
        assertThat(items("file-", 100)).allMatch(seen::mightContain);
        assertThat(items("merged-", 100)).allMatch(seen::mightContain);
    }

    @Test
    void scalable() {
        UnifiedJedis redis = client;
        List<String> batch = items("s-", 1_000);

        // sample:scalable
        RedisScalableFilter<CharSequence> seen = RedisFilters.scalable(redis, "seen-sessions", FilterSpec.of(100_000, 0.01), KeyHasher.strings());
        seen.add("s-81c2");                               // BF.ADD: one script, one round trip
        boolean[] added = seen.addAll(batch);             // BF.MADD: one pipeline per 10,000 items
        RedisScalableInfo info = seen.info();             // BF.INFO
        // end:scalable

        assertThat(added).hasSize(batch.size());
        assertThat(seen.approximateCount()).isEqualTo(1 + IntStream.range(0, added.length).filter(i -> added[i]).count());
        assertThat(info.capacity()).isEqualTo(100_000);
    }

    @Test
    void aging() {
        UnifiedJedis redis = client;
        List<String> batch = items("ip-", 1_000);

        // sample:aging
        FilterSpec lastHour = FilterSpec.of(1_000_000, 0.01).withOption("windowMillis", "3600000");
        RedisAgingFilter<CharSequence> recent = RedisFilters.aging(redis, "recent-ips", lastHour, KeyHasher.strings());
        recent.add("203.0.113.7");                        // one script: start the generation if due, add
        recent.addAll(batch);                             // one pipeline per 10,000 items
        boolean seen = recent.mightContain("203.0.113.7"); // true for an hour (and at most a quarter more)
        RedisAgingInfo window = recent.info();            // the generations, their items and layers
        // end:aging

        assertThat(seen).isTrue();
        assertThat(window.slack()).isEqualTo(900_000);
        assertThat(recent.approximateCount()).isEqualTo(1 + batch.size());
    }

    private static List<String> items(String prefix, int n) {
        return IntStream.range(0, n).mapToObj(i -> prefix + i).collect(Collectors.toList());
    }

    private static MembershipFilter<CharSequence> local(List<String> items) {
        MembershipFilter<CharSequence> filter = Filters.create("classic", URLS, KeyHasher.strings());
        items.forEach(filter::add);
        return filter;
    }
}
