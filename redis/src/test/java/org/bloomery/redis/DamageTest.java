package org.bloomery.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.TestKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Keys of a shared filter deleted, truncated, overwritten, turned into another type, or replaced by
 * a new filter of the same name, with real commands on the real server: every shared kind, single
 * and batch calls. Each call on the damaged key fails with {@link RedisDataLostException}, none
 * answers "absent" for an added item, none creates or repairs a key, and opening the name fails
 * the same way without writing anything.
 */
class DamageTest extends OnSharedServer {
    private static final long SEED = 0xDA_4A6EL;
    private static final int ITEMS = 2_000;
    private static final FilterSpec SPEC = FilterSpec.of(ITEMS, 0.01);

    /** What is done to the filter's first cells key (a layer of {@code redis-scalable}). */
    enum Damage {
        DELETED(key -> client.del(key)),
        TRUNCATED(key -> client.set(key.getBytes(StandardCharsets.UTF_8),
                client.getrange(key.getBytes(StandardCharsets.UTF_8), 0, 999))),
        OVERWRITTEN(key -> client.set(key, "garbage-bytes-xyz")),
        ANOTHER_TYPE(key -> {
            client.del(key);
            client.rpush(key, "not", "cells");
        }),
        /**
         * Same length, another identity: the first of the identity's 32 hex digits at the key's end
         * changed. (Queries read the first 64 bits of the identity, the scripts all 128.)
         */
        IDENTITY_CHANGED(key -> {
            byte[] name = key.getBytes(StandardCharsets.UTF_8);
            long first = client.strlen(name) - KeyTrailer.IDENTITY_BYTES;
            byte[] digit = client.getrange(name, first, first);
            client.setrange(name, first, new byte[] {(byte) (digit[0] ^ 0x01)});
        }),
        /** The whole key written over with random bytes of the same length. */
        RANDOM_SAME_LENGTH(key -> {
            byte[] name = key.getBytes(StandardCharsets.UTF_8);
            byte[] noise = new byte[(int) client.strlen(name)];
            new java.util.Random(SEED).nextBytes(noise);
            client.set(name, noise);
        });

        private final Consumer<String> edit;

        Damage(Consumer<String> edit) {
            this.edit = edit;
        }
    }

    static Stream<Arguments> kindsAndDamages() {
        List<Arguments> cases = new ArrayList<>();
        for (SharedKind kind : SharedKind.values()) {
            for (Damage damage : Damage.values()) {
                cases.add(Arguments.of(kind, damage));
            }
        }
        return cases.stream();
    }

    private static long[] hashes(int count) {
        long[] hashes = new long[count];
        for (int i = 0; i < count; i++) {
            hashes[i] = KeyHasher.hashLong(TestKeys.presentLong(SEED, i));
        }
        return hashes;
    }

    @ParameterizedTest(name = "{0}, cells {1}")
    @MethodSource("kindsAndDamages")
    void aDamagedCellsKeyFailsEveryCallWithTheTypedExceptionAndIsLeftAsItIs(SharedKind kind, Damage damage) {
        MembershipFilter<Long> filter = kind.open(client, "guard", SPEC);
        long[] hashes = hashes(ITEMS);
        SharedKind.addAll(filter, hashes);
        String cells = SharedKind.keys(filter).get(1);
        damage.edit.accept(cells);
        byte[] damaged = client.dump(cells);

        assertLost(() -> filter.mightContainHash(hashes[0]), cells);
        assertLost(() -> SharedKind.mightContainAll(filter, hashes), cells);
        assertLost(() -> filter.addHash(hashes[1]), cells);
        Throwable batch = catchThrowable(() -> SharedKind.addAll(filter, hashes(10)));
        assertThat(batch).isInstanceOf(RedisDataLostException.class);
        assertThat(((RedisFilterException) batch).firstUnconfirmed()).as("items applied before the failure").hasValue(0);
        if (kind == SharedKind.COUNTING) {
            assertLost(() -> filter.removeHash(hashes[2]), cells);
        }
        if (!kind.oneSlot()) {
            // The scalable and aging kinds' counts are fields of their metadata, which is whole.
            assertLost(filter::approximateCount, cells);
        }
        assertLost(() -> filter.writeTo(java.io.OutputStream.nullOutputStream()), cells);
        assertLost(filter::clear, cells);
        assertLost(() -> kind.open(client, "guard", SPEC), cells);
        assertThat(client.dump(cells)).as("the damaged key, after every call and a new open").isEqualTo(damaged);
    }

