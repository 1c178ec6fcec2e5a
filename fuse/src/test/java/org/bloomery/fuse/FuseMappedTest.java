package org.bloomery.fuse;

import java.util.stream.Stream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.contract.MappedFilterContract;

/** The mapped contract, for kind "fuse": each fingerprint width, and 4-wise. */
class FuseMappedTest extends MappedFilterContract {
    @Override
    protected String kind() {
        return "fuse";
    }

    @Override
    protected Stream<FilterSpec> specs() {
        return Stream.of(FilterSpec.of(1000, 0.01),
                FilterSpec.of(1000, 0.01).withOption("fingerprintBits", "16"),
                FilterSpec.of(1000, 0.01).withOption("fingerprintBits", "32"),
                FilterSpec.of(1000, 0.01).withOption("arity", "4"));
    }
}
