/**
 * The {@code bloomery} command line for users of the library: {@code build} a filter of any kind
 * from a file of items, {@code query} it, and print its {@code info}. It finds the kinds through
 * {@link java.util.ServiceLoader} like any application and needs none of the comparison's peers.
 */
package org.bloomery.cli;
