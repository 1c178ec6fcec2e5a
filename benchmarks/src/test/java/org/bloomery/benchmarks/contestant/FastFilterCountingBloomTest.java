package org.bloomery.benchmarks.contestant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Field;
import org.fastfilter.Filter;
import org.fastfilter.bloom.count.CountingBloom;
import org.junit.jupiter.api.Test;

/**
 * The behaviour of the FastFilter {@code CountingBloom} peer that the report's counting figures sit
 * beside: its 4-bit counters live 16 to a {@code long} and are updated by plain 64-bit adds and
 * subtracts, so a counter's overflow or underflow is not contained in its nibble. (Bloomery's
 * counting kind saturates at 15 and never lowers a counter below 0 or from 15; its own tests show
 * that.) The counters are read by reflection from the peer's private {@code counts} array.
 */
class FastFilterCountingBloomTest {

    private static Object field(Filter filter, String name) throws ReflectiveOperationException {
        Field field = CountingBloom.class.getDeclaredField(name);
        field.setAccessible(true);
        return field.get(filter);
    }

    private static long[] counts(Filter filter) throws ReflectiveOperationException {
        return ((long[]) field(filter, "counts")).clone();
    }

    private static int nonZeroCounters(long[] words) {
        int count = 0;
        for (long word : words) {
            for (int nibble = 0; nibble < 16; nibble++) {
                count += ((word >>> (nibble << 2)) & 15) != 0 ? 1 : 0;
            }
        }
        return count;
    }

    /**
     * Add a key once, remove it twice: the second remove subtracts 1 from counters already at 0, the
     * borrow runs into the higher nibbles of each word, and counters no key ever touched become 15.
     */
    @Test
    void aRemoveBelowZeroBorrowsFromTheNeighbouringCounters() throws ReflectiveOperationException {
        Filter filter = FastFilterConstructors.countingBloom(1000, 0.01);
        long key = 0x1234_5678_9ABCL;
        filter.add(key);
        filter.remove(key);
        assertThat(nonZeroCounters(counts(filter))).as("counters after add and remove").isZero();

        filter.remove(key);

        long[] after = counts(filter);
        // At most k counters belong to the key; the borrow turns many more to 15.
        assertThat(nonZeroCounters(after)).as("non-zero counters after the second remove")
                .isGreaterThan((int) field(filter, "k"));
        assertThat(filter.mayContain(key)).as("the twice-removed key now tests present").isTrue();
    }

    /**
     * Fill a small filter until an add meets a counter at 15: it throws, but only after raising the
     * counters of the probes before that one, so the failed add leaves a partial insert behind.
     */
    @Test
    void anAddThatOverflowsThrowsAfterAPartialInsert() throws ReflectiveOperationException {
        Filter filter = FastFilterConstructors.countingBloom(16, 0.01);
        boolean partialInsertSeen = false;
        for (long key = 1; key < 100_000 && !partialInsertSeen; key++) {
            long[] before = counts(filter);
            try {
                filter.add(key % 40);
            } catch (UnsupportedOperationException e) {
                assertThat(e).hasMessage("Counter overflow");
                partialInsertSeen = !java.util.Arrays.equals(before, counts(filter));
            }
        }
        assertThat(partialInsertSeen).as("an add threw 'Counter overflow' and still changed counters").isTrue();
        assertThatThrownBy(() -> {
            for (int i = 0; i < 16; i++) {
                filter.add(7);
            }
        }).isInstanceOf(UnsupportedOperationException.class);
    }
}
