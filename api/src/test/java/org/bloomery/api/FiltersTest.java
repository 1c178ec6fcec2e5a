package org.bloomery.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.EnumSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import org.bloomery.api.contract.FilterBytes;
import org.junit.jupiter.api.Test;

/** The facade, against the providers registered in api's test resources: one good, two broken. */
class FiltersTest {

    @Test
    void aBrokenProviderIsReportedByNameAndHidesNoOther() {
        assertThat(Filters.kinds()).containsExactly(ExactTestProvider.KIND);
        assertThat(Filters.loadFailures()).hasSize(2);
        assertThat(String.join("\n", Filters.loadFailures()))
                .contains("BrokenTestProvider").contains("broken on purpose").contains("NoSuchProvider");
    }

    /** Users see a warning naming each provider that failed (this test JVM prints none: logging.properties). */
    @Test
    void aBrokenProviderIsLoggedAsAWarning() {
        Logger logger = Logger.getLogger(Filters.class.getName());
        List<LogRecord> records = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord logRecord) {
                records.add(logRecord);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        logger.addHandler(capture);
        try {
            Filters.loadFailures();
        } finally {
            logger.removeHandler(capture);
        }
        assertThat(records).filteredOn(r -> r.getLevel() == Level.WARNING)
                .extracting(r -> new SimpleFormatter().formatMessage(r))
                .anySatisfy(message -> assertThat(message).contains("Bloomery filter provider not loaded")
                        .contains("broken on purpose"));
    }

