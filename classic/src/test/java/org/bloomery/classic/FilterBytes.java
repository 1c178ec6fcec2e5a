package org.bloomery.classic;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.bloomery.api.MembershipFilter;

/** A filter's serialized form, for bit-for-bit comparisons. */
final class FilterBytes {
    private FilterBytes() {
    }

    /** What {@link MembershipFilter#writeTo} writes. */
    static byte[] of(MembershipFilter<?> filter) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            filter.writeTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
