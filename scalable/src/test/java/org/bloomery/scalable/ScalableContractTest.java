package org.bloomery.scalable;

import java.util.List;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.contract.MutableFilterContract;

class ScalableContractTest extends MutableFilterContract {
    @Override
    protected String kind() {
        return "scalable";
    }

    /** A non-scaling filter does not grow; the default one does. */
    @Override
    protected List<FilterSpec> specsCoveringEveryCapability() {
        return List.of(spec(1000, 0.01), spec(1000, 0.01).withOption("nonscaling", "true"));
    }
}
