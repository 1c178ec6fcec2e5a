package org.bloomery.ribbon;

import java.util.stream.Stream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.contract.MappedFilterContract;

/** The mapped contract, for kind "ribbon": fractional and whole result bits, narrow and wide. */
class RibbonMappedTest extends MappedFilterContract {
    @Override
    protected String kind() {
        return "ribbon";
    }

    @Override
    protected Stream<FilterSpec> specs() {
        return Stream.of(FilterSpec.of(1000, 0.01), FilterSpec.of(1000, 1.0 / 256), FilterSpec.of(1000, 0.3),
                FilterSpec.of(1000, 1e-9));
    }
}
