package org.bloomery.bloom;

import java.io.IOException;
import org.bloomery.api.spi.FilterDataOutput;

/**
 * The fields of kind {@code "aging"}'s body (FORMAT.md) around the layers' words, written by the
 * in-process kind and by {@code redis-aging}'s snapshots alike: long adds (a count window's adds; 0
 * for a time window), long current (the newest generation started), int slots (g + 1); then per
 * slot, slot 0 first: long epoch, int layer count, and per layer, oldest first: long bits, long
 * items, and the {@code bits / 64} words.
 */
public final class AgingBody {
    /** The fixed fields before the slots. */
    public static final int HEADER_BYTES = 2 * Long.BYTES + Integer.BYTES;
    /** Each slot's fields before its layers. */
    public static final int SLOT_HEADER_BYTES = Long.BYTES + Integer.BYTES;
    /** Each layer's fields before its words. */
    public static final int LAYER_HEADER_BYTES = 2 * Long.BYTES;

    private AgingBody() {
    }

    /**
     * Writes the fields before the slots.
     *
     * @param body the body
     * @param adds a count window's adds, 0 for a time window
     * @param current the newest generation started
     * @param slots g + 1
     * @throws IOException if the stream fails
     */
    public static void writeHeader(FilterDataOutput body, long adds, long current, int slots) throws IOException {
        body.writeLong(adds);
        body.writeLong(current);
        body.writeInt(slots);
    }

    /**
     * Writes a slot's fields before its layers.
     *
     * @param body the body
     * @param epoch the generation the slot holds
     * @param layers its layer count
     * @throws IOException if the stream fails
     */
    public static void writeSlotHeader(FilterDataOutput body, long epoch, int layers) throws IOException {
        body.writeLong(epoch);
        body.writeInt(layers);
    }

    /**
     * Writes a layer's fields before its words.
     *
     * @param body the body
     * @param bits the layer's bits
     * @param items the items reserved in it (0 in a count window)
     * @throws IOException if the stream fails
     */
    public static void writeLayerHeader(FilterDataOutput body, long bits, long items) throws IOException {
        body.writeLong(bits);
        body.writeLong(items);
    }
}
