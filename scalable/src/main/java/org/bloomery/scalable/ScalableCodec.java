package org.bloomery.scalable;

import org.bloomery.bloom.BloomLayer;
import org.bloomery.bloom.GrowthPlan;
import org.bloomery.bloom.LayerPlan;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.bloom.ScalableBody;
import org.bloomery.api.spi.Envelope;
import org.bloomery.api.spi.FilterDataInput;

/**
 * The body of kind {@code "scalable"} inside the shared envelope: the headers of {@link ScalableBody}
 * (int expansion, double tightening, byte nonscaling, byte layout, int layer count; per layer, oldest
 * first: long capacity, double error, byte k, long bits, long items), each layer followed by its
 * {@code bits / 64} words.
 * Every layer's parameters must be the ones the spec and its options give for that layer's index,
 * and the layer count is bounded before anything is allocated.
 */
final class ScalableCodec {
    private ScalableCodec() {
    }

    /**
     * Writes the filter with the given layers.
     *
     * @param out the stream; not closed
     * @param filter the filter, for the envelope's header and options
     * @param layers the layers to write, one snapshot of the filter's
     * @throws IOException if the stream fails
     */
    static void write(OutputStream out, ScalableFilter<?> filter, BloomLayer[] layers) throws IOException {
        GrowthPlan plan = filter.plan();
        Envelope.write(out, filter, bodyLength(layers), body -> {
            ScalableBody.writeHeader(body, plan, layers.length);
            for (BloomLayer layer : layers) {
                ScalableBody.writeLayerHeader(body, layer.plan(), layer.items());
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
    static long bodyLength(BloomLayer[] layers) {
        long length = ScalableBody.HEADER_BYTES;
        for (BloomLayer layer : layers) {
            length += ScalableBody.LAYER_HEADER_BYTES + layer.wordBytes();
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
    static <T> ScalableFilter<T> read(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        return Envelope.read(in, ScalableProvider.KIND, hasher, (spec, reading, body) -> readBody(spec, body, reading));
    }

    private static <T> ScalableFilter<T> readBody(FilterSpec spec, FilterDataInput in, KeyHasher<? super T> hasher)
            throws IOException {
        GrowthPlan plan;
        try {
            plan = GrowthPlan.of(spec, ScalableProvider.KIND);
        } catch (IllegalArgumentException e) {
            throw new InvalidFilterDataException("the spec is not valid for kind '" + ScalableProvider.KIND + "': "
                    + e.getMessage(), e);
        }
        int count = ScalableBody.readHeader(in, plan);
        BloomLayer[] layers = new BloomLayer[count];
        for (int i = 0; i < count; i++) {
            layers[i] = readLayer(plan, i, in);
        }
        return new ScalableFilter<>(spec, hasher, plan, layers);
    }

    private static BloomLayer readLayer(GrowthPlan plan, int index, FilterDataInput in) throws IOException {
        LayerPlan expected = ScalableBody.expectedLayer(plan, index);
        long items = ScalableBody.readLayerHeader(in, index, expected);
        try {
            return BloomLayer.read(expected, items, in);
        } catch (IllegalArgumentException e) {
            throw new InvalidFilterDataException("cannot hold layer " + index + ": " + e.getMessage(), e);
        }
    }
}
