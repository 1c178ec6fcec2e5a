package org.bloomery.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.stream.Stream;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Option {@code writers} of the kinds that take it, each in both layouts (the kinds found on
 * compare's class path): it sets {@code CONCURRENT}, travels in the envelope, changes no bit (filters
 * differing only in it merge both ways and write the same body).
 */
class WritersOptionTest {
    static Stream<Arguments> kindsAndLayouts() {
        return Stream.of("classic", "counting")
                .flatMap(kind -> Stream.of("standard", "blocked").map(layout -> Arguments.of(kind, layout)));
    }

    private static FilterSpec spec(String layout, String writers) {
        return FilterSpec.of(2000, 0.01).withOption("layout", layout).withOption("writers", writers);
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("kindsAndLayouts")
    void singleAndManyHoldTheSameBitsAndMergeBothWays(String kind, String layout) throws IOException {
        MembershipFilter<Long> single = Filters.create(kind, spec(layout, "single"), KeyHasher.longs());
        MembershipFilter<Long> many = Filters.create(kind, spec(layout, "many"), KeyHasher.longs());
        assertThat(single.capabilities()).doesNotContain(Capability.CONCURRENT).contains(Capability.ADD, Capability.MERGE);
        assertThat(many.capabilities()).contains(Capability.CONCURRENT);
        for (long key = 0; key < 1000; key++) {
            assertThat(single.add(key)).isEqualTo(many.add(key));
        }
        assertThat(single.approximateCount()).isEqualTo(many.approximateCount());
        assertThat(bodyOf(single)).as("the body, after the header's spec").isEqualTo(bodyOf(many));

        MembershipFilter<Long> read = Filters.readFrom(new ByteArrayInputStream(bytesOf(single)), KeyHasher.longs());
        assertThat(read.spec()).isEqualTo(single.spec());
        assertThat(read.capabilities()).doesNotContain(Capability.CONCURRENT);

        MembershipFilter<Long> other = Filters.create(kind, spec(layout, "many"), KeyHasher.longs());
        for (long key = 1000; key < 2000; key++) {
            other.add(key);
        }
        single.mergeFrom(other);
        other.mergeFrom(read);
        for (long key = 0; key < 2000; key++) {
            assertThat(single.mightContain(key)).as("key %d in the single-writer merge", key).isTrue();
            assertThat(other.mightContain(key)).as("key %d in the many-writer merge", key).isTrue();
        }
        assertThat(single.approximateCount()).isEqualTo(other.approximateCount());
    }

    private static byte[] bytesOf(MembershipFilter<?> filter) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        filter.writeTo(out);
        return out.toByteArray();
    }

    /** The bitSize / 8 bytes before the envelope's closing checksum: nearly all of the words or counters, and what follows them. */
    private static byte[] bodyOf(MembershipFilter<?> filter) throws IOException {
        byte[] bytes = bytesOf(filter);
        int tail = (int) (filter.bitSize() / 8);
        return java.util.Arrays.copyOfRange(bytes, bytes.length - tail - 4, bytes.length - 4);
    }
}
