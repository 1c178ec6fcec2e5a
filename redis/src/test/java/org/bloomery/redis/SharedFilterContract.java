package org.bloomery.redis;

import java.util.stream.Stream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.contract.MutableFilterContract;
import org.junit.jupiter.api.BeforeEach;

/**
 * The contract kit against the shared test server, for both Redis kinds. Every filter is built
 * from configuration (options {@code uri} and {@code name}), as an application would, on a server
 * flushed before each test.
 *
 * <p>Sizes: every add and query here is a network round trip, and the kit's full size (100,000
 * items, 200,000 to 2,000,000 probes per test) would take minutes per kind. The probe positions
 * are proven equal to the in-process kinds' ({@link ProbePositionsTest}), which run the kit at full
 * size, so this run proves the wiring: 20,000 items and 40,000 probes at fpp 0.01 (about 400 false
 * positives expected, standard deviation 20, so the 15% tolerance of 60 is 3 sigma), and only fpp
 * 0.01 (0.001 would need 400,000 probes).
 */
abstract class SharedFilterContract extends MutableFilterContract {
    private static final int ITEMS = 20_000;

    protected static Stream<Double> fpps() {
        return Stream.of(0.01);
    }

    @BeforeEach
    void flush() {
        RedisServer.shared().flush();
    }

    @Override
    protected FilterSpec spec(long expectedInsertions, double fpp) {
        // One name per size, so the filters one test builds never meet; each test starts flushed.
        // A batch of the kit's probes is one call, whose deadline is the timeout: time enough on a
        // loaded machine.
        return FilterSpec.of(expectedInsertions, fpp)
                .withOption("uri", RedisServer.shared().uri())
                .withOption("name", "contract-" + expectedInsertions + "-" + fpp)
                .withOption("timeoutMillis", "60000");
    }

    @Override
    protected int items() {
        return ITEMS;
    }
}
