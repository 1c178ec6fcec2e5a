package org.bloomery.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.bloomery.aging.AgingFilter;
import org.bloomery.aging.AgingInfo;
import org.bloomery.aging.AgingProvider;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The samples of docs/kinds.md. */
class KindsSamplesTest {
    @Test
    void options() {
        // sample:options
        FilterSpec spec = FilterSpec.of(1_000_000, 0.01).withOption("layout", "blocked");
        MembershipFilter<Long> blocked = Filters.create("classic", spec, KeyHasher.longs());
        MembershipFilter<Long> oneWriter =
                Filters.create("counting", spec.withOption("writers", "single"), KeyHasher.longs());
        boolean concurrent = oneWriter.capabilities().contains(Capability.CONCURRENT);   // false
        // end:options

        assertThat(blocked.spec().option("layout")).contains("blocked");
        // 10.10 bits per item at 1% in the blocked layout, as the page's table says.
        assertThat(blocked.bitSize() / 1e6).isBetween(10.09, 10.11);
        assertThat(concurrent).isFalse();
        assertThat(Filters.provider("counting").orElseThrow().capabilities()).contains(Capability.CONCURRENT);
    }

    @Test
    void aging() {
        // sample:aging
        // The last million adds, always; older ones forgotten within a quarter window more.
        MembershipFilter<Long> lastMillion = Filters.create("aging",
                FilterSpec.of(1_000_000, 0.01).withOption("window", "1000000"), KeyHasher.longs());

        // The last hour, at any rate; n is the most items an hour holds at the fpp asked for.
        AtomicLong now = new AtomicLong();                   // a test's clock, in milliseconds
        AgingFilter<CharSequence> lastHour = new AgingProvider().create(
                FilterSpec.of(100_000, 0.01).withOption("windowMillis", "3600000"), KeyHasher.strings(), now::get);
        lastHour.add("203.0.113.7");
        now.set(3_600_000);
        boolean withinTheHour = lastHour.mightContain("203.0.113.7");   // true: exactly an hour ago
        now.set(4_500_000);
        boolean afterTheSlack = lastHour.mightContain("203.0.113.7");   // false: forgotten by 1 h 15 min
        AgingInfo info = lastHour.info();              // window, generations, slack (900,000 ms), ...
        // end:aging

        assertThat(lastMillion.bitSize() / 1e6).as("bits per window item").isBetween(16.0, 16.2);
        assertThat(withinTheHour).isTrue();
        assertThat(afterTheSlack).isFalse();
        assertThat(info.generations()).isEqualTo(4);
        assertThat(info.slack()).isEqualTo(900_000);
    }

    @Test
    void staticBuild(@TempDir Path dir) throws IOException {
        Path passwordFile = dir.resolve("weak-passwords.txt");
        Files.write(passwordFile, IntStream.range(0, 10_000).mapToObj(i -> "password" + i).collect(Collectors.toList()));
        // sample:static-build
        List<String> passwords = Files.readAllLines(passwordFile);
        MembershipFilter<CharSequence> weak =
                Filters.build("fuse", FilterSpec.of(passwords.size(), 0.001), KeyHasher.strings(), passwords);
        boolean listed = weak.mightContain("correct horse battery staple");   // false: definitely not on the list

        // The same set, other ways: a Stream, the items' hashes (a long[], not changed), or a Collector.
        FilterSpec spec = FilterSpec.of(passwords.size(), 0.001);
        MembershipFilter<CharSequence> streamed = Filters.build("fuse", spec, KeyHasher.strings(), passwords.stream());
        long[] hashes = passwords.stream().mapToLong(KeyHasher::hashString).toArray();   // hasher.hash(item), not items
        MembershipFilter<CharSequence> fromHashes = Filters.buildFromHashes("fuse", spec, KeyHasher.strings(), hashes);
        MembershipFilter<CharSequence> collected =
                passwords.stream().collect(Filters.toFilter("fuse", spec, KeyHasher.strings()));
        // end:static-build

        assertThat(listed).isFalse();
        long[] given = passwords.stream().mapToLong(KeyHasher::hashString).toArray();
        for (MembershipFilter<CharSequence> filter : List.of(weak, streamed, fromHashes, collected)) {
            assertThat(passwords).allMatch(filter::mightContain);
            assertThat(filter.capabilities()).doesNotContain(Capability.ADD);
        }
        assertThat(hashes).containsExactly(given);
    }

    @Test
    void ribbon(@TempDir Path dir) throws IOException {
        Path passwordFile = dir.resolve("weak-passwords.txt");
        Files.write(passwordFile, IntStream.range(0, 100_000).mapToObj(i -> "password" + i).collect(Collectors.toList()));
        // sample:ribbon
        List<String> passwords = Files.readAllLines(passwordFile);
        MembershipFilter<CharSequence> weak =
                Filters.build("ribbon", FilterSpec.of(passwords.size(), 0.01), KeyHasher.strings(), passwords);
        boolean listed = weak.mightContain("correct horse battery staple");   // false: definitely not on the list
        double bitsPerItem = (double) weak.bitSize() / passwords.size();       // about 7

        long[] accountIds = LongStream.range(0, 10_000).toArray();               // long keys: hashed inside
        MembershipFilter<Long> ids = Filters.buildFromLongs("ribbon", FilterSpec.of(accountIds.length, 0.01), accountIds);
        // end:ribbon

        assertThat(listed).isFalse();
        assertThat(passwords).allMatch(weak::mightContain);
        // The page's 7.04 bits per item is measured at n = 10^6; 10^5 items come within 0.2 of it.
        assertThat(bitsPerItem).isBetween(6.9, 7.2);
        assertThat(IntStream.range(0, 10_000)).allMatch(i -> ids.mightContain((long) i));
    }
}
