package org.bloomery.aging;

/**
 * One slot of an {@link AgingFilter}'s ring, as {@link AgingInfo} describes it.
 *
 * @param epoch the generation the slot holds: the number of spans (of adds or milliseconds) from the
 *     filter's start to the generation's; negative for a slot not yet used
 * @param live whether a query reads it: false once the generation is older than the ring
 * @param items the items added during the generation (adds, in a count window)
 * @param layers its Bloom layers: 1, more in a time window that received more than its share
 * @param bitSize bits allocated in its layers
 */
public record GenerationInfo(long epoch, boolean live, long items, int layers, long bitSize) {
}
