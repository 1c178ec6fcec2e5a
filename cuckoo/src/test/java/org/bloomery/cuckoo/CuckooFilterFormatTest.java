package org.bloomery.cuckoo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.function.Consumer;
import org.bloomery.api.FilterFullException;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.contract.FilterBytes;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The body's own validation: each field is damaged and the checksum re-sealed, so only the body
 * reader stands between the bytes and a filter. The filter has 12-bit fingerprints (packed words),
 * b = 4, 10 buckets (40 slots, 480 bits: the last word has 32 unused bits) and its stash occupied.
 */
class CuckooFilterFormatTest {
    private static final long SEED = 127;
    // Body: b (1), f (1), maxKicks (4), expansion (4), sub-tables (1), buckets (4), stash (8),
    // 8 words (64), fingerprint count (8).
    private static final int BUCKET_SIZE = 0;
    private static final int FINGERPRINT_BITS = 1;
    private static final int MAX_KICKS = 2;
    private static final int EXPANSION = 6;
    private static final int SUB_TABLES = 10;
    private static final int BUCKETS = 11;
    private static final int STASH = 15;
    private static final int WORDS = 23;
    private static final int COUNT = WORDS + 8 * 8;

    private CuckooFilter<Long> filter;
    private byte[] bytes;
    private int body;

    @BeforeEach
    void fillUntilTheStashIsOccupied() {
        filter = TestFilters.create(20, 0.002, "fingerprintBits", "12", "maxKicks", "20");
        assertThat(filter.buckets()).isEqualTo(10);
        for (long i = 0; ; i++) {
            try {
                filter.addHash(TestFilters.present(SEED, i));
            } catch (FilterFullException e) {
                break;
            }
        }
        bytes = FilterBytes.of(filter);
        body = FilterBytes.bodyOffset(bytes);
        assertThat(FilterBytes.bodyLength(bytes)).as("body length").isEqualTo(COUNT + 8);
        assertThat(ByteBuffer.wrap(bytes).getLong(body + STASH)).as("stash").isNotZero();
    }

    @Test
    void roundTripKeepsTheStash() throws IOException {
        CuckooFilter<Long> read = TestFilters.read(bytes);
        assertThat(read.approximateCount()).isEqualTo(filter.approximateCount());
        assertThat(read.loadFactor()).isEqualTo(filter.loadFactor());
        for (long i = 0; i < filter.approximateCount(); i++) {
            assertThat(read.mightContainHash(TestFilters.present(SEED, i))).isTrue();
        }
        assertThat(FilterBytes.of(read)).isEqualTo(bytes);
    }

    @Test
    void parametersMustMatchTheSpec() {
        assertRejected("bucketSize", b -> b.put(body + BUCKET_SIZE, (byte) 8));
        assertRejected("fingerprintBits", b -> b.put(body + FINGERPRINT_BITS, (byte) 13));
        assertRejected("maxKicks", b -> b.putInt(body + MAX_KICKS, 500));
        assertRejected("expansion", b -> b.putInt(body + EXPANSION, 2));
        assertRejected("sub-table count", b -> b.put(body + SUB_TABLES, (byte) 2));
        assertRejected("sub-table count", b -> b.put(body + SUB_TABLES, (byte) 0));
        assertRejected("buckets", b -> b.putInt(body + BUCKETS, 11));
        assertRejected("buckets", b -> b.putInt(body + BUCKETS, Integer.MAX_VALUE));
    }

    @Test
    void theStashMustHoldAValidFingerprintAndBucket() {
        assertRejected("stash", b -> b.putLong(body + STASH, 10L << 32 | 5));
        assertRejected("stash", b -> b.putLong(body + STASH, 3L << 32));
        assertRejected("stash", b -> b.putLong(body + STASH, 3L << 32 | 0x1000));
        assertRejected("stash", b -> b.putLong(body + STASH, -1L));
    }

    @Test
    void bitsPastTheLastSlotAndAWrongCountAreRejected() {
        assertRejected("past its 40 slots", b -> b.put(body + WORDS + 7 * 8, (byte) 0x80));
        assertRejected("fingerprint count", b -> b.putLong(body + COUNT, filter.approximateCount() + 1));
        assertRejected("fingerprint count", b -> b.putLong(body + WORDS, 0L));
    }

    /**
     * A CRC-valid filter whose spec asks for Long.MAX_VALUE items and whose table claims
     * Integer.MIN_VALUE buckets, as n + slack once wrapped to: refused by the sizing rule of creation.
     */
    @Test
    void aSpecBeyondTheSizingLimitIsRejectedOnReading() {
        assertRejected("at most", b -> {
            b.putLong(FilterBytes.expectedInsertionsOffset(bytes), Long.MAX_VALUE);
            b.putInt(body + BUCKETS, Integer.MIN_VALUE);
        });
    }

    private void assertRejected(String message, Consumer<ByteBuffer> damage) {
        byte[] crafted = bytes.clone();
        damage.accept(ByteBuffer.wrap(crafted));
        FilterBytes.reseal(crafted);
        assertThatThrownBy(() -> TestFilters.read(crafted)).isInstanceOf(InvalidFilterDataException.class)
                .hasMessageContaining(message);
    }
}
