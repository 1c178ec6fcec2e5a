package org.bloomery.fuse;

import org.bloomery.api.contract.StaticHeapLimitContract;

/** The small-heap refusals of a static kind, for kind "fuse". */
class FuseHeapLimitTest extends StaticHeapLimitContract {
    @Override
    protected String kind() {
        return FuseProvider.KIND;
    }
}
