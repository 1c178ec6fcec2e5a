package org.bloomery.benchmarks.exact;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;

/** The size of an object reference in this JVM: 32 bits with compressed oops, 64 without. */
final class ReferenceSize {
    private static final int BITS = detect();

    private ReferenceSize() {
    }

    /**
     * Bits per element of an object array in this JVM.
     *
     * @return 32 or 64
     */
    static int bits() {
        return BITS;
    }

    private static int detect() {
        try {
            HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            return Boolean.parseBoolean(vm.getVMOption("UseCompressedOops").getValue()) ? Integer.SIZE : Long.SIZE;
        } catch (RuntimeException | LinkageError e) {
            // Not HotSpot: assume uncompressed references, the larger (so never flattering) figure.
            return Long.SIZE;
        }
    }
}