    private static void assertLost(org.assertj.core.api.ThrowableAssert.ThrowingCallable call, String key) {
        assertThatThrownBy(call).isInstanceOf(RedisDataLostException.class)
                .hasMessageContaining("'guard'").hasMessageContaining(key)
                .satisfies(e -> assertThat(((RedisDataLostException) e).key()).isEqualTo(key));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SharedKind.class)
    void aFilterLostAndCreatedAnewUnderItsNameIsNeverAnsweredByTheOldHandle(SharedKind kind) {
        MembershipFilter<Long> old = kind.open(client, "guard", SPEC);
        long[] hashes = hashes(ITEMS);
        SharedKind.addAll(old, hashes);
        String meta = SharedKind.keys(old).get(0);
        // What a restart without persistence does, then a new process opening the name.
        client.flushAll();
        assertThatThrownBy(() -> old.mightContainHash(hashes[0])).isInstanceOf(RedisDataLostException.class)
                .hasMessageContaining("missing");
        assertThatThrownBy(() -> old.addHash(hashes[0])).isInstanceOf(RedisDataLostException.class);
        assertThat(client.keys("*")).as("keys the failed calls created").isEmpty();

        MembershipFilter<Long> fresh = kind.open(client, "guard", SPEC);
        assertThat(fresh.mightContainHash(hashes[0])).as("the new, empty filter").isFalse();
        for (var call : List.<org.assertj.core.api.ThrowableAssert.ThrowingCallable>of(
                () -> old.mightContainHash(hashes[0]), () -> SharedKind.mightContainAll(old, hashes),
                () -> old.addHash(hashes[0]), () -> SharedKind.addAll(old, hashes))) {
            assertThatThrownBy(call).isInstanceOf(RedisDataLostException.class)
                    .hasMessageContaining("belongs to another filter");
        }
        assertThat(client.exists(meta)).isTrue();
        fresh.addHash(hashes[0]);
        assertThat(kind.open(client, "guard", SPEC).mightContainHash(hashes[0])).as("a handle opened anew").isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SharedKind.class)
    void metadataReplacedByAJunkHashOrDeletedIsRefusedOnOpenAndNeverAnsweredAbsent(SharedKind kind) {
        MembershipFilter<Long> filter = kind.open(client, "guard", SPEC);
        long[] hashes = hashes(ITEMS);
        SharedKind.addAll(filter, hashes);
        String meta = SharedKind.keys(filter).get(0);
        client.del(meta);
        client.hset(meta, Map.of("owner", "someone-else", "purpose", "junk"));
        assertThatThrownBy(() -> kind.open(client, "guard", SPEC)).isInstanceOf(RedisDataLostException.class)
                .hasMessageContaining("not a Bloomery filter's metadata");
        assertThat(client.hgetAll(meta)).as("the junk hash, untouched").containsOnlyKeys("owner", "purpose");
        assertNeverAbsent(filter, hashes);

        client.del(meta);
        assertThatThrownBy(() -> kind.open(client, "guard", SPEC)).isInstanceOf(RedisDataLostException.class)
                .hasMessageContaining("metadata does not");
        assertThat(client.exists(meta)).as("metadata recreated by a failed open").isFalse();
        assertNeverAbsent(filter, hashes);
    }

    /**
     * The open handle either answers "present" for every added item or fails with the typed
     * exception: {@code redis-classic} and {@code redis-counting} keep the identity in each cells
     * key, so a handle already open goes on over whole cells; {@code redis-scalable} keeps it in
     * the metadata, so its calls fail.
     */
    private static void assertNeverAbsent(MembershipFilter<Long> filter, long[] hashes) {
        try {
            assertThat(SharedKind.mightContainAll(filter, hashes)).doesNotContain(false);
        } catch (RedisFilterException e) {
            assertThat(e).isInstanceOf(RedisDataLostException.class);
        }
        for (int i = 0; i < 20; i++) {
            try {
                assertThat(filter.mightContainHash(hashes[i])).isTrue();
            } catch (RedisFilterException e) {
                assertThat(e).isInstanceOf(RedisDataLostException.class);
            }
        }
    }

    /**
     * A batch add that meets a deleted shard of a sharded filter applies the runs on the other
     * shards, and says how far it got: every item before the index it names was applied.
     */
    @Test
    void aBatchAddThatFailsOnOneShardSaysWhichItemsItApplied() {
        FilterSpec sharded = SPEC.withOption("layout", "blocked").withOption("shards", "4");
        RedisCellsFilter<Long> filter = RedisFilters.classic(client, "guard", sharded, KeyHasher.longs());
        String lostShard = filter.keys().get(3);
        client.del(lostShard);
        long[] hashes = hashes(ITEMS);
        Throwable failure = catchThrowable(() -> filter.addAllHashes(hashes));
        assertThat(failure).isInstanceOf(RedisDataLostException.class).hasMessageContaining(lostShard)
                .hasMessageContaining("the items before index");
        int first = ((RedisFilterException) failure).firstUnconfirmed().orElseThrow();
        int expected = 0;
        while (filter.shardOf(hashes[expected]) != 2) {
            expected++;
        }
        assertThat(first).as("the first item whose shard was lost").isEqualTo(expected);
        boolean[] before = filter.mightContainAllHashes(Arrays.copyOf(hashes, first));
        assertThat(before).as("items before the index").doesNotContain(false);
        assertThat(client.exists(lostShard)).as("a lost shard is never recreated by an add").isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SharedKind.class)
    void aBatchPastItsDeadlineFailsWithItsProgress(SharedKind kind) {
        // A 300 ms deadline for the whole call: 200,000 items take 20 round trips, longer than that on
        // any machine, and the call stops at the first pipeline started after the deadline.
        FilterSpec spec = FilterSpec.of(200_000, 0.01).withOption("timeoutMillis", "300");
        MembershipFilter<Long> filter = kind.open(client, "guard", spec);
        long[] hashes = hashes(200_000);
        long begin = System.nanoTime();
        Throwable failure = catchThrowable(() -> SharedKind.addAll(filter, hashes));
        double millis = (System.nanoTime() - begin) / 1e6;
        assertThat(failure).isInstanceOf(RedisFilterException.class).hasMessageContaining("deadline of 300 ms");
        int first = ((RedisFilterException) failure).firstUnconfirmed().orElseThrow();
        assertThat(first).as("items applied before the deadline").isBetween(1, hashes.length - 1);
        assertThat(millis).as("milliseconds to fail: the deadline plus one round trip").isLessThan(300 + 2_000);
        FilterSpec patient = spec.withOption("timeoutMillis", "60000");
        assertThat(SharedKind.mightContainAll(kind.open(client, "guard", patient), Arrays.copyOf(hashes, first)))
                .as("items before the index").doesNotContain(false);
    }
}
