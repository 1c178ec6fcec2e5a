package org.bloomery.fuse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.function.Consumer;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.FilterBytes;
import org.bloomery.api.contract.TestKeys;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Crafted fuse bodies with a valid checksum: each field the reader checks, set to a value that
 * does not fit, is rejected by name (the contract kit also flips, truncates and overwrites bytes).
 * Body offsets: 0 bits, 1 items, 9 seed, 17 segment length, 21 slots, 25 fingerprints.
 */
class FuseCodecTest {

    private static byte[] serialized(int bits) {
        long[] hashes = new long[1000];
        for (int i = 0; i < hashes.length; i++) {
            hashes[i] = KeyHasher.hashLong(TestKeys.presentLong(7, i));
        }
        FilterSpec spec = FilterSpec.of(1000, 0.01).withOption("fingerprintBits", Integer.toString(bits));
        return FilterBytes.of(FuseFilter.buildFromHashes(spec, KeyHasher.longs(), hashes));
    }

    private static void assertRejected(byte[] bytes, Consumer<ByteBuffer> damage, String field) {
        byte[] crafted = FilterBytes.craftedBody(bytes, damage);
        assertThatThrownBy(() -> Filters.readFrom(new ByteArrayInputStream(crafted), KeyHasher.longs()))
                .isInstanceOf(InvalidFilterDataException.class).hasMessageContaining(field);
    }

    @ParameterizedTest(name = "f={0}")
    @ValueSource(ints = {8, 16, 32})
    void everyCheckedFieldIsRejectedByName(int bits) throws IOException {
        byte[] bytes = serialized(bits);
        MembershipFilter<Long> read = Filters.readFrom(new ByteArrayInputStream(bytes), KeyHasher.longs());
        assertThat(read.approximateCount()).isEqualTo(1000);
        assertRejected(bytes, b -> b.put(0, (byte) (bits == 8 ? 16 : 8)), "fingerprint bits");
        assertRejected(bytes, b -> b.put(0, (byte) 12), "fingerprint bits");
        assertRejected(bytes, b -> b.putLong(1, 100_000), "segment length");
        assertRejected(bytes, b -> b.putLong(1, 1L << 31), "distinct items");
        assertRejected(bytes, b -> b.putLong(1, -1), "distinct items");
        assertRejected(bytes, b -> b.putInt(17, 1 << 20), "segment length");
        assertRejected(bytes, b -> b.putInt(21, Integer.MAX_VALUE), "slots");
        assertRejected(bytes, b -> b.putInt(21, -1), "slots");
    }

    /** A consistent forgery of a huge set ends at the real bytes: truncated, not an allocation. */
    @ParameterizedTest(name = "f={0}")
    @ValueSource(ints = {8, 16, 32})
    void aForgedLargeSetIsRejectedWithoutAllocatingIt(int bits) {
        byte[] bytes = serialized(bits);
        long items = 1L << 30;
        FuseLayout layout = FuseLayout.forItems(items);
        assertRejected(bytes, b -> b.putLong(1, items).putInt(17, layout.segmentLength()).putInt(21, layout.arrayLength()),
                "");
    }
}
