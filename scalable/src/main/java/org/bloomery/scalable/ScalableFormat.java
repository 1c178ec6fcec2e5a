package org.bloomery.scalable;

import org.bloomery.api.bloom.GrowthPlan;
import org.bloomery.api.bloom.LayerPlan;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.bloom.BloomLayout;
import org.bloomery.api.bloom.BloomShape;
import org.bloomery.api.spi.Envelope;
import org.bloomery.api.spi.FilterDataInput;
import org.bloomery.api.spi.FilterDataOutput;

/**
 * The body of kind {@code "scalable"} inside the shared envelope, all big-endian: int expansion,
 * double tightening, byte nonscaling (0 or 1), byte layout (0 standard, 1 blocked), int layer count, then for each layer, oldest first:
 * long capacity, double error, byte k, long bits, long items, and its {@code bits / 64} words.
 * Every layer's parameters must be the ones the spec and its options give for that layer's index,
 * and the layer count is bounded before anything is allocated.
 */
final class ScalableFormat {
    private static final int HEADER_BYTES = Integer.BYTES + Double.BYTES + 1 + 1 + Integer.BYTES;
    private static final int LAYER_HEADER_BYTES = Long.BYTES + Double.BYTES + 1 + Long.BYTES + Long.BYTES;

    private ScalableFormat() {
    }

    /**
     * Writes the filter with the given layers.
     *
     * @param out the stream; not closed
     * @param filter the filter, for the envelope's header and options
     * @param layers the layers to write, one snapshot of the filter's
     * @throws IOException if the stream fails
     */
    static void write(OutputStream out, ScalableBloomFilter<?> filter, Layer[] layers) throws IOException {
        GrowthPlan plan = filter.plan();
        Envelope.write(out, filter, bodyLength(layers), body -> {
            body.writeInt(plan.expansion());
            body.writeDouble(plan.tightening());
            body.writeByte(plan.nonscaling() ? 1 : 0);
            body.writeByte(plan.layout().ordinal());
            body.writeInt(layers.length);
            for (Layer layer : layers) {
                LayerPlan layerPlan = layer.plan();
                body.writeLong(layerPlan.capacity());
                body.writeDouble(layerPlan.error());
                body.writeByte(layerPlan.shape().hashes());
                body.writeLong(layerPlan.shape().cells());
                body.writeLong(layer.items());
                layer.writeWords(body);
            }
        });
    }

    /**
     * The body's size in bytes.
     *
     * @param layers the layers to be written
     * @return the length
     */
    static long bodyLength(Layer[] layers) {
        long length = HEADER_BYTES;
        for (Layer layer : layers) {
            length += LAYER_HEADER_BYTES + layer.wordBytes();
        }
        return length;
    }

    /**
     * Reads a filter written by {@link #write}.
     *
     * @param in the stream at the start of the envelope
     * @param hasher the hasher the filter was written with
     * @param <T> the item type
     * @return the filter
     * @throws InvalidFilterDataException if the data is not a valid scalable filter
     * @throws IOException if the stream fails
     */
    static <T> ScalableBloomFilter<T> read(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        return Envelope.read(in, ScalableBloomFilter.KIND, hasher, (spec, body) -> readBody(spec, body, hasher));
    }

    private static <T> ScalableBloomFilter<T> readBody(FilterSpec spec, FilterDataInput in, KeyHasher<? super T> hasher)
            throws IOException {
        GrowthPlan plan;
        try {
            plan = GrowthPlan.of(spec, ScalableBloomFilter.KIND);
        } catch (IllegalArgumentException e) {
            throw new InvalidFilterDataException("the spec is not valid for kind '" + ScalableBloomFilter.KIND + "': "
                    + e.getMessage(), e);
        }
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
        int count = in.readInt("layer count", 1, plan.maxLayers());
        Layer[] layers = new Layer[count];
        for (int i = 0; i < count; i++) {
            layers[i] = readLayer(plan, i, in);
        }
        return new ScalableBloomFilter<>(spec, hasher, plan, layers);
    }

    private static Layer readLayer(GrowthPlan plan, int index, FilterDataInput in) throws IOException {
        String name = "layer " + index + " ";
        long capacity = in.readLong(name + "capacity", 1, Long.MAX_VALUE);
        double error = in.readDouble(name + "error", Double.MIN_VALUE, Math.nextDown(1.0));
        int hashes = in.readUnsignedByte(name + "k", 1, BloomShape.MAX_HASHES);
        long bits = in.readLong(name + "bits", BloomShape.MIN_CELLS, BloomShape.MAX_CELLS);
        long items = in.readLong(name + "items", 0, capacity);
        LayerPlan expected;
        try {
            expected = plan.layer(index);
        } catch (IllegalArgumentException e) {
            throw new InvalidFilterDataException("the spec does not allow " + name.trim() + ": " + e.getMessage(), e);
        }
        if (capacity != expected.capacity() || Double.compare(error, expected.error()) != 0
                || hashes != expected.shape().hashes() || bits != expected.shape().cells()) {
            throw new InvalidFilterDataException(name + "is " + describe(capacity, error, hashes, bits)
                    + " but the spec gives " + describe(expected.capacity(), expected.error(),
                    expected.shape().hashes(), expected.shape().cells()));
        }
        try {
            return Layer.read(expected, items, in);
        } catch (IllegalArgumentException e) {
            throw new InvalidFilterDataException("cannot hold " + name.trim() + ": " + e.getMessage(), e);
        }
    }

    private static String describe(long capacity, double error, int hashes, long bits) {
        return "(capacity " + capacity + ", error " + error + ", k " + hashes + ", bits " + bits + ")";
    }
}
