/**
 * The cuckoo filter (Fan, Andersen, Kaminsky, Mitzenmacher, CoNEXT 2014), kind {@code "cuckoo"}:
 * {@link org.bloomery.cuckoo.CuckooFilter}, found through {@link
 * org.bloomery.cuckoo.CuckooFilterProvider}. It stores one short fingerprint per insertion in one of
 * two buckets, so it can delete, count copies and reach a lower false-positive rate per bit than a
 * Bloom filter below about 3%.
 */
package org.bloomery.cuckoo;
