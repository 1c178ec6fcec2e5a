package org.bloomery.aging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.contract.FilterBytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Bad options are refused with a message that names the value and the range; sizes follow the formula. */
class AgingOptionsTest {
    static Stream<Arguments> badSpecs() {
        FilterSpec base = FilterSpec.of(1000, 0.01);
        return Stream.of(
                Arguments.of(base, "needs exactly one of options 'window'", "got neither"),
                Arguments.of(base.withOption("window", "10").withOption("windowMillis", "10"), "exactly one", "got both"),
                Arguments.of(base.withOption("window", "0"), "option 'window' of kind 'aging' must be an integer in [1, "
                        + (1L << 40) + "]", "got '0'"),
                Arguments.of(base.withOption("window", "-5"), "option 'window'", "got '-5'"),
                Arguments.of(base.withOption("windowMillis", Long.toString((1L << 40) + 1)), "option 'windowMillis'",
                        "[1, 1099511627776]"),
                Arguments.of(base.withOption("window", "1e3"), "option 'window'", "got '1e3'"),
                Arguments.of(base.withOption("window", "10").withOption("generations", "0"), "option 'generations'",
                        "[1, 64]"),
                Arguments.of(base.withOption("window", "10").withOption("generations", "65"), "option 'generations'",
                        "got '65'"),
                Arguments.of(base.withOption("window", "10").withOption("layout", "cuckoo"), "option 'layout'",
                        "'cuckoo'"),
                Arguments.of(base.withOption("window", "10").withOption("expansion", "2"), "has no option 'expansion'",
                        "windowMillis"),
                Arguments.of(FilterSpec.of(1L << 41, 0.01).withOption("window", "10"), "must be in [1, 2^40]",
                        Long.toString(1L << 41)));
    }

    @ParameterizedTest
    @MethodSource("badSpecs")
    void aBadSpecIsRefusedNamingTheValueAndTheRange(FilterSpec spec, String message, String detail) {
        assertThatThrownBy(() -> Filters.create(AgingProvider.KIND, spec, KeyHasher.longs()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(message).hasMessageContaining(detail);
    }

    @Test
    void theSpecItselfRefusesNOrPOutOfRange() {
        assertThatThrownBy(() -> FilterSpec.of(0, 0.01)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 1, got 0");
        assertThatThrownBy(() -> FilterSpec.of(10, 1.0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("(0, 1), got 1.0");
        assertThatThrownBy(() -> FilterSpec.of(10, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("(0, 1), got 0.0");
    }

    /**
     * A count window of W adds in g generations is g + 1 Bloom filters of ceil(W / g) items at p / (g + 1):
     * {@code (g + 1) / g · ln((g + 1) / p) / ln² 2} bits per window item, 16.1 at g = 4 and p = 1%.
     */
    @Test
    void aCountWindowIsSizedByTheFormula() {
        AgingFilter<Long> filter = AgingFilter.create(FilterSpec.of(1_000_000, 0.01).withOption("window", "1000000"),
                KeyHasher.longs());
        double formula = 5.0 / 4 * Math.log(5 / 0.01) / (Math.log(2) * Math.log(2));
        assertThat((double) filter.bitSize() / 1_000_000).isCloseTo(formula, org.assertj.core.data.Offset.offset(0.01));
        AgingInfo info = filter.info();
        assertThat(info.perGeneration()).hasSize(5);
        assertThat(info.generationSpan()).isEqualTo(250_000);
        assertThat(filter.toString()).contains("window=1000000 adds", "generations=4+1", "slack=250000 adds");
    }

    /** A time window grown by a burst survives a write and read: same answers, same bytes again. */
    @Test
    void aGrownTimeWindowReadsBackIdentically() throws IOException {
        AtomicLong clock = new AtomicLong(123_456_789L);
        AgingProvider provider = new AgingProvider();
        AgingFilter<Long> filter = provider.create(FilterSpec.of(1000, 0.01).withOption("windowMillis", "60000"),
                KeyHasher.longs(), clock::get);
        for (int i = 0; i < 20_000; i++) {
            clock.addAndGet(i % 3);
            filter.addHash(WindowRun.item(i));
        }
        byte[] bytes = write(filter);
        AgingFilter<Long> read = provider.readFrom(new ByteArrayInputStream(bytes), KeyHasher.longs(), clock::get);
        assertThat(read.info()).isEqualTo(filter.info());
        assertThat(write(read)).isEqualTo(bytes);
        for (int i = 0; i < 20_000; i++) {
            assertThat(read.mightContainHash(WindowRun.item(i))).isEqualTo(filter.mightContainHash(WindowRun.item(i)));
        }
        // Read an hour later, the window has passed.
        clock.addAndGet(3_600_000);
        AgingFilter<Long> late = provider.readFrom(new ByteArrayInputStream(bytes), KeyHasher.longs(), clock::get);
        assertThat(late.approximateCount()).isZero();
        assertThat(late.mightContainHash(WindowRun.item(19_999))).isFalse();
    }

    /**
     * Body fields that contradict the spec or each other, with valid checksums, are refused naming the
     * field: a count window whose newest generation is past its adds, a slot holding another slot's
     * generation, a layer of another size, a time window whose layer claims more than its capacity.
     */
    @Test
    void bodyFieldsThatContradictTheSpecAreRefused() throws IOException {
        MembershipFilter<Long> counted = Filters.create(AgingProvider.KIND,
                FilterSpec.of(1000, 0.01).withOption("window", "1000"), KeyHasher.longs());
        for (int i = 0; i < 2500; i++) {
            counted.addLong(i);
        }
        byte[] bytes = write(counted);
        assertRefused(FilterBytes.craftedBody(bytes, body -> body.putLong(8, 10)), "current generation = 10");
        assertRefused(FilterBytes.craftedBody(bytes, body -> body.putLong(20, 8)), "slot 0 holds epoch 8");
        assertRefused(FilterBytes.craftedBody(bytes, body -> body.putLong(32, 64)), "bits of layer 0 of slot 0");
        MembershipFilter<Long> timed = Filters.create(AgingProvider.KIND,
                FilterSpec.of(1000, 0.01).withOption("windowMillis", "60000"), KeyHasher.longs());
        timed.addLong(1);
        byte[] timedBytes = write(timed);
        assertRefused(FilterBytes.craftedBody(timedBytes, body -> body.putLong(0, 1)), "adds = 1");
        assertRefused(FilterBytes.craftedBody(timedBytes, body -> body.putLong(40, 251)), "items of layer 0");
    }

    private static void assertRefused(byte[] bytes, String message) {
        assertThatThrownBy(() -> Filters.readFrom(new ByteArrayInputStream(bytes), KeyHasher.longs()))
                .isInstanceOf(InvalidFilterDataException.class).hasMessageContaining(message);
    }

    private static byte[] write(MembershipFilter<?> filter) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        filter.writeTo(out);
        return out.toByteArray();
    }
}
