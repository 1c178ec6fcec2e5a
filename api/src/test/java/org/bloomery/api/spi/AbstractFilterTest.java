package org.bloomery.api.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.EnumSet;
import java.util.Set;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.junit.jupiter.api.Test;

/** The bases every kind's filter and provider extend: what they hold, refuse and print. */
class AbstractFilterTest {
    private static final FilterSpec SPEC = FilterSpec.of(100, 0.01);

    /** The smallest filter on the base: it holds nothing and answers absent. */
    private static final class Empty<T> extends AbstractFilter<T> {
        Empty(String kind, FilterSpec spec, KeyHasher<? super T> hasher) {
            super(kind, spec, hasher);
        }

        @Override
        public boolean addHash(long hash) {
            return false;
        }

        @Override
        public boolean mightContainHash(long hash) {
            return false;
        }

        @Override
        public Set<Capability> capabilities() {
            return Set.of();
        }

        @Override
        public long approximateCount() {
            return 0;
        }

        @Override
        public double expectedFpp() {
            return 0;
        }

        @Override
        public long bitSize() {
            return 0;
        }

        @Override
        public void clear() {
        }

        @Override
        public void writeTo(OutputStream out) {
        }

        @Override
        protected String describe() {
            return "items=0";
        }
    }

    @Test
    void theFilterAnswersItsIdentityAndPrintsItInOneForm() {
        MembershipFilter<Long> filter = new Empty<>("test-empty", SPEC, KeyHasher.longs());
        assertThat(filter.kind()).isEqualTo("test-empty");
        assertThat(filter.spec()).isSameAs(SPEC);
        assertThat(filter.hasher()).isSameAs(KeyHasher.longs());
        assertThat(filter).hasToString("Empty[kind=test-empty, items=0, hasher=" + KeyHasher.longs().id() + "]");
    }

    @Test
    void theFilterRefusesAMissingPartByName() {
        assertThatThrownBy(() -> new Empty<Long>(null, SPEC, KeyHasher.longs())).hasMessage("kind");
        assertThatThrownBy(() -> new Empty<Long>("test-empty", null, KeyHasher.longs())).hasMessage("spec");
        assertThatThrownBy(() -> new Empty<Long>("test-empty", SPEC, null)).hasMessage("hasher");
    }

    @Test
    void theProviderKeepsAnImmutableCopyOfItsCapabilities() {
        Set<Capability> given = EnumSet.of(Capability.ADD);
        AbstractProvider provider = new AbstractProvider("test-empty", given) {
            @Override
            public String description() {
                return "Nothing, for tests.";
            }

            @Override
            public <T> MembershipFilter<T> create(FilterSpec spec, KeyHasher<? super T> hasher) {
                return new Empty<>(kind(), spec, hasher);
            }

            @Override
            public <T> MembershipFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher) {
                throw new UnsupportedOperationException();
            }
        };
        given.add(Capability.REMOVE);
        assertThat(provider.kind()).isEqualTo("test-empty");
        assertThat(provider.capabilities()).containsExactly(Capability.ADD);
        assertThatThrownBy(() -> provider.capabilities().add(Capability.MERGE))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThat(provider.create(SPEC, KeyHasher.longs()).kind()).isEqualTo("test-empty");
    }
}
