package org.bloomery.bloom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class BitArrayTest {

    @Test
    void setsGetsAndCounts() {
        BitArray bits = new BitArray(256);
        assertThat(bits.set(0)).isTrue();
        assertThat(bits.set(0)).isFalse();
        assertThat(bits.set(63)).isTrue();
        assertThat(bits.set(64)).isTrue();
        assertThat(bits.set(255)).isTrue();
        assertThat(bits.get(0)).isTrue();
        assertThat(bits.get(1)).isFalse();
        assertThat(bits.get(63)).isTrue();
        assertThat(bits.get(64)).isTrue();
        assertThat(bits.get(65)).isFalse();
        assertThat(bits.get(255)).isTrue();
        assertThat(bits.cardinality()).isEqualTo(4);
        bits.clear();
        assertThat(bits.cardinality()).isZero();
        assertThat(bits.get(0)).isFalse();
        assertThatThrownBy(() -> new BitArray(100)).hasMessageContaining("multiple of 64");
    }

    @Test
    void orAndCopyKeepTheCountExact() {
        BitArray a = new BitArray(1024);
        BitArray b = new BitArray(1024);
        for (int i = 0; i < 1024; i += 3) {
            a.set(i);
        }
        for (int i = 0; i < 1024; i += 5) {
            b.set(i);
        }
        BitArray union = a.copy();
        union.orWith(b);
        BitArray intersection = a.copy();
        intersection.andWith(b);
        int expectedUnion = 0;
        int expectedIntersection = 0;
        for (int i = 0; i < 1024; i++) {
            boolean inA = i % 3 == 0;
            boolean inB = i % 5 == 0;
            assertThat(union.get(i)).isEqualTo(inA || inB);
            assertThat(intersection.get(i)).isEqualTo(inA && inB);
            expectedUnion += inA || inB ? 1 : 0;
            expectedIntersection += inA && inB ? 1 : 0;
        }
        assertThat(union.cardinality()).isEqualTo(expectedUnion);
        assertThat(intersection.cardinality()).isEqualTo(expectedIntersection);
        assertThat(a.cardinality()).isEqualTo(342);
        assertThat(sameBits(a, a.copy())).isTrue();
        assertThat(sameBits(a, b)).isFalse();
        assertThatThrownBy(() -> a.orWith(new BitArray(64))).hasMessageContaining("1024 and 64");
    }

    /** Four threads set interleaved bits of the same words: compare-and-set must lose none. */
    @Test
    void concurrentSetsInOneWordAreNeverLost() throws InterruptedException {
        BitArray bits = new BitArray(64 * 256);
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            int offset = t;
            threads.add(new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                for (int round = 0; round < 50; round++) {
                    for (int i = offset; i < 64 * 256; i += 4) {
                        bits.set(i);
                    }
                }
            }));
        }
        threads.forEach(Thread::start);
        start.countDown();
        for (Thread t : threads) {
            t.join();
        }
        assertThat(bits.cardinality()).isEqualTo(64 * 256);
        for (int i = 0; i < 64 * 256; i++) {
            assertThat(bits.get(i)).isTrue();
        }
    }

    /** 2^33 + 64 bits need two pages of words: bits on both sides of the page boundary work. */
    @Test
    void bitsBeyondTheFirstPageWork() {
        long size = (1L << 33) + 64;
        BitArray bits = new BitArray(size);
        long[] indexes = {0, (1L << 33) - 1, 1L << 33, size - 1};
        for (long i : indexes) {
            assertThat(bits.set(i)).isTrue();
        }
        for (long i : indexes) {
            assertThat(bits.get(i)).isTrue();
        }
        assertThat(bits.get((1L << 33) + 1)).isFalse();
        assertThat(bits.cardinality()).isEqualTo(4);
        assertThat(bits.serializedBytes()).isEqualTo(size / 8);
    }

    /** Whether two arrays hold the same bits, read one at a time. */
    static boolean sameBits(BitArray a, BitArray b) {
        if (a.bitSize() != b.bitSize()) {
            return false;
        }
        for (long i = 0; i < a.bitSize(); i++) {
            if (a.get(i) != b.get(i)) {
                return false;
            }
        }
        return true;
    }
}
