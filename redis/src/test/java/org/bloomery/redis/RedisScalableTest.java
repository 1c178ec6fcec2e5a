package org.bloomery.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.bloomery.api.FilterFullException;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.FilterBytes;
import org.bloomery.api.contract.TestKeys;
import org.bloomery.scalable.ScalableFilter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code redis-scalable} command by command: growth as the in-process kind, refusals that change
 * no byte ({@code DUMP} before and after), {@code BF.RESERVE}/{@code BF.INSERT}/{@code BF.INFO},
 * snapshots and uploads, scripts lost by the server, and bad input.
 */
class RedisScalableTest extends OnSharedServer {
    private static final long SEED = 0x5CA1_ED15L;
    private static long[] present(int count) {
        long[] hashes = new long[count];
        for (int i = 0; i < count; i++) {
            hashes[i] = KeyHasher.hashLong(TestKeys.presentLong(SEED, i));
        }
        return hashes;
    }

    private static Map<String, byte[]> dump(List<String> keys) {
        Map<String, byte[]> dumps = new LinkedHashMap<>();
        for (String key : keys) {
            dumps.put(key, client.dump(key));
        }
        return dumps;
    }

    @ParameterizedTest(name = "layout={0}")
    @ValueSource(strings = {"standard", "blocked"})
    void itGrowsLayerByLayerAsTheInProcessKindAndSnapshotsToItsBytes(String layout) throws Exception {
        FilterSpec spec = FilterSpec.of(100, 0.01).withOption("layout", layout);
        RedisScalableFilter<Long> shared = RedisFilters.scalable(client, "grows", spec, KeyHasher.longs());
        ScalableFilter<Long> local = ScalableFilter.create(spec, KeyHasher.longs());
        long[] hashes = present(1_000);
        for (int i = 0; i < 300; i++) {
            assertThat(shared.addHash(hashes[i])).as("single add #%d", i).isEqualTo(local.addHash(hashes[i]));
        }
        boolean[] batch = shared.addAllHashes(java.util.Arrays.copyOfRange(hashes, 300, 1_000));
        for (int i = 300; i < 1_000; i++) {
            assertThat(batch[i - 300]).as("batch add #%d", i).isEqualTo(local.addHash(hashes[i]));
        }
        RedisScalableInfo info = shared.info();
        assertThat(info.layers()).isEqualTo(local.info().layers()).isEqualTo(4);
        assertThat(info.capacity()).isEqualTo(local.info().capacity()).isEqualTo(1_500);
        assertThat(info.itemsInserted()).isEqualTo(local.approximateCount()).isEqualTo(shared.approximateCount());
        assertThat(info.bytes() * 8).isEqualTo(local.bitSize()).isEqualTo(shared.bitSize());
        assertThat(info.expansion()).isEqualTo(2);
        assertThat(info.errorRate()).isEqualTo(0.01);
        assertThat(info.tightening()).isEqualTo(0.5);
        assertThat(shared.expectedFpp()).isEqualTo(local.expectedFpp());
        assertThat(shared.keys()).containsExactly("bloomery:{grows}:meta", "bloomery:{grows}:layer:0",
                "bloomery:{grows}:layer:1", "bloomery:{grows}:layer:2", "bloomery:{grows}:layer:3");

        byte[] snapshot = FilterBytes.of(shared);
        assertThat(snapshot).isEqualTo(FilterBytes.of(local));
        MembershipFilter<Long> read = Filters.readFrom(new ByteArrayInputStream(snapshot), KeyHasher.longs());
        assertThat(read.kind()).isEqualTo("scalable");
        long[] probes = new long[20_000];
        for (int i = 0; i < probes.length; i++) {
            probes[i] = i < 1_000 ? hashes[i] : KeyHasher.hashLong(TestKeys.absentLong(SEED, i));
        }
        boolean[] answers = shared.mightContainAllHashes(probes);
        for (int i = 0; i < probes.length; i++) {
            assertThat(read.mightContainHash(probes[i])).as("probe #%d", i).isEqualTo(answers[i]);
        }
    }

