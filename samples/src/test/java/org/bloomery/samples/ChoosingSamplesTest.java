package org.bloomery.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterProvider;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.junit.jupiter.api.Test;

/** The samples of docs/choosing.md. */
class ChoosingSamplesTest {
    @Test
    void configuration() throws IOException {
        Properties properties = new Properties();
        // The properties block of the page, as a file would hold it.
        properties.load(new StringReader("bloomery.kind=counting\nbloomery.expectedInsertions=5000000\n"
                + "bloomery.fpp=0.001\nbloomery.option.hashes=10\n"));

        // sample:configuration
        MembershipFilter<CharSequence> guard = Filters.fromProperties(properties, KeyHasher.strings());
        List<String> found = Filters.kinds();                 // every kind on the class path
        List<String> broken = Filters.loadFailures();         // providers that failed to load, by name
        // end:configuration

        assertThat(guard.kind()).isEqualTo("counting");
        assertThat(guard.spec()).isEqualTo(FilterSpec.of(5_000_000, 0.001).withOption("hashes", "10"));
        assertThat(found).contains("classic", "counting", "scalable", "cuckoo", "fuse", "ribbon",
                "redis-classic", "redis-counting", "redis-scalable");
        assertThat(broken).isEmpty();
    }

    @Test
    void capabilities() {
        // sample:capabilities
        List<FilterProvider> growable = Filters.choose(EnumSet.of(Capability.GROW));   // cuckoo, scalable, aging
        FilterProvider cuckoo = growable.get(0);
        MembershipFilter<CharSequence> fixed = cuckoo.create(FilterSpec.of(1_000, 0.01), KeyHasher.strings());
        MembershipFilter<CharSequence> growing =
                cuckoo.create(FilterSpec.of(1_000, 0.01).withOption("expansion", "2"), KeyHasher.strings());
        fixed.capabilities().contains(Capability.GROW);      // false: a cuckoo filter grows only with expansion
        growing.capabilities().contains(Capability.GROW);    // true

        List<FilterProvider> shared = Filters.choose(EnumSet.of(Capability.REMOVE, Capability.SHARED));   // redis-counting
        // end:capabilities

        assertThat(growable).extracting(FilterProvider::kind).containsExactly("cuckoo", "scalable", "aging");
        assertThat(fixed.capabilities()).doesNotContain(Capability.GROW);
        assertThat(growing.capabilities()).contains(Capability.GROW);
        assertThat(shared).extracting(FilterProvider::kind).containsExactly("redis-counting");
    }

    @Test
    void hashes() {
        // sample:hashes
        MembershipFilter<Long> ids = Filters.create("cuckoo", FilterSpec.of(100_000, 0.001), KeyHasher.longs());
        long h = ids.hasher().hash(42L);                       // hash once
        ids.addHash(h);
        boolean present = ids.mightContainHash(h);             // true
        ids.removeHash(h);

        // Your own items: name the hasher; the id goes into every filter file it makes.
        KeyHasher<UUID> uuids = KeyHasher.of("my-app:uuid",
                u -> KeyHasher.hashLong(u.getMostSignificantBits() ^ Long.rotateLeft(u.getLeastSignificantBits(), 32)));
        MembershipFilter<UUID> sessions = Filters.create("classic", FilterSpec.of(1_000_000, 0.01), uuids);

        // Long keys in bulk: buildFromLongs hashes them (in parallel when there are many).
        long[] userIds = {42L, 7L, 1_000_003L};
        FilterSpec users = FilterSpec.of(1_000, 0.01);
        MembershipFilter<Long> known = Filters.buildFromLongs("classic", users, userIds);
        known.mightContainLong(42L);                           // true
        // buildFromHashes takes hasher.hash(item) values, not the items:
        long[] userHashes = Arrays.stream(userIds).map(KeyHasher::hashLong).toArray();   // = KeyHasher.longs().hash(id)
        MembershipFilter<Long> same = Filters.buildFromHashes("classic", users, KeyHasher.longs(), userHashes);
        // The mistake: raw keys passed as hashes compile and run, but the filter holds them as
        // hashes, and nearly every query of a key it was built from answers false.
        MembershipFilter<Long> wrong = Filters.buildFromHashes("classic", users, KeyHasher.longs(), userIds);
        wrong.mightContainLong(42L);                           // false: a false negative
        // end:hashes

        assertThat(known.mightContainLong(42L)).isTrue();
        assertThat(Arrays.stream(userIds)).allMatch(same::mightContainLong);
        assertThat(wrong.mightContainLong(42L)).isFalse();

        assertThat(present).isTrue();
        assertThat(ids.mightContain(42L)).isFalse();
        UUID session = new UUID(0x0123_4567_89ab_cdefL, 0xfedc_ba98_7654_3210L);
        sessions.add(session);
        assertThat(sessions.mightContain(session)).isTrue();
        assertThat(sessions.hasher().id()).isEqualTo("my-app:uuid");
    }
}
