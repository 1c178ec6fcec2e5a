package org.bloomery.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.contract.FilterBytes;
import org.bloomery.api.contract.TestKeys;
import org.bloomery.bloom.BlockedProbes;
import org.bloomery.bloom.BloomBits;
import org.bloomery.bloom.BloomShape;
import org.bloomery.bloom.Writers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The blocked layout split over shards: concatenated in shard order, the shards hold exactly the
 * bits an in-process blocked bit array holds for the same items (set by {@link BloomBits#add}),
 * whatever the number of shards (even when it
 * does not divide the blocks); each item's k counters sit in its block's shard; and the standard
 * layout refuses more than one shard.
 */
class ShardingTest extends OnSharedServer {
    private static final long SEED = 0x5EED_5AL;
    private static final int ITEMS = 20_000;
    private static FilterSpec blocked(int shards) {
        return FilterSpec.of(ITEMS, 0.01).withOption("layout", "blocked").withOption("shards", Integer.toString(shards));
    }

    @ParameterizedTest(name = "shards={0}")
    @ValueSource(ints = {1, 4, 7})
    void theShardsTogetherHoldTheInProcessBlockedBits(int shards) {
        RedisCellsFilter<Long> filter = RedisFilters.classic(client, "blocked", blocked(shards), KeyHasher.longs());
        BloomShape shape = BloomShape.fromSpec(FilterSpec.of(ITEMS, 0.01).withOption("layout", "blocked"),
                "classic", "bits", BloomShape.MAX_CELLS, "2^37 bits");
        assertThat(filter.cells()).isEqualTo(shape.cells());
        assertThat(filter.hashes()).isEqualTo(shape.hashes());
        BloomBits expected = BloomBits.allocate(shape, Writers.MANY);
        long[] hashes = new long[ITEMS];
        for (int i = 0; i < ITEMS; i++) {
            hashes[i] = KeyHasher.hashLong(TestKeys.presentLong(SEED, i));
            expected.add(hashes[i]);
        }
        filter.addAllHashes(hashes);
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        List<String> shardKeys = filter.keys().subList(1, filter.keys().size());
        assertThat(shardKeys).hasSize(shards);
        Sharding sharding = new Sharding(shape, shards);
        for (int s = 0; s < shards; s++) {
            byte[] shard = client.get(shardKeys.get(s).getBytes(StandardCharsets.UTF_8));
            long cellBytes = sharding.cells(s) / 8;
            // Every shard ends with its trailer: the upload stamp, 0 until an upload, the write epoch
            // (raised by each run of the batch), and the identity.
            assertThat((long) shard.length).as("bytes of shard %d", s).isEqualTo(cellBytes + KeyTrailer.BYTES);
            assertThat(withoutEpoch(Arrays.copyOfRange(shard, (int) cellBytes, shard.length)))
                    .as("trailer of shard %d", s).isEqualTo(withoutEpoch(KeyTrailer.bytes(0, filter.identity())));
            all.write(shard, 0, (int) cellBytes);
        }
        byte[] bytes = all.toByteArray();
        assertThat((long) bytes.length * 8).as("bits over all shards").isEqualTo(shape.cells());
        for (long bit = 0; bit < shape.cells(); bit++) {
            // Bit i of the in-process array is Redis bit i ^ 63 of the concatenated strings.
            long redisBit = bit ^ 63;
            boolean set = (bytes[(int) (redisBit >>> 3)] & (0x80 >>> (redisBit & 7))) != 0;
            boolean inProcess = (expected.word(bit >>> 6) & 1L << bit) != 0;
            if (set != inProcess) {
                throw new AssertionError("bit " + bit + " is " + set + " in Redis, " + inProcess + " in process");
            }
        }
        assertThat(filter.approximateCount()).isEqualTo(shape.estimateCount(expected.cardinality()));
        boolean[] present = filter.mightContainAllHashes(hashes);
        for (int i = 0; i < ITEMS; i++) {
            assertThat(present[i]).as("item #%d", i).isTrue();
        }
    }

    @Test
    void aShardedSnapshotUploadsUnchangedUnderAnyShardCount() throws Exception {
        RedisCellsFilter<Long> sharded = RedisFilters.counting(client, "source", blocked(6), KeyHasher.longs());
        for (int i = 0; i < 2_000; i++) {
            sharded.add(TestKeys.presentLong(SEED, i));
        }
        byte[] snapshot = FilterBytes.of(sharded);
        for (int shards : new int[] {1, 3, 6}) {
            RedisCellsFilter<Long> copy = RedisFilters.upload(client, "copy-" + shards, shards,
                    new ByteArrayInputStream(snapshot), KeyHasher.longs());
            assertThat(copy.keys()).hasSize(1 + shards);
            assertThat(FilterBytes.of(copy)).as("snapshot of the copy in %d shards", shards).isEqualTo(snapshot);
            for (int i = 0; i < 2_000; i++) {
                assertThat(copy.mightContain(TestKeys.presentLong(SEED, i))).isTrue();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"classic", "counting"})
    void aShardedFilterSnapshotsToTheInProcessBlockedFilterBitForBit(String localKind) throws Exception {
        FilterSpec local = FilterSpec.of(ITEMS, 0.01).withOption("layout", "blocked");
        RedisCellsFilter<Long> shared = localKind.equals("classic")
                ? RedisFilters.classic(client, "exact", blocked(5), KeyHasher.longs())
                : RedisFilters.counting(client, "exact", blocked(5), KeyHasher.longs());
        org.bloomery.api.MembershipFilter<Long> inProcess =
                org.bloomery.api.Filters.create(localKind, local, KeyHasher.longs());
        long[] hashes = new long[ITEMS];
        for (int i = 0; i < ITEMS; i++) {
            hashes[i] = KeyHasher.hashLong(TestKeys.presentLong(SEED, i));
            inProcess.addHash(hashes[i]);
        }
        shared.addAllHashes(hashes);
        byte[] snapshot = FilterBytes.of(shared);
        assertThat(snapshot).isEqualTo(FilterBytes.of(inProcess));
        org.bloomery.api.MembershipFilter<Long> read =
                org.bloomery.api.Filters.readFrom(new ByteArrayInputStream(snapshot), KeyHasher.longs());
        assertThat(read.kind()).isEqualTo(localKind);
        RedisFilters.upload(client, "uploaded", 3, inProcess);
        // 40,000 probes in one call, whose deadline is the timeout: time enough on a loaded machine.
        FilterSpec patient = local.withOption("shards", "3").withOption("timeoutMillis", "60000");
        RedisCellsFilter<Long> uploaded = localKind.equals("classic")
                ? RedisFilters.classic(client, "uploaded", patient, KeyHasher.longs())
                : RedisFilters.counting(client, "uploaded", patient, KeyHasher.longs());
        assertThat(FilterBytes.of(uploaded)).isEqualTo(snapshot);
        boolean[] answers = new boolean[2 * ITEMS];
        long[] probes = new long[2 * ITEMS];
        for (int i = 0; i < probes.length; i++) {
            probes[i] = i < ITEMS ? hashes[i] : KeyHasher.hashLong(TestKeys.absentLong(SEED, i));
        }
        uploaded.mightContainHashes(probes, 0, probes.length, answers);
        for (int i = 0; i < probes.length; i++) {
            assertThat(answers[i]).as("probe #%d", i).isEqualTo(inProcess.mightContainHash(probes[i]));
        }

        // The upload's trailer (a stamp that is not 0 now, the epoch, then the identity) is never
        // counted, OR-ed away or cleared (a clear raises only the epoch).
        byte[] trailer = client.getrange(uploaded.keys().get(1).getBytes(StandardCharsets.UTF_8),
                client.strlen(uploaded.keys().get(1)) - KeyTrailer.BYTES, -1);
        assertThat(Arrays.copyOf(trailer, UploadStamp.BYTES)).isNotEqualTo(new byte[UploadStamp.BYTES]);
        assertThat(uploaded.approximateCount()).isEqualTo(inProcess.approximateCount());
        assertThat(uploaded.expectedFpp()).isEqualTo(inProcess.expectedFpp());
        if (localKind.equals("classic")) {
            uploaded.mergeFrom(inProcess);
            assertThat(FilterBytes.of(uploaded)).isEqualTo(snapshot);
        }
        uploaded.clear();
        inProcess.clear();
        assertThat(FilterBytes.of(uploaded)).isEqualTo(FilterBytes.of(inProcess));
        assertThat(uploaded.mightContainAllHashes(probes)).doesNotContain(true);
        for (String shard : uploaded.keys().subList(1, 4)) {
            byte[] key = shard.getBytes(StandardCharsets.UTF_8);
            assertThat(withoutEpoch(client.getrange(key, client.strlen(key) - KeyTrailer.BYTES, -1))).as(shard)
                    .isEqualTo(withoutEpoch(trailer));
        }
    }

    @Test
    void eachItemsCountersSitInItsBlocksShard() {
        RedisCellsFilter<Long> filter = RedisFilters.counting(client, "counted", blocked(5), KeyHasher.longs());
        long blocks = filter.cells() / 128;
        Sharding sharding = new Sharding(new BloomShape(filter.cells(), filter.hashes(), 128), 5);
        for (int i = 0; i < 500; i++) {
            long hash = KeyHasher.hashLong(TestKeys.presentLong(SEED, i));
            filter.addHash(hash);
            long block = BlockedProbes.block(hash, blocks);
            int shard = sharding.shardOfBlock(block);
            assertThat(block).isBetween(sharding.firstBlock(shard), sharding.firstBlock(shard + 1) - 1);
            String[] args = new String[3 * filter.hashes()];
            for (int p = 0; p < filter.hashes(); p++) {
                long counter = (block - sharding.firstBlock(shard)) * 128
                        + BlockedProbes.cell(hash, p, filter.hashes(), 128);
                args[3 * p] = "GET";
                args[3 * p + 1] = "u4";
                args[3 * p + 2] = Long.toString((counter ^ 15) << 2);
            }
            assertThat(client.bitfieldReadonly(filter.keys().get(1 + shard), args)).as("counters of item #%d", i)
                    .allSatisfy(counter -> assertThat(counter).isPositive());
            assertThat(filter.remove(TestKeys.presentLong(SEED, i))).isTrue();
            assertThat(filter.add(TestKeys.presentLong(SEED, i))).isTrue();
        }
    }

    @Test
    void theStandardLayoutRefusesShards() {
        assertThatThrownBy(() -> RedisFilters.classic(client, "x", FilterSpec.of(ITEMS, 0.01).withOption("shards", "2"),
                KeyHasher.longs())).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'2'")
                .hasMessageContaining("layout=blocked");
        assertThatThrownBy(() -> RedisFilters.classic(client, "x", FilterSpec.of(100, 0.01).withOption("layout", "blocked")
                .withOption("shards", "1000"), KeyHasher.longs())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'1000'").hasMessageContaining("blocks");
        // 2^33 bits in 2 shards: 2^32 bits each, Redis's largest string, with no room for the stamp.
        assertThatThrownBy(() -> RedisFilters.classic(client, "x", FilterSpec.of(100, 0.01).withOption("layout", "blocked")
                .withOption("bits", Long.toString(1L << 33)).withOption("shards", "2"), KeyHasher.longs()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'2'")
                .hasMessageContaining("upload stamp");
        assertThat(client.keys("*")).isEmpty();
    }

    /** A trailer's upload stamp and identity, without the write epoch between them. */
    private static byte[] withoutEpoch(byte[] trailer) {
        byte[] kept = new byte[KeyTrailer.BYTES - KeyTrailer.EPOCH_BYTES];
        System.arraycopy(trailer, 0, kept, 0, UploadStamp.BYTES);
        System.arraycopy(trailer, UploadStamp.BYTES + KeyTrailer.EPOCH_BYTES, kept, UploadStamp.BYTES,
                KeyTrailer.IDENTITY_BYTES);
        return kept;
    }
}
