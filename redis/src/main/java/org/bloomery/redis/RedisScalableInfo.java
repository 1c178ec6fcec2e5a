package org.bloomery.redis;

/**
 * What {@code BF.INFO} reports for a {@link RedisScalableFilter}, plus its error rate and tightening
 * (as valkey-bloom reports them). Read in one command, without stopping concurrent adds.
 *
 * @param capacity items the filter takes before it adds its next layer: the sum of the layers'
 *     capacities ({@code Capacity})
 * @param bytes bytes of the layers' strings ({@code Size}; Redis adds its per-key overhead)
 * @param layers the number of layers ({@code Number of filters})
 * @param itemsInserted adds that returned true ({@code Number of items inserted}, {@code BF.CARD})
 * @param expansion each layer's capacity over the previous one's ({@code Expansion rate})
 * @param errorRate the bound on the whole filter's false-positive rate
 * @param tightening each layer's error over the previous one's
 */
public record RedisScalableInfo(long capacity, long bytes, int layers, long itemsInserted, int expansion,
        double errorRate, double tightening) {
}
