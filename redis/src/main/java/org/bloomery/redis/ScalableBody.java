package org.bloomery.redis;

import java.io.IOException;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.bloom.BloomLayout;
import org.bloomery.api.bloom.BloomShape;
import org.bloomery.api.bloom.GrowthPlan;
import org.bloomery.api.bloom.LayerPlan;
import org.bloomery.api.spi.FilterDataInput;
import org.bloomery.api.spi.FilterDataOutput;

/**
 * The in-process {@code scalable} kind's body (FORMAT.md), which {@code redis-scalable} snapshots
 * are written in and uploads are read from: int expansion, double tightening, byte nonscaling, byte
 * layout, int layer count; per layer, oldest first: long capacity, double error, byte k, long bits,
 * long items, then the words, which are byte for byte the layer's Redis string.
 */
final class ScalableBody {
    static final int HEADER_BYTES = Integer.BYTES + Double.BYTES + 1 + 1 + Integer.BYTES;
    static final int LAYER_HEADER_BYTES = Long.BYTES + Double.BYTES + 1 + Long.BYTES + Long.BYTES;

    private ScalableBody() {
    }

    static void writeHeader(FilterDataOutput body, GrowthPlan plan, int layers) throws IOException {
        body.writeInt(plan.expansion());
        body.writeDouble(plan.tightening());
        body.writeByte(plan.nonscaling() ? 1 : 0);
        body.writeByte(plan.layout().ordinal());
        body.writeInt(layers);
    }

    static void writeLayerHeader(FilterDataOutput body, LayerPlan layer, long items) throws IOException {
        body.writeLong(layer.capacity());
        body.writeDouble(layer.error());
        body.writeByte(layer.shape().hashes());
        body.writeLong(layer.shape().cells());
        body.writeLong(items);
    }

    /**
     * Reads the header and checks it against the spec's plan.
     *
     * @return the layer count, in [1, the plan's most layers]
     * @throws InvalidFilterDataException if a field differs from the plan or is out of range
     */
    static int readHeader(FilterDataInput in, GrowthPlan plan) throws IOException {
        int expansion = in.readInt("expansion", 1, GrowthPlan.MAX_EXPANSION);
        double tightening = in.readDouble("tightening", Double.MIN_VALUE, Math.nextDown(1.0));
        boolean nonscaling = in.readUnsignedByte("nonscaling", 0, 1) == 1;
        BloomLayout layout = BloomLayout.values()[in.readUnsignedByte("layout", 0, BloomLayout.values().length - 1)];
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
     * Reads one layer's header and checks it against the layer the spec gives for its index.
     *
     * @param expected that layer
     * @return the layer's item count, in [0, capacity]
     * @throws InvalidFilterDataException if it differs
     */
    static long readLayerHeader(FilterDataInput in, int index, LayerPlan expected) throws IOException {
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
