package org.bloomery.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.FilterBytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A shared filter made when {@link KeyHasher#longs()} gave {@code xxh64:long-le} keeps that hasher:
 * its metadata names it, opening it with the XXH3 long hasher is refused naming both, and a snapshot
 * written with it stays an XXH64 filter when uploaded with the XXH3 one. Never a silent rehash.
 */
class LongHasherUpgradeTest extends OnSharedServer {
    private static final FilterSpec SPEC = FilterSpec.of(1000, 0.01);

    private static MembershipFilter<Long> open(SharedKind kind, String name, KeyHasher<Long> hasher) {
        return switch (kind) {
            case CLASSIC -> RedisFilters.classic(client, name, SPEC, hasher);
            case COUNTING -> RedisFilters.counting(client, name, SPEC, hasher);
            case SCALABLE -> RedisFilters.scalable(client, name, SPEC, hasher);
            case AGING -> RedisFilters.aging(client, name, kind.spec(SPEC), hasher);
        };
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SharedKind.class)
    void openingAnXxh64FilterWithTheXxh3HasherIsRefusedNamingBoth(SharedKind kind) {
        MembershipFilter<Long> old = open(kind, "users", KeyHasher.longsXxh64());
        for (long key = 1_000; key < 1_100; key++) {
            old.add(key);
        }
        assertThatThrownBy(() -> open(kind, "users", KeyHasher.longs()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'users'")
                .hasMessageContaining("'xxh64:long-le'").hasMessageContaining("'xxh3:long-le'");
        MembershipFilter<Long> reopened = open(kind, "users", KeyHasher.longsXxh64());
        for (long key = 1_000; key < 1_100; key++) {
            assertThat(reopened.mightContain(key)).as("key %d", key).isTrue();
        }
    }

    @Test
    void aClassicSnapshotWrittenWithXxh64StaysXxh64WhenUploadedWithTheXxh3Hasher() throws IOException {
        MembershipFilter<Long> local = Filters.create("classic", SPEC, KeyHasher.longsXxh64());
        for (long key = 0; key < 1_000; key++) {
            local.add(key * 7919);
        }
        byte[] snapshot = FilterBytes.of(local);

        RedisCellsFilter<Long> shared = RedisFilters.upload(client, "snap", 1, new ByteArrayInputStream(snapshot),
                KeyHasher.longs());

        assertThat(shared.hasher()).isSameAs(KeyHasher.longsXxh64());
        assertThat(client.hget("bloomery:{snap}:meta", "hasher")).isEqualTo("xxh64:long-le");
        for (long key = 0; key < 20_000; key++) {
            assertThat(shared.mightContain(key)).as("key %d", key).isEqualTo(local.mightContain(key));
        }
        assertThat(FilterBytes.of(shared)).isEqualTo(snapshot);
    }
}
