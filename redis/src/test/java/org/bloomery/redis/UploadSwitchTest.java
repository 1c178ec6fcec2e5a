package org.bloomery.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.contract.FilterBytes;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.JedisPooled;

/**
 * Uploads over an existing sharded filter on a single server: one script switches every shard and
 * the metadata, so batch queries spanning the shards, racing the uploads from another connection,
 * see the whole old filter or the whole new one; a mix, were there one, would be seen; shards of
 * different uploads are read again, never answered; an interrupted switch keeps the name from
 * opening; a failed upload leaves the old filter and no temporary key.
 */
class UploadSwitchTest extends OnSharedServer {
    private static final int SHARDS = 4;
    private static final FilterSpec SPEC = FilterSpec.of(UploadRace.ITEMS, 0.001).withOption("layout", "blocked");

    @Test
    void batchesRacingUploadsSeeTheWholeOldFilterOrTheWholeNew() throws Exception {
        UploadRace race = new UploadRace(SPEC);
        try (JedisPooled readerClient = RedisServer.shared().client()) {
            RedisFilters.upload(readerClient, "swapped", SHARDS, race.old);
            RedisCellsFilter<Long> reader = RedisFilters.classic(readerClient, "swapped", UploadRace.patient(SPEC, SHARDS),
                    KeyHasher.longs());
            race.run(client, reader, SHARDS, 20, 2);
            assertThat(FilterBytes.of(reader)).isEqualTo(FilterBytes.of(race.old));
            assertThat(client.keys("*")).as("no temporary key left").containsExactlyInAnyOrderElementsOf(reader.keys());
        }
    }

    @Test
    void aMixedFilterIsSeenAndShardsOfDifferentUploadsAreNeverAnswered() throws Exception {
        UploadRace race = new UploadRace(SPEC);
        RedisCellsFilter<Long> shared = RedisFilters.upload(client, "mixed", SHARDS,
                race.old);
        RedisCellsFilter<Long> donor = RedisFilters.upload(client, "donor", SHARDS, race.next);
        assertThat(race.classify(shared.mightContainAllHashes(race.probes))).isEqualTo("old");
        byte[] shard0 = key(shared, 0);
        byte[] newShard0 = client.get(key(donor, 0));
        long cellBytes = newShard0.length - KeyTrailer.BYTES;
        // The new filter's cells in shard 0 under the old upload's stamp: a mix no stamp reveals,
        // which the race's assertion would catch.
        client.setrange(shard0, 0, java.util.Arrays.copyOf(newShard0, (int) cellBytes));
        assertThat(race.classify(shared.mightContainAllHashes(race.probes))).startsWith("a mix");

        // With the new upload's stamp too (a switch interrupted after one shard), batches are not
        // answered: they are read again until the timeout, then fail.
        client.setrange(shard0, cellBytes, java.util.Arrays.copyOfRange(newShard0, (int) cellBytes,
                (int) cellBytes + UploadStamp.BYTES));
        RedisCellsFilter<Long> impatient = RedisFilters.classic(client, "mixed",
                SPEC.withOption("shards", Integer.toString(SHARDS)).withOption("timeoutMillis", "200"), KeyHasher.longs());
        long begin = System.nanoTime();
        assertThatThrownBy(() -> impatient.mightContainAllHashes(race.probes)).isInstanceOf(RedisFilterException.class)
                .hasMessageContaining("'mixed'").hasMessageContaining("different uploads");
        assertThat((System.nanoTime() - begin) / 1e6).as("milliseconds to fail").isBetween(200.0, 5_000.0);

        RedisFilters.upload(client, "mixed", SHARDS, race.next);
        assertThat(race.classify(impatient.mightContainAllHashes(race.probes))).isEqualTo("new");
    }

