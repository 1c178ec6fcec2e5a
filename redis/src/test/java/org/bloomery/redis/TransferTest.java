package org.bloomery.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
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

/** Uploading local filters under a name, atomically, and merging a local classic filter in. */
class TransferTest extends OnSharedServer {
    private static final long SEED = 0x5EED_77L;
    private static MembershipFilter<CharSequence> local(String kind, FilterSpec spec, long seed, int items) {
        MembershipFilter<CharSequence> filter = Filters.create(kind, spec, KeyHasher.strings());
        for (int i = 0; i < items; i++) {
            filter.add(TestKeys.string(TestKeys.presentLong(seed, i)));
        }
        return filter;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"classic", "counting"})
    void anUploadAnswersAsTheLocalFilterAndSnapshotsBackToItsBytes(String kind) throws Exception {
        MembershipFilter<CharSequence> local = local(kind, FilterSpec.of(10_000, 0.01), SEED, 10_000);
        RedisCellsFilter<CharSequence> shared = RedisFilters.upload(client, "published", 1, local);
        assertThat(shared.kind()).isEqualTo("redis-" + kind);
        assertThat(FilterBytes.of(shared)).isEqualTo(FilterBytes.of(local));
        List<CharSequence> keys = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            keys.add(TestKeys.string(i < 10_000 ? TestKeys.presentLong(SEED, i) : TestKeys.absentLong(SEED, i)));
        }
        boolean[] answers = shared.mightContainAll(keys);
        for (int i = 0; i < keys.size(); i++) {
            assertThat(answers[i]).as("key #%d", i).isEqualTo(local.mightContain(keys.get(i)));
        }
        for (int i = 0; i < keys.size(); i += 100) {
            assertThat(shared.mightContain(keys.get(i))).as("key #%d alone", i).isEqualTo(answers[i]);
        }
        assertThat(client.keys("*")).as("no temporary key left").containsExactlyInAnyOrderElementsOf(shared.keys());
    }

    @Test
    void readersSeeTheOldFilterOrTheNewDuringAnUploadNeverAMix() throws Exception {
        // 1,000,000 items make a 1.2 MB string, written in two chunks: a reader of a half-written
        // string would miss items the old and the new filter both hold.
        FilterSpec spec = FilterSpec.of(1_000_000, 0.01);
        int common = 1_000;
        MembershipFilter<CharSequence> old = local("classic", spec, SEED, common);
        MembershipFilter<CharSequence> next = local("classic", spec, SEED, common);
        for (int i = 0; i < 200_000; i++) {
            next.add(TestKeys.string(TestKeys.presentLong(SEED + 1, i)));
        }
        RedisCellsFilter<CharSequence> reader = RedisFilters.upload(client, "swapped", 1, old);
        AtomicBoolean uploading = new AtomicBoolean(true);
        AtomicLong checks = new AtomicLong();
        AtomicReference<String> failure = new AtomicReference<>();
        CountDownLatch started = new CountDownLatch(1);
        Thread querier = new Thread(() -> {
            started.countDown();
            for (int round = 0; uploading.get(); round++) {
                String key = TestKeys.string(TestKeys.presentLong(SEED, round % common));
                if (!reader.mightContain(key)) {
                    failure.compareAndSet(null, "a key both filters hold was absent in round " + round);
                }
                checks.incrementAndGet();
            }
        });
        querier.start();
        started.await();
        for (int upload = 0; upload < 4; upload++) {
            RedisFilters.upload(client, "swapped", 1, upload % 2 == 0 ? next : old);
        }
        uploading.set(false);
        querier.join(30_000);
        assertThat(failure.get()).isNull();
        assertThat(checks.get()).isPositive();
        assertThat(FilterBytes.of(reader)).isEqualTo(FilterBytes.of(old));
    }

    @Test
    void aRefusedOrInvalidUploadChangesNothing() throws Exception {
        MembershipFilter<CharSequence> original = local("classic", FilterSpec.of(1_000, 0.01), SEED, 1_000);
        RedisCellsFilter<CharSequence> shared = RedisFilters.upload(client, "kept", 1, original);
        byte[] before = FilterBytes.of(shared);
        Set<String> keys = client.keys("*");

        MembershipFilter<CharSequence> bigger = local("classic", FilterSpec.of(2_000, 0.01), SEED + 1, 10);
        assertThatThrownBy(() -> RedisFilters.upload(client, "kept", 1, bigger))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'kept'").hasMessageContaining("cells");
        MembershipFilter<CharSequence> other = local("counting", FilterSpec.of(1_000, 0.01), SEED + 1, 10);
        assertThatThrownBy(() -> RedisFilters.upload(client, "kept", 1, other))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("kind");

        byte[] damaged = FilterBytes.of(local("classic", FilterSpec.of(1_000, 0.01), SEED + 2, 500));
        damaged[damaged.length - 1] ^= 1; // the checksum, read only after the whole body
        assertThatThrownBy(() -> RedisFilters.upload(client, "kept", 1, new ByteArrayInputStream(damaged), KeyHasher.strings()))
                .isInstanceOf(InvalidFilterDataException.class).hasMessageContaining("checksum");
        byte[] cuckoo = FilterBytes.of(Filters.create("cuckoo", FilterSpec.of(1_000, 0.01), KeyHasher.strings()));
        assertThatThrownBy(() -> RedisFilters.upload(client, "kept", 1, new ByteArrayInputStream(cuckoo), KeyHasher.strings()))
                .isInstanceOf(InvalidFilterDataException.class).hasMessageContaining("cuckoo");

        assertThat(FilterBytes.of(shared)).isEqualTo(before);
        assertThat(client.keys("*")).isEqualTo(keys);
    }

    @Test
    void mergingALocalClassicFilterOrsItsBitsIn() {
        FilterSpec spec = FilterSpec.of(5_000, 0.01);
        RedisCellsFilter<CharSequence> shared = RedisFilters.classic(client, "merged", spec, KeyHasher.strings());
        for (int i = 0; i < 2_000; i++) {
            shared.add(TestKeys.string(TestKeys.presentLong(SEED, i)));
        }
        MembershipFilter<CharSequence> batch = local("classic", spec, SEED + 1, 2_000);
        shared.mergeFrom(batch);
        MembershipFilter<CharSequence> both = local("classic", spec, SEED, 2_000);
        for (int i = 0; i < 2_000; i++) {
            both.add(TestKeys.string(TestKeys.presentLong(SEED + 1, i)));
        }
        assertThat(FilterBytes.of(shared)).isEqualTo(FilterBytes.of(both));
        assertThat(client.keys("*")).containsExactlyInAnyOrderElementsOf(shared.keys());

        byte[] before = FilterBytes.of(shared);
        assertThatThrownBy(() -> shared.mergeFrom(local("classic", FilterSpec.of(9_000, 0.01), SEED, 10)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("m =");
        assertThatThrownBy(() -> shared.mergeFrom(local("counting", spec, SEED, 10)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("counting");
        assertThat(FilterBytes.of(shared)).isEqualTo(before);
        assertThat(client.keys("*")).containsExactlyInAnyOrderElementsOf(shared.keys());
    }
}