    @Test
    void createsByKindAndListsTheKindsForAnUnknownOne() {
        MembershipFilter<CharSequence> filter = Filters.create(ExactTestProvider.KIND, FilterSpec.of(10, 0.01), KeyHasher.strings());
        assertThat(filter.add("a")).isTrue();
        assertThat(filter.mightContain("a")).isTrue();
        assertThatThrownBy(() -> Filters.create("nope", FilterSpec.of(10, 0.01), KeyHasher.strings()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'nope'").hasMessageContaining("[" + ExactTestProvider.KIND + "]")
                .hasMessageContaining("BrokenTestProvider");
        assertThatThrownBy(() -> Filters.create(ExactTestProvider.KIND, FilterSpec.of(10, 0.01).withOption("bits", "64"), KeyHasher.strings()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no option 'bits'");
    }

    @Test
    void choosesByCapability() {
        assertThat(Filters.choose(Set.of())).extracting(FilterProvider::kind).containsExactly(ExactTestProvider.KIND);
        assertThat(Filters.choose(EnumSet.of(Capability.REMOVE, Capability.CONCURRENT))).extracting(FilterProvider::kind)
                .containsExactly(ExactTestProvider.KIND);
        assertThat(Filters.choose(EnumSet.of(Capability.GROW))).isEmpty();
        assertThat(Filters.provider("nope")).isEmpty();
    }

    /** A kind that needs a server must be asked for with SHARED; without it only in-process kinds are chosen. */
    @Test
    void aSharedKindIsChosenOnlyWhenSharedIsRequired() {
        List<FilterProvider> providers = List.of(
                new Declaring("counting", EnumSet.of(Capability.ADD, Capability.REMOVE, Capability.CONCURRENT)),
                new Declaring("cuckoo", EnumSet.of(Capability.ADD, Capability.REMOVE, Capability.GROW)),
                new Declaring("redis-counting", EnumSet.of(Capability.ADD, Capability.REMOVE, Capability.CONCURRENT,
                        Capability.SHARED)),
                new Declaring("redis-scalable", EnumSet.of(Capability.ADD, Capability.GROW, Capability.SHARED)));
        assertThat(Filters.choose(providers, EnumSet.of(Capability.REMOVE), Filters.CHOICE_SPEC)).extracting(FilterProvider::kind)
                .containsExactly("counting", "cuckoo");
        assertThat(Filters.choose(providers, Set.of(), Filters.CHOICE_SPEC)).extracting(FilterProvider::kind)
                .containsExactly("counting", "cuckoo");
        assertThat(Filters.choose(providers, EnumSet.of(Capability.SHARED, Capability.REMOVE), Filters.CHOICE_SPEC))
                .extracting(FilterProvider::kind).containsExactly("redis-counting");
        assertThat(Filters.choose(providers, EnumSet.of(Capability.SHARED), Filters.CHOICE_SPEC)).extracting(FilterProvider::kind)
                .containsExactly("redis-counting", "redis-scalable");
        assertThat(Filters.choose(providers, EnumSet.of(Capability.GROW, Capability.CONCURRENT), Filters.CHOICE_SPEC)).isEmpty();
    }

    /** A filter from configuration closes in try-with-resources without a cast; an in-process one stays usable. */
    @Test
    void aCreatedFilterClosesInTryWithResources() {
        MembershipFilter<CharSequence> used;
        try (MembershipFilter<CharSequence> filter = Filters.create(ExactTestProvider.KIND, FilterSpec.of(10, 0.01),
                KeyHasher.strings())) {
            filter.add("kept");
            used = filter;
        }
        assertThat(used.mightContain("kept")).isTrue();
        assertThat(used.add("after")).isTrue();
    }

    /** A provider that only declares a kind and capabilities, for choosing; it builds test-exact filters. */
    private record Declaring(String kind, Set<Capability> capabilities) implements FilterProvider {
        @Override
        public String description() {
            return "declares " + capabilities;
        }

        @Override
        public <T> MembershipFilter<T> create(FilterSpec spec, KeyHasher<? super T> hasher) {
            return new ExactTestProvider().create(spec, hasher);
        }

        @Override
        public <T> MembershipFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher) throws IOException {
            return new ExactTestProvider().readFrom(in, hasher);
        }
    }

    @Test
    void buildsFromProperties() {
        Properties p = new Properties();
        p.setProperty("bloomery.kind", " test-exact ");
        p.setProperty("bloomery.expectedInsertions", "1000");
        p.setProperty("bloomery.fpp", "0.001");
        p.setProperty("unrelated", "x");
        MembershipFilter<Long> filter = Filters.fromProperties(p, KeyHasher.longs());
        assertThat(filter.kind()).isEqualTo(ExactTestProvider.KIND);
        assertThat(filter.spec()).isEqualTo(FilterSpec.of(1000, 0.001));

        p.setProperty("bloomery.option.colour", "blue");
        assertThatThrownBy(() -> Filters.fromProperties(p, KeyHasher.longs()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("colour");
        p.remove("bloomery.option.colour");
        p.setProperty("bloomery.fpp", "one percent");
        assertThatThrownBy(() -> Filters.fromProperties(p, KeyHasher.longs()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bloomery.fpp").hasMessageContaining("one percent");
        for (String notPlain : new String[] {"0x1p-7", "0.01f", "+0.01"}) {
            p.setProperty("bloomery.fpp", notPlain);
            assertThatThrownBy(() -> Filters.fromProperties(p, KeyHasher.longs())).as(notPlain)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bloomery.fpp")
                    .hasMessageContaining("plain decimal").hasMessageContaining(notPlain);
        }
        p.setProperty("bloomery.fpp", "0.01");
        p.setProperty("bloomery.expectedInsertions", "+1000");
        assertThatThrownBy(() -> Filters.fromProperties(p, KeyHasher.longs()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bloomery.expectedInsertions")
                .hasMessageContaining("+1000");
        p.setProperty("bloomery.expectedInsertions", "1000");
        p.setProperty("bloomery.fpp", "2");
        assertThatThrownBy(() -> Filters.fromProperties(p, KeyHasher.longs()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("(0, 1)");
        p.remove("bloomery.kind");
        assertThatThrownBy(() -> Filters.fromProperties(p, KeyHasher.longs()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bloomery.kind is required");
    }

    @Test
    void readsTheKindFromTheHeaderAndRefusesAKindWithoutProvider() throws IOException {
        MembershipFilter<Long> filter = Filters.create(ExactTestProvider.KIND, FilterSpec.of(10, 0.01), KeyHasher.longs());
        filter.add(7L);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        filter.writeTo(out);
        byte[] bytes = out.toByteArray();
        assertThat(Filters.readFrom(new ByteArrayInputStream(bytes), KeyHasher.longs()).mightContain(7L)).isTrue();

        byte[] renamed = bytes.clone();
        renamed[6] = 'b'; // "test-exact" -> "best-exact": no such provider
        FilterBytes.reseal(renamed);
        assertThatThrownBy(() -> Filters.readFrom(new ByteArrayInputStream(renamed), KeyHasher.longs()))
                .isInstanceOf(InvalidFilterDataException.class).hasMessageContaining("'best-exact'").hasMessageContaining("no provider");
    }
}