    @Test
    void aNameMarkedByAnInterruptedSwitchDoesNotOpenUntilAnUploadSucceeds() throws Exception {
        UploadRace race = new UploadRace(SPEC);
        RedisCellsFilter<Long> shared = RedisFilters.upload(client, "marked", SHARDS, race.old);
        client.hset(shared.keys().get(0), Metadata.SWITCHING, "1f");
        FilterSpec spec = SPEC.withOption("shards", Integer.toString(SHARDS));
        assertThatThrownBy(() -> RedisFilters.classic(client, "marked", spec, KeyHasher.longs()))
                .isInstanceOf(RedisFilterException.class).hasMessageContaining("'marked'")
                .hasMessageContaining("interrupted");
        RedisFilters.upload(client, "marked", SHARDS, race.next);
        RedisCellsFilter<Long> reopened = RedisFilters.classic(client, "marked", spec, KeyHasher.longs());
        assertThat(race.classify(reopened.mightContainAllHashes(race.probes))).isEqualTo("new");
        assertThat(client.hget(shared.keys().get(0), Metadata.SWITCHING)).isNull();
    }

    @Test
    void aOneByOneSwitchThatFindsAnotherUploadsShardLeavesTheNameMarked() throws Exception {
        UploadRace race = new UploadRace(SPEC);
        RedisCellsFilter<Long> shared = RedisFilters.upload(client, "raced", SHARDS, race.old);
        RedisStore store = new RedisStore(client, false, "test client", "raced", null);
        FilterKeys keys = FilterKeys.of("bloomery:", "raced", SHARDS);
        long[] cellBytes = new long[SHARDS];
        for (int s = 0; s < SHARDS; s++) {
            cellBytes[s] = client.strlen(keys.shards().get(s)) - UploadStamp.BYTES;
        }
        long ours = UploadStamp.next();
        // This upload renamed its shards, but another upload's shards stand where they went.
        client.hset(keys.metadata(), Metadata.SWITCHING, Long.toHexString(ours));
        assertThatThrownBy(() -> Transfer.finishSwitch(store, keys, cellBytes, ours))
                .isInstanceOf(RedisFilterException.class).hasMessageContaining("another upload");
        assertThat(client.hget(keys.metadata(), Metadata.SWITCHING)).isEqualTo(Long.toHexString(ours));
        assertThatThrownBy(() -> RedisFilters.classic(client, "raced", SPEC.withOption("shards", "4"), KeyHasher.longs()))
                .isInstanceOf(RedisFilterException.class).hasMessageContaining("interrupted");

        // The upload whose stamp every shard holds removes the mark, if it is still its own.
        byte[] stamp = client.getrange(key(shared, 0), cellBytes[0], cellBytes[0] + UploadStamp.BYTES - 1);
        long theirs = java.nio.ByteBuffer.wrap(stamp).getLong();
        Transfer.finishSwitch(store, keys, cellBytes, theirs);
        assertThat(client.hget(keys.metadata(), Metadata.SWITCHING)).as("another upload's mark").isNotNull();
        client.hset(keys.metadata(), Metadata.SWITCHING, Long.toHexString(theirs));
        Transfer.finishSwitch(store, keys, cellBytes, theirs);
        assertThat(client.hget(keys.metadata(), Metadata.SWITCHING)).isNull();
        assertThat(race.classify(RedisFilters.classic(client, "raced", SPEC.withOption("shards", "4"), KeyHasher.longs())
                .mightContainAllHashes(race.probes))).isEqualTo("old");
    }

    @Test
    void anUploadWhoseSnapshotFailsHalfwayLeavesTheOldFilterAndNoTemporaryKey() throws Exception {
        UploadRace race = new UploadRace(SPEC);
        RedisCellsFilter<Long> shared = RedisFilters.upload(client, "kept", SHARDS, race.old);
        byte[] before = FilterBytes.of(shared);
        Set<String> keys = client.keys("*");
        byte[] snapshot = FilterBytes.of(race.next);
        InputStream failing = new FilterInputStream(new ByteArrayInputStream(snapshot, 0, snapshot.length * 3 / 4)) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = super.read(b, off, len);
                if (n < 0) {
                    throw new IOException("the disk went away");
                }
                return n;
            }
        };
        assertThatThrownBy(() -> RedisFilters.upload(client, "kept", SHARDS, failing, KeyHasher.longs()))
                .isInstanceOf(IOException.class);
        assertThat(client.keys("*")).isEqualTo(keys);
        assertThat(FilterBytes.of(shared)).isEqualTo(before);
        assertThat(race.classify(shared.mightContainAllHashes(race.probes))).isEqualTo("old");
    }

    private static byte[] key(RedisCellsFilter<?> filter, int shard) {
        return filter.keys().get(1 + shard).getBytes(StandardCharsets.UTF_8);
    }
}
