package org.bloomery.cuckoo;

import java.util.List;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.contract.MutableFilterContract;

/** The contract kit on the cuckoo filter, fixed-size (the default, expansion 0). */
class CuckooContractTest extends MutableFilterContract {
    @Override
    protected String kind() {
        return "cuckoo";
    }

    /** A cuckoo filter grows only with option expansion. */
    @Override
    protected List<FilterSpec> specsCoveringEveryCapability() {
        return List.of(spec(1000, 0.01), spec(1000, 0.01).withOption("expansion", "2"));
    }
}
