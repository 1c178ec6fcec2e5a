/**
 * The cuckoo filter (Fan, Andersen, Kaminsky, Mitzenmacher, CoNEXT 2014), kind {@code "cuckoo"}:
 * {@link org.bloomery.cuckoo.CuckooFilter}, found through {@link
 * org.bloomery.cuckoo.CuckooProvider}. It stores one short fingerprint per insertion in one of
 * two buckets, so it can delete and count copies in a quarter of a counting Bloom filter's space.
 * It takes fewer bits per item than a classic Bloom filter at most targets of 0.22% and below and at
 * every target below 0.05% (13.76 against 14.38 at 0.1%, measured at b = 4), but more at 1% (10.58
 * against 9.59).
 */
package org.bloomery.cuckoo;
