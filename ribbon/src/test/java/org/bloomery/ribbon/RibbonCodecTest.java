package org.bloomery.ribbon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.function.Consumer;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.FilterBytes;
import org.bloomery.api.contract.TestKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Crafted ribbon bodies with a valid checksum: each field the reader checks, set to a value that
 * does not fit, is rejected by name (the contract kit also flips, truncates and overwrites bytes);
 * and the exact bytes of a small filter, pinned so that a change of the format is noticed. Body
 * offsets of version 3: 0 version, 1 result bits, 2 items, 10 seed, 18 shards, 22 first r-column
 * group, 26 each shard's groups (4 bytes each), then the shards' seed ordinals and the solution.
 */
class RibbonCodecTest {
    /** The pinned filter: 20 long keys at fpp 1% (r = 7, fractional), written by this version (body version 3). */
    /** The pinned filter in format version 2, as the previous release wrote it. */
    private static final String PINNED = "ribbon-20-longs-fpp-0.01.blmf";
    /** The same filter in format version 3, as this code writes it. */
    private static final String PINNED_V3 = "ribbon-20-longs-fpp-0.01.v3.blmf";

    private static long[] hashes(int count) {
        long[] hashes = new long[count];
        for (int i = 0; i < count; i++) {
            hashes[i] = KeyHasher.hashLong(TestKeys.presentLong(26, i));
        }
        return hashes;
    }

    private static byte[] serialized(double fpp) {
        return FilterBytes.of(RibbonFilter.buildFromHashes(FilterSpec.of(1000, fpp), KeyHasher.longs(), hashes(1000)));
    }

    private static void assertRejected(byte[] bytes, Consumer<ByteBuffer> damage, String field) {
        byte[] crafted = FilterBytes.craftedBody(bytes, damage);
        assertThatThrownBy(() -> Filters.readFrom(new ByteArrayInputStream(crafted), KeyHasher.longs()))
                .isInstanceOf(InvalidFilterDataException.class).hasMessageContaining(field);
    }

    @ParameterizedTest(name = "fpp={0}")
    @ValueSource(doubles = {0.01, 1.0 / 256, 0x1p-32})
    void everyCheckedFieldIsRejectedByName(double fpp) throws IOException {
        byte[] bytes = serialized(fpp);
        MembershipFilter<Long> read = Filters.readFrom(new ByteArrayInputStream(bytes), KeyHasher.longs());
        assertThat(read.approximateCount()).isEqualTo(1000);
        int columns = ResultBits.forFpp(fpp).columns();
        RibbonFilter<Long> built = RibbonFilter.buildFromHashes(FilterSpec.of(1000, fpp), KeyHasher.longs(), hashes(1000));
        NarrowLayout layout = built.narrowLayout();
        int groups = layout.groupsOf(0);
        int most = (int) NarrowLayout.mostGroups(1000);
        assertRejected(bytes, b -> b.put(0, (byte) 64), "unknown ribbon body version 64");
        assertRejected(bytes, b -> b.put(0, (byte) 1), "body version");
        assertRejected(bytes, b -> b.put(0, (byte) 129), "body version");
        assertRejected(bytes, b -> b.put(1, (byte) (columns - 1)), "result bits");
        assertRejected(bytes, b -> b.put(1, (byte) 33), "result bits");
        assertRejected(bytes, b -> b.putLong(2, 1L << 31), "distinct items");
        assertRejected(bytes, b -> b.putLong(2, -1), "distinct items");
        assertRejected(bytes, b -> b.putLong(2, 100_000), "shards");
        assertRejected(bytes, b -> b.putInt(18, 2), "shards");
        assertRejected(bytes, b -> b.putInt(22, layout.upperStartGroup() + 1), "first group with r result bits");
        assertRejected(bytes, b -> b.putInt(22, -1), "first group with r result bits");
        assertRejected(bytes, b -> b.putInt(26, 1), "groups of shard 0");
        assertRejected(bytes, b -> b.putInt(26, most + 1), "groups of shard 0");
        // One group fewer moves the first r-column group, or, where it does not, the solution ends early.
        assertRejected(bytes, b -> b.putInt(26, groups - 1), layout.upperStartGroup() == NarrowLayout.of(
                new int[] {groups - 1}, ResultBits.forFpp(fpp)).upperStartGroup() ? "bytes" : "first group with r result bits");
        assertRejected(bytes, b -> b.put(30, (byte) ShardSeeds.PER_SIZE), "seed ordinal of shard 0");
        assertRejected(bytes, b -> b.put(30, (byte) -1), "seed ordinal of shard 0");
    }

    /** Shards whose groups are each in range but add up to more than the keys can need are refused. */
    @Test
    void shardGroupsAddingUpToTooManyAreRejected() {
        int n = 3 * NarrowLayout.SHARD_KEYS;
        byte[] bytes = FilterBytes.of(RibbonFilter.buildFromHashes(FilterSpec.of(n, 0.01), KeyHasher.longs(), hashes(n)));
        int shards = NarrowLayout.shardsFor(n);
        int each = (int) (NarrowLayout.mostGroups(n) / shards) + 1;
        assertRejected(bytes, b -> {
            for (int shard = 0; shard < shards; shard++) {
                b.putInt(26 + Integer.BYTES * shard, each);
            }
        }, "add up to more than");
    }

