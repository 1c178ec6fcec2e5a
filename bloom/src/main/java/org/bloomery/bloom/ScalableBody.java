package org.bloomery.bloom;

import java.io.IOException;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.spi.FilterDataInput;
import org.bloomery.api.spi.FilterDataOutput;

/**
 * The headers of the {@code scalable} kind's body (FORMAT.md), for every module that writes or reads
 * it (the in-process kind, and {@code redis-scalable}'s snapshots and uploads), all big-endian: int
 * expansion, double tightening, byte nonscaling, byte layout, int layer count; per layer, oldest
 * first: long capacity, double error, byte k, long bits, long items, then the layer's {@code bits /
 * 64} words, which the caller writes and reads. Every field read is checked against the spec's
 * {@link GrowthPlan}.
 */
public final class ScalableBody {
    /** Bytes of the body's header. */
    public static final int HEADER_BYTES = Integer.BYTES + Double.BYTES + 1 + 1 + Integer.BYTES;
    /** Bytes of one layer's header, before its words. */
    public static final int LAYER_HEADER_BYTES = Long.BYTES + Double.BYTES + 1 + Long.BYTES + Long.BYTES;

    private ScalableBody() {
    }

    /**
     * Writes the body's header.
     *
     * @param body the body
     * @param plan the filter's growth plan
     * @param layers the number of layers that follow
     * @throws IOException if the stream fails
     */
    public static void writeHeader(FilterDataOutput body, GrowthPlan plan, int layers) throws IOException {
        body.writeInt(plan.expansion());
        body.writeDouble(plan.tightening());
        body.writeByte(plan.nonscaling() ? 1 : 0);
        body.writeByte(plan.layout().code());
        body.writeInt(layers);
    }

    /**
     * Writes one layer's header; its words follow.
     *
     * @param body the body
     * @param layer the layer's plan
     * @param items the items the layer holds
     * @throws IOException if the stream fails
     */
    public static void writeLayerHeader(FilterDataOutput body, LayerPlan layer, long items) throws IOException {
        body.writeLong(layer.capacity());
        body.writeDouble(layer.error());
        body.writeByte(layer.shape().hashes());
        body.writeLong(layer.shape().cells());
        body.writeLong(items);
    }

    /**
     * Reads the header and checks it against the spec's plan.
     *
     * @param in the body
     * @param plan the spec's growth plan
     * @return the layer count, in [1, the plan's most layers]
     * @throws InvalidFilterDataException if a field differs from the plan or is out of range
     * @throws IOException if the stream fails
     */
    public static int readHeader(FilterDataInput in, GrowthPlan plan) throws IOException {
        int expansion = in.readInt("expansion", 1, GrowthPlan.MAX_EXPANSION);
        double tightening = in.readDouble("tightening", Double.MIN_VALUE, Math.nextDown(1.0));
        boolean nonscaling = in.readUnsignedByte("nonscaling", 0, 1) == 1;
        BloomLayout layout = BloomLayout.read(in);
        if (expansion != plan.expansion() || Double.compare(tightening, plan.tightening()) != 0
                || nonscaling != plan.nonscaling() || layout != plan.layout()) {
            throw new InvalidFilterDataException("the body says expansion " + expansion + ", tightening " + tightening
                    + ", nonscaling " + nonscaling + ", layout " + layout.optionValue() + " but the spec's options give "
                    + plan.expansion() + ", " + plan.tightening() + ", " + plan.nonscaling() + ", "
                    + plan.layout().optionValue());
        }
        return in.readInt("layer count", 1, plan.maxLayers());
    }

    /**
     * The layer the spec gives for an index, as a reader expects it.
     *
     * @param plan the spec's growth plan
     * @param index the layer's index
     * @return the layer's plan
     * @throws InvalidFilterDataException if the spec does not allow that layer
     */
    public static LayerPlan expectedLayer(GrowthPlan plan, int index) throws InvalidFilterDataException {
        try {
            return plan.layer(index);
        } catch (IllegalArgumentException e) {
            throw new InvalidFilterDataException("the spec does not allow layer " + index + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads one layer's header and checks it against the layer the spec gives for its index.
     *
     * @param in the body
     * @param index the layer's index
     * @param expected that layer ({@link #expectedLayer})
     * @return the layer's item count, in [0, capacity]
     * @throws InvalidFilterDataException if it differs or a field is out of range
     * @throws IOException if the stream fails
     */
    public static long readLayerHeader(FilterDataInput in, int index, LayerPlan expected) throws IOException {
        String name = "layer " + index + " ";
        long capacity = in.readLong(name + "capacity", 1, Long.MAX_VALUE);
        double error = in.readDouble(name + "error", Double.MIN_VALUE, Math.nextDown(1.0));
        int hashes = in.readUnsignedByte(name + "k", 1, BloomShape.MAX_HASHES);
        long bits = in.readLong(name + "bits", BloomShape.MIN_CELLS, BloomShape.MAX_CELLS);
        long items = in.readLong(name + "items", 0, capacity);
        if (capacity != expected.capacity() || Double.compare(error, expected.error()) != 0
                || hashes != expected.shape().hashes() || bits != expected.shape().cells()) {
            throw new InvalidFilterDataException(name + "is (capacity " + capacity + ", error " + error + ", k " + hashes
                    + ", bits " + bits + ") but the spec gives (capacity " + expected.capacity() + ", error "
                    + expected.error() + ", k " + expected.shape().hashes() + ", bits " + expected.shape().cells() + ")");
        }
        return items;
    }
}