    @Test
    void aNonScalingFilterAtCapacityRefusesTheNextItemAndChangesNoByte() {
        FilterSpec spec = FilterSpec.of(500, 0.01).withOption("nonscaling", "true");
        RedisScalableFilter<Long> shared = RedisFilters.scalable(client, "fixed", spec, KeyHasher.longs());
        ScalableFilter<Long> local = ScalableFilter.create(spec, KeyHasher.longs());
        long[] hashes = present(2_000);
        int i = 0;
        while (shared.approximateCount() < 500) {
            assertThat(shared.addHash(hashes[i])).isEqualTo(local.addHash(hashes[i]));
            i++;
        }
        while (shared.mightContainHash(hashes[i])) {
            i++;
        }
        Map<String, byte[]> before = dump(shared.keys());
        long refused = hashes[i];
        FilterFullException expected = org.assertj.core.api.Assertions.catchThrowableOfType(
                () -> local.addHash(refused), FilterFullException.class);
        assertThatThrownBy(() -> shared.addHash(refused)).isInstanceOf(FilterFullException.class)
                .hasMessage(expected.getMessage().replace("'scalable'", "'redis-scalable'"))
                .hasMessageContaining("non scaling filter is full");
        assertThatThrownBy(() -> shared.addAllHashes(new long[] {hashes[0], refused}))
                .isInstanceOf(FilterFullException.class).hasMessageContaining("items before #1 were added");
        assertThat(dump(shared.keys())).as("DUMP of every key after the refusals")
                .containsExactlyEntriesOf(before);
        assertThat(shared.mightContainHash(refused)).isFalse();
        assertThat(shared.addHash(hashes[0])).as("a present item still answers").isFalse();
    }

    @Test
    void growthPastTheLargestRedisStringIsRefusedNamingTheLimit() {
        // Layer 1 would take 10,000 · 32,768 items at error about 1e-5: 7.9e9 bits, over 2^32.
        FilterSpec spec = FilterSpec.of(10_000, 0.01).withOption("expansion", "32768").withOption("tightening", "0.001");
        RedisScalableFilter<Long> shared = RedisFilters.scalable(client, "huge", spec, KeyHasher.longs());
        long[] hashes = present(12_000);
        shared.addAllHashes(java.util.Arrays.copyOf(hashes, 10_000));
        int i = 10_000;
        while (shared.approximateCount() < 10_000 || shared.mightContainHash(hashes[i])) {
            shared.addHash(hashes[i++]);
        }
        Map<String, byte[]> before = dump(shared.keys());
        long refused = hashes[i];
        assertThatThrownBy(() -> shared.addHash(refused)).isInstanceOf(FilterFullException.class)
                .hasMessageContaining("kind 'redis-scalable'").hasMessageContaining("cannot add layer 1")
                .hasMessageContaining("more than 2^32 bits (512 MiB, the largest Redis string)");
        assertThat(dump(shared.keys())).containsExactlyEntriesOf(before);
    }

