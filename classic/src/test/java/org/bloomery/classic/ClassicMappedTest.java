package org.bloomery.classic;

import java.util.stream.Stream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.contract.MappedFilterContract;

/** The mapped contract, for kind "classic": each layout, and a k other than the sizing's. */
class ClassicMappedTest extends MappedFilterContract {
    @Override
    protected String kind() {
        return "classic";
    }

    @Override
    protected Stream<FilterSpec> specs() {
        return Stream.of(FilterSpec.of(1000, 0.01),
                FilterSpec.of(1000, 0.01).withOption("layout", "blocked"),
                FilterSpec.of(1000, 0.01).withOption("layout", "sectored"),
                FilterSpec.of(1000, 0.01).withOption("layout", "patterned"),
                FilterSpec.of(1000, 0.001).withOption("layout", "blocked").withOption("hashes", "7"));
    }
}
