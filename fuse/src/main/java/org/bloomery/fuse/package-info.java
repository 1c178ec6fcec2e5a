/**
 * The binary fuse filter (Graf and Lemire, "Binary Fuse Filters: Fast and Smaller Than Xor
 * Filters", 2022), kind {@code "fuse"}: {@link org.bloomery.fuse.FuseFilter}, found through
 * {@link org.bloomery.fuse.FuseProvider}. It is built once from a whole set and then only
 * answers queries, three array reads each, in about 1.13 times the information-theoretic minimum
 * of space.
 */
package org.bloomery.fuse;
