/**
 * For provider authors: what a third-party kind needs. The binary envelope every kind is written in
 * ({@link org.bloomery.api.spi.Envelope}, with bounded body input and output in {@link
 * org.bloomery.api.spi.FilterDataInput} and {@link org.bloomery.api.spi.FilterDataOutput}), typed,
 * validated access to a spec's options ({@link org.bloomery.api.spi.SpecOptions}), the heap check
 * made before every large allocation ({@link org.bloomery.api.spi.HeapBudget}), and the bases a
 * kind's filter and provider extend ({@link org.bloomery.api.spi.AbstractFilter}, {@link
 * org.bloomery.api.spi.AbstractProvider}), which hold what every kind repeats.
 */
package org.bloomery.api.spi;
