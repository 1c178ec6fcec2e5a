package org.bloomery.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.EnumSet;
import java.util.List;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterProvider;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.junit.jupiter.api.Test;

/** The quick start of README.md. */
class ReadmeSamplesTest {
    @Test
    void quickStart() throws IOException {
        // sample:quick-start
        MembershipFilter<CharSequence> seen =
                Filters.create("classic", FilterSpec.of(1_000_000, 0.01), KeyHasher.strings());
        seen.add("https://example.org/");
        boolean added = seen.mightContain("https://example.org/");   // true: an added item is always found
        boolean other = seen.mightContain("https://example.com/");   // false: definitely absent (true ≈ 1% of the time)

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        seen.writeTo(bytes);                                          // one binary format for every kind
        MembershipFilter<CharSequence> copy =
                Filters.readFrom(new ByteArrayInputStream(bytes.toByteArray()), KeyHasher.strings());

        long[] userIds = {42L, 7L, 1_000_003L};                      // long keys in bulk: hashed inside, in parallel
        MembershipFilter<Long> users = Filters.buildFromLongs("ribbon", FilterSpec.of(userIds.length, 0.01), userIds);
        boolean known = users.mightContainLong(42L);                  // true

        List<FilterProvider> deletable = Filters.choose(EnumSet.of(Capability.REMOVE));   // [cuckoo, counting]: smallest first
        MembershipFilter<CharSequence> guard =
                deletable.get(0).create(FilterSpec.of(5_000_000, 0.001), KeyHasher.strings());
        guard.add("10.0.0.1");
        guard.remove("10.0.0.1");                                     // gone: mightContain is false again
        // end:quick-start

        assertThat(added).isTrue();
        assertThat(other).isFalse();
        assertThat(copy.kind()).isEqualTo("classic");
        assertThat(copy.mightContain("https://example.org/")).isTrue();
        assertThat(copy.mightContain("https://example.com/")).isFalse();
        assertThat(known).isTrue();
        assertThat(deletable).extracting(FilterProvider::kind).containsExactly("cuckoo", "counting");
        assertThat(guard.mightContain("10.0.0.1")).isFalse();
    }
}