    /**
     * A body of version 2 (128-row windows, shards of one size; a file written before version 3):
     * its fields are checked by that version's rules. Offsets: 0 version, 1 result bits, 2 items,
     * 10 seed, 18 shards, 22 rows per shard, 26 first r-column group, 30 the seed ordinals.
     */
    @Test
    void aVersionTwoBodyIsCheckedByItsOwnRules() throws IOException {
        byte[] bytes;
        try (InputStream in = RibbonCodecTest.class.getResourceAsStream("previous-release/ribbon-v2-xxh64-longs.blmf")) {
            bytes = in.readAllBytes();
        }
        assertThat(bytes[FilterBytes.bodyOffset(bytes)]).as("body version").isEqualTo((byte) 2);
        int slots = RibbonLayout.shardSlotsFor(1000);
        assertThat(Filters.readFrom(new ByteArrayInputStream(bytes), KeyHasher.longs()).approximateCount()).isEqualTo(1000);
        assertRejected(bytes, b -> b.putLong(2, 100_000), "shards");
        assertRejected(bytes, b -> b.putLong(2, 60_000), "rows per shard");
        assertRejected(bytes, b -> b.putInt(18, 2), "shards");
        assertRejected(bytes, b -> b.putInt(22, slots - 64), "rows per shard");
        assertRejected(bytes, b -> b.putInt(22, RibbonLayout.mostGrown(slots) + 64), "rows per shard");
        assertRejected(bytes, b -> b.putInt(22, slots + 1), "multiple of 64");
        assertRejected(bytes, b -> b.putInt(22, -1), "rows per shard");
        assertRejected(bytes, b -> b.putInt(26, 1 << 20), "first group with r result bits");
        assertRejected(bytes, b -> b.putInt(26, -1), "first group with r result bits");
        assertRejected(bytes, b -> b.put(30, (byte) ShardSeeds.PER_SIZE), "seed ordinal of shard 0");
    }

    /**
     * A body of the first version (the previous release's file): its rows and first r-column group
     * are checked by that version's rules. Offsets: 0 width, 1 result bits, 2 items, 10 seed, 18
     * rows, 22 first r-column group, 26 solution.
     */
    @Test
    void aFirstVersionBodyIsCheckedByItsOwnRules() throws IOException {
        byte[] bytes;
        try (InputStream in = RibbonCodecTest.class.getResourceAsStream("previous-release/ribbon-xxh64-longs.blmf")) {
            bytes = in.readAllBytes();
        }
        int slots = RibbonCodec.firstVersionSlotsFor(1000);
        assertThat(Filters.readFrom(new ByteArrayInputStream(bytes), KeyHasher.longs()).approximateCount()).isEqualTo(1000);
        assertRejected(bytes, b -> b.putInt(18, slots - 64), "rows");
        assertRejected(bytes, b -> b.putInt(18, RibbonLayout.mostGrown(slots) + 64), "rows");
        assertRejected(bytes, b -> b.putInt(18, slots + 1), "multiple of 64");
        assertRejected(bytes, b -> b.putInt(22, 1 << 20), "first group with r result bits");
        assertRejected(bytes, b -> b.putLong(2, RibbonLayout.MAX_ITEMS), "rows");
    }

    /**
     * A consistent forgery of a huge set reads its shards' groups from the real bytes (the first
     * shard's groups, then solution words, out of range) and never allocates the solution it
     * claims.
     */
    @Test
    void aForgedLargeSetIsRejectedWithoutAllocatingIt() {
        byte[] bytes = serialized(0.01);
        long items = RibbonLayout.MAX_ITEMS;
        int shards = NarrowLayout.shardsFor(items);
        assertRejected(bytes, b -> b.putLong(2, items).putInt(18, shards).putInt(22, 0), "groups of shard");
    }

    /**
     * The pinned files were written with the XXH64 long hasher, so the filter is built with that one
     * here: it is written as the version-3 file, and both files read back and answer as it does.
     */
    @Test
    void aSmallFilterIsWrittenAsThePinnedBytes() throws IOException {
        long[] hashes = new long[20];
        for (int i = 0; i < hashes.length; i++) {
            hashes[i] = KeyHasher.hashLongXxh64(TestKeys.presentLong(26, i));
        }
        RibbonFilter<Long> filter = RibbonFilter.buildFromHashes(FilterSpec.of(20, 0.01), KeyHasher.longsXxh64(), hashes);
        assertThat(FilterBytes.of(filter)).as("bytes of the pinned filter; a format change needs a new version")
                .isEqualTo(resource(PINNED_V3));
        for (String pinned : new String[] {PINNED, PINNED_V3}) {
            MembershipFilter<Long> read = Filters.readFrom(new ByteArrayInputStream(resource(pinned)), KeyHasher.longs());
            for (long hash : hashes) {
                assertThat(read.mightContainHash(hash)).isTrue();
            }
            for (int i = 0; i < 10_000; i++) {
                long hash = KeyHasher.hashLongXxh64(TestKeys.absentLong(26, i));
                assertThat(read.mightContainHash(hash)).as("%s, absent key %d", pinned, i)
                        .isEqualTo(filter.mightContainHash(hash));
            }
        }
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = RibbonCodecTest.class.getResourceAsStream(name)) {
            assertThat(in).as("test resource " + name).isNotNull();
            return in.readAllBytes();
        }
    }
}
