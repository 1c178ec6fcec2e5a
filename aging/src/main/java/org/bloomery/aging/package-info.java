/**
 * The aging (sliding-window) Bloom filter: {@link org.bloomery.aging.AgingFilter}, a ring of Bloom
 * generations that forgets items older than its window, registered as kind {@code "aging"} by
 * {@link org.bloomery.aging.AgingProvider}; {@link org.bloomery.aging.AgingInfo} and {@link
 * org.bloomery.aging.GenerationInfo} describe its window and generations.
 */
package org.bloomery.aging;
