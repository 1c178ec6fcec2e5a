package org.bloomery.ribbon;

import java.util.List;
import org.bloomery.api.contract.PreviousReleaseFilesContract;

class PreviousReleaseFilesTest extends PreviousReleaseFilesContract {
    @Override
    protected List<String> names() {
        return List.of("ribbon", "ribbon-v2");
    }
}
