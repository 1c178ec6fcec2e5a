package org.bloomery.ribbon;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.spi.Envelope;

/**
 * The ribbon kind's body inside the shared envelope, all big-endian: coefficient width (byte: 128),
 * result bits r (byte), distinct items n (long), seed (long), rows m (int), first r-column group
 * (int), then the solution's words (long each, {@code (m / 64)·r - (first r-column group)} of
 * them). The reader derives r from the spec's fpp (in the envelope's header), the range of m from
 * n and the first r-column group from m and the fpp, and checks every field against them, so a
 * forged n or m cannot make it allocate beyond the bytes that arrive.
 */
final class RibbonCodec {
    private static final int FIELD_BYTES = 1 + 1 + Long.BYTES + Long.BYTES + Integer.BYTES + Integer.BYTES;

    private RibbonCodec() {
    }

    static void write(OutputStream out, RibbonFilter<?> filter) throws IOException {
        RibbonLayout layout = filter.layout();
        long[] solution = filter.solution();
        long bodyLength = FIELD_BYTES + (long) Long.BYTES * solution.length;
        Envelope.write(out, filter, bodyLength, body -> {
            body.writeByte(RibbonLayout.WIDTH);
            body.writeByte(layout.columns());
            body.writeLong(filter.approximateCount());
            body.writeLong(filter.seed());
            body.writeInt(layout.slots());
            body.writeInt(layout.upperStartGroup());
            body.writeLongs(solution, 0, solution.length);
        });
    }

    static <T> RibbonFilter<T> read(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        return Envelope.read(in, RibbonProvider.KIND, hasher, (spec, reading, body) -> {
            ResultBits bits = bitsOf(spec);
            body.readUnsignedByte("coefficient width", RibbonLayout.WIDTH, RibbonLayout.WIDTH);
            body.readUnsignedByte("result bits", bits.columns(), bits.columns());
            long items = body.readLong("distinct items", 0, RibbonLayout.MAX_ITEMS);
            long seed = body.readLong("seed", Long.MIN_VALUE, Long.MAX_VALUE);
            int slots = body.readInt("rows", RibbonLayout.slotsFor(items), RibbonLayout.maxSlotsFor(items));
            if (slots % RibbonLayout.GROUP_ROWS != 0) {
                throw new InvalidFilterDataException("rows must be a multiple of " + RibbonLayout.GROUP_ROWS
                        + ", got " + slots);
            }
            RibbonLayout layout = RibbonLayout.of(slots, bits);
            body.readInt("first group with r result bits", layout.upperStartGroup(), layout.upperStartGroup());
            long[] solution = body.readLongs(layout.words());
            return new RibbonFilter<>(spec, reading, (int) items, seed, layout, solution);
        });
    }

    private static ResultBits bitsOf(FilterSpec spec) throws InvalidFilterDataException {
        try {
            return RibbonFilter.resultBits(spec);
        } catch (IllegalArgumentException e) {
            throw new InvalidFilterDataException("the stored spec does not make a ribbon filter: " + e.getMessage(), e);
        }
    }
}
