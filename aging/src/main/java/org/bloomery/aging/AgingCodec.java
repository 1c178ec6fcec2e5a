package org.bloomery.aging;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.function.LongSupplier;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.spi.Envelope;
import org.bloomery.api.spi.FilterDataInput;
import org.bloomery.bloom.BloomLayer;
import org.bloomery.bloom.GrowthPlan;
import org.bloomery.bloom.LayerPlan;
import org.bloomery.bloom.AgingBody;
import org.bloomery.bloom.WindowPlan;

/**
 * The body of kind {@code "aging"} inside the shared envelope ({@link AgingBody}): long adds (a count window's adds; 0
 * for a time window), long current (the newest generation started: in a time window, the clock's
 * milliseconds divided by the span, rounded down), int slots (g + 1); then per slot, slot 0
 * first: long epoch, int layer count, and per layer, oldest first: long bits, long items, and the
 * {@code bits / 64} words. Every size follows from the spec and its options, so each is checked
 * against them before anything is allocated, and every array against the body's length and the heap.
 */
final class AgingCodec {
    /** Bounds a time window's epochs so that {@code (epoch + 1) · span} cannot overflow. */
    private static final long MAX_TIME = 1L << 62;

    private AgingCodec() {
    }

    /**
     * Writes the filter, from one snapshot of each slot's epoch and layers.
     *
     * @param out the stream; not closed
     * @param filter the filter
     * @throws IOException if the stream fails
     */
    static void write(OutputStream out, AgingFilter<?> filter) throws IOException {
        Generation[] ring = filter.ring();
        long[] epochs = new long[ring.length];
        BloomLayer[][] layers = new BloomLayer[ring.length][];
        long current = filter.current();
        long length = AgingBody.HEADER_BYTES;
        for (int slot = 0; slot < ring.length; slot++) {
            epochs[slot] = ring[slot].epoch();
            layers[slot] = ring[slot].layers();
            length += AgingBody.SLOT_HEADER_BYTES;
            for (BloomLayer layer : layers[slot]) {
                length += AgingBody.LAYER_HEADER_BYTES + layer.wordBytes();
            }
        }
        long adds = filter.adds();
        Envelope.write(out, filter, length, body -> {
            AgingBody.writeHeader(body, adds, current, ring.length);
            for (int slot = 0; slot < ring.length; slot++) {
                AgingBody.writeSlotHeader(body, epochs[slot], layers[slot].length);
                for (BloomLayer layer : layers[slot]) {
                    AgingBody.writeLayerHeader(body, layer.bitSize(), layer.items());
                    layer.writeWords(body);
                }
            }
        });
    }

    /**
     * Reads a filter written by {@link #write}.
     *
     * @param in the stream at the start of the envelope
     * @param hasher the hasher the filter was written with
     * @param clock the clock the filter reads from now on
     * @param <T> the item type
     * @return the filter
     * @throws InvalidFilterDataException if the data is not a valid aging filter
     * @throws IOException if the stream fails
     */
    static <T> AgingFilter<T> read(InputStream in, KeyHasher<? super T> hasher, LongSupplier clock) throws IOException {
        return Envelope.read(in, AgingProvider.KIND, hasher, (spec, reading, body) -> readBody(spec, body, reading, clock));
    }

    private static <T> AgingFilter<T> readBody(FilterSpec spec, FilterDataInput in, KeyHasher<? super T> hasher,
            LongSupplier clock) throws IOException {
        WindowPlan plan;
        try {
            plan = WindowPlan.of(spec, AgingProvider.KIND);
        } catch (IllegalArgumentException e) {
            throw new InvalidFilterDataException("the spec is not valid for kind '" + AgingProvider.KIND + "': "
                    + e.getMessage(), e);
        }
        long adds = plan.timed() ? in.readLong("adds", 0, 0) : in.readLong("adds", 0, MAX_TIME);
        long current = plan.timed() ? in.readLong("current generation", -MAX_TIME / plan.span(), MAX_TIME / plan.span())
                : in.readLong("current generation", 0, adds == 0 ? 0 : (adds - 1) / plan.span());
        int slots = in.readInt("slots", plan.slots(), plan.slots());
        Generation[] ring = new Generation[slots];
        for (int slot = 0; slot < slots; slot++) {
            ring[slot] = readGeneration(plan, slot, current, in);
        }
        return new AgingFilter<>(spec, hasher, plan, clock, adds, current, ring);
    }

    private static Generation readGeneration(WindowPlan plan, int slot, long current, FilterDataInput in)
            throws IOException {
        // A count window's ring always holds the g + 1 generations up to the newest; a time window's
        // may hold older, expired ones that no add has reused yet.
        long oldest = plan.timed() ? -MAX_TIME / plan.span() - plan.slots() : current - plan.generations();
        long epoch = in.readLong("epoch of slot " + slot, oldest, current);
        if (Math.floorMod(epoch, plan.slots()) != slot) {
            throw new InvalidFilterDataException("slot " + slot + " holds epoch " + epoch + ", which belongs in slot "
                    + Math.floorMod(epoch, plan.slots()));
        }
        int count = in.readInt("layers of slot " + slot, 1, plan.timed() ? GrowthPlan.MAX_LAYERS : 1);
        BloomLayer[] layers = new BloomLayer[count];
        for (int i = 0; i < count; i++) {
            LayerPlan expected;
            try {
                expected = plan.layer(i);
            } catch (IllegalArgumentException e) {
                throw new InvalidFilterDataException("slot " + slot + " cannot have layer " + i + ": " + e.getMessage(),
                        e);
            }
            long bits = expected.shape().cells();
            in.readLong("bits of layer " + i + " of slot " + slot, bits, bits);
            long items = in.readLong("items of layer " + i + " of slot " + slot, 0,
                    plan.timed() ? expected.capacity() : 0);
            try {
                layers[i] = BloomLayer.read(expected, items, in);
            } catch (IllegalArgumentException e) {
                throw new InvalidFilterDataException("cannot hold layer " + i + " of slot " + slot + ": "
                        + e.getMessage(), e);
            }
        }
        return new Generation(plan, epoch, layers);
    }
}