    @Test
    void reserveInsertAndNoCreateFollowRedisBloom() {
        FilterSpec spec = FilterSpec.of(1_000, 0.01).withOption("expansion", "4");
        assertThatThrownBy(() -> RedisFilters.insert(client, "bf", spec, KeyHasher.strings(), true, List.of("a")))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("not found");
        assertThat(client.keys("*")).isEmpty();

        RedisScalableFilter<CharSequence> reserved = RedisFilters.reserve(client, "bf", spec, KeyHasher.strings());
        reserved.add("a");
        Map<String, byte[]> before = dump(reserved.keys());
        assertThatThrownBy(() -> RedisFilters.reserve(client, "bf", spec, KeyHasher.strings()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("item exists");
        assertThat(dump(reserved.keys())).as("an existing filter is never reset").containsExactlyEntriesOf(before);

        // An existing filter keeps its own spec: CAPACITY and ERROR of BF.INSERT do not matter.
        assertThat(RedisFilters.insert(client, "bf", FilterSpec.of(7, 0.2), KeyHasher.strings(), true,
                List.of("a", "b", "c"))).containsExactly(false, true, true);
        assertThat(reserved.approximateCount()).isEqualTo(3);
        assertThat(reserved.info().expansion()).isEqualTo(4);
        assertThat(RedisFilters.insert(client, "new", FilterSpec.of(7, 0.2), KeyHasher.strings(), false,
                List.of("x"))).containsExactly(true);
        assertThat(RedisFilters.scalable(client, "new", FilterSpec.of(7, 0.2), KeyHasher.strings()).mightContain("x"))
                .isTrue();
        assertThatThrownBy(() -> RedisFilters.insert(client, "bf", spec, KeyHasher.longs(), false, List.of(1L)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("hasher");
    }

    @Test
    void lostScriptsAreLoadedAgainAndClearAndDeleteTouchEveryLayer() {
        RedisScalableFilter<Long> shared = RedisFilters.scalable(client, "cycle", FilterSpec.of(100, 0.01),
                KeyHasher.longs());
        long[] hashes = present(500);
        shared.addAllHashes(hashes);
        client.scriptFlush();
        assertThat(shared.mightContainAllHashes(hashes)).doesNotContain(false);
        client.scriptFlush();
        assertThat(shared.addHash(hashes[0])).isFalse();
        assertThat(shared.info().layers()).isEqualTo(3);

        // A second client, whose idea of the layer count is stale, sees the clear.
        RedisScalableFilter<Long> other = RedisFilters.scalable(client, "cycle", FilterSpec.of(100, 0.01),
                KeyHasher.longs());
        other.clear();
        assertThat(client.keys("*")).containsExactlyInAnyOrder("bloomery:{cycle}:meta", "bloomery:{cycle}:layer:0");
        assertThat(shared.mightContainHash(hashes[0])).isFalse();
        assertThat(shared.addHash(hashes[0])).isTrue();
        assertThat(shared.approximateCount()).isEqualTo(1);
        shared.addAllHashes(hashes);
        other.delete();
        assertThat(client.keys("*")).isEmpty();
        assertThatThrownBy(() -> shared.mightContainHash(hashes[0])).isInstanceOf(RedisFilterException.class)
                .hasMessageContaining("deleted");
    }

    @Test
    void anUploadPublishesTheLocalFilterAtomicallyAndReplacesEveryLayer() throws Exception {
        FilterSpec spec = FilterSpec.of(100, 0.01);
        ScalableFilter<Long> small = ScalableFilter.create(spec, KeyHasher.longs());
        ScalableFilter<Long> big = ScalableFilter.create(spec, KeyHasher.longs());
        long[] hashes = present(1_000);
        for (int i = 0; i < 1_000; i++) {
            big.addHash(hashes[i]);
            if (i < 150) {
                small.addHash(hashes[i]);
            }
        }
        RedisScalableFilter<Long> shared = RedisFilters.uploadScalable(client, "published", big);
        assertThat(FilterBytes.of(shared)).isEqualTo(FilterBytes.of(big));
        assertThat(shared.approximateCount()).isEqualTo(big.approximateCount());
        RedisFilters.uploadScalable(client, "published", small);
        assertThat(FilterBytes.of(shared)).isEqualTo(FilterBytes.of(small));
        assertThat(client.keys("*")).as("the big filter's extra layers and no temporary key")
                .containsExactlyInAnyOrderElementsOf(shared.keys()).hasSize(3);

        Set<String> keys = client.keys("*");
        byte[] before = FilterBytes.of(shared);
        byte[] damaged = FilterBytes.of(big);
        damaged[damaged.length - 1] ^= 1;
        assertThatThrownBy(() -> RedisFilters.uploadScalable(client, "published", new ByteArrayInputStream(damaged),
                KeyHasher.longs())).isInstanceOf(InvalidFilterDataException.class).hasMessageContaining("checksum");
        ScalableFilter<Long> other = ScalableFilter.create(FilterSpec.of(200, 0.01), KeyHasher.longs());
        assertThatThrownBy(() -> RedisFilters.uploadScalable(client, "published", other))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'published'")
                .hasMessageContaining("expectedInsertions");
        MembershipFilter<Long> classic = Filters.create("classic", spec, KeyHasher.longs());
        assertThatThrownBy(() -> RedisFilters.uploadScalable(client, "published", classic))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("classic");
        assertThat(FilterBytes.of(shared)).isEqualTo(before);
        assertThat(client.keys("*")).isEqualTo(keys);
    }

    @Test
    void metadataThatNoClientWroteIsATypedFailureNeverAnAnswer() {
        RedisScalableFilter<Long> shared = RedisFilters.scalable(client, "tampered", FilterSpec.of(100, 0.01),
                KeyHasher.longs());
        long hash = present(1)[0];
        shared.addHash(hash);
        client.hset("bloomery:{tampered}:meta", "layers", "999");
        assertThatThrownBy(() -> shared.mightContainHash(hash)).isInstanceOf(RedisFilterException.class)
                .hasMessageContaining("'999' layers, outside [1, 256]");
        client.hset("bloomery:{tampered}:meta", "layers", "1");
        client.hset("bloomery:{tampered}:meta", "card", "many");
        assertThatThrownBy(shared::approximateCount).isInstanceOf(RedisFilterException.class)
                .hasMessageContaining("'many' in field 'card'");
        assertThat(shared.mightContainHash(hash)).isTrue();
    }

    static Stream<Arguments> badOptions() {
        return Stream.of(
                Arguments.of("expansion", "0", "[1, 32768]"),
                Arguments.of("tightening", "1.5", "(0.0, 1.0)"),
                Arguments.of("nonscaling", "maybe", "true or false"),
                Arguments.of("shards", "2", "shards"),
                Arguments.of("timeoutMillis", "0", "timeoutMillis"));
    }

    @ParameterizedTest(name = "{0}={1}")
    @MethodSource("badOptions")
    void badOptionsAreNamedWithTheAllowedRange(String key, String value, String allowed) {
        FilterSpec spec = FilterSpec.of(1_000, 0.01).withOption("uri", RedisServer.shared().uri())
                .withOption("name", "x").withOption(key, value);
        assertThatThrownBy(() -> Filters.create("redis-scalable", spec, KeyHasher.strings()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(key).hasMessageContaining(allowed)
                .hasMessageContaining("redis-scalable");
        assertThat(client.keys("*")).isEmpty();
    }

    @Test
    void badSpecsNamesAndKeysAreRefusedTouchingNothing() {
        assertThatThrownBy(() -> RedisFilters.scalable(client, "x", FilterSpec.of(1_000, 0.01)
                .withOption("nonscaling", "true").withOption("expansion", "4"), KeyHasher.strings()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nonscaling=true");
        assertThatThrownBy(() -> RedisFilters.scalable(client, "x", FilterSpec.of(1L << 41, 0.01), KeyHasher.strings()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[1, 2^40]");
        assertThatThrownBy(() -> RedisFilters.scalable(client, "x", FilterSpec.of(1_000_000_000, 0.0001),
                KeyHasher.strings())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot build layer 0").hasMessageContaining("2^32 bits");
        assertThatThrownBy(() -> RedisFilters.scalable(client, "bad name", FilterSpec.of(1_000, 0.01), KeyHasher.strings()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'bad name'");
        assertThat(client.keys("*")).isEmpty();
        List<String> lists = new ArrayList<>(List.of("bloomery:{queue}:meta", "bloomery:{jobs}:layer:0"));
        for (String key : lists) {
            client.rpush(key, "job-1");
            String name = key.substring(key.indexOf('{') + 1, key.indexOf('}'));
            assertThatThrownBy(() -> RedisFilters.scalable(client, name, FilterSpec.of(1_000, 0.01), KeyHasher.strings()))
                    .isInstanceOf(RedisFilterException.class).hasMessageContaining(key).hasMessageContaining("list");
        }
        assertThat(client.keys("*")).containsExactlyInAnyOrderElementsOf(lists);
        RedisFilters.classic(client, "taken", FilterSpec.of(1_000, 0.01), KeyHasher.strings());
        assertThatThrownBy(() -> RedisFilters.scalable(client, "taken", FilterSpec.of(1_000, 0.01), KeyHasher.strings()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("kind");
    }
}
