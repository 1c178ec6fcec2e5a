/**
 * The scalable Bloom filter: {@link org.bloomery.scalable.ScalableFilter}, a chain of Bloom
 * layers with growing capacity and shrinking error, registered as kind {@code "scalable"} by {@link
 * org.bloomery.scalable.ScalableProvider}; {@link org.bloomery.scalable.ScalableInfo} and
 * {@link org.bloomery.scalable.LayerInfo} describe its layers, like RedisBloom's {@code BF.INFO}.
 */
package org.bloomery.scalable;
