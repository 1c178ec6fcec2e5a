/**
 * For provider authors: the binary envelope every kind is written in ({@link
 * org.bloomery.api.spi.Envelope}, with bounded body input and output) and typed, validated access to
 * a spec's options ({@link org.bloomery.api.spi.SpecOptions}).
 */
package org.bloomery.api.spi;
