package org.bloomery.benchmarks.jmh;

import org.bloomery.benchmarks.contestant.Contestant;
import org.bloomery.benchmarks.contestant.Entrant;
import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.keys.KeyGenerator;

/**
 * The keys of one benchmark trial, from the report's key generator: n keys to insert, and query
 * arrays of a power-of-two length, cycled through with a mask, holding present keys (the n inserted,
 * repeated) and absent keys.
 */
final class BenchmarkKeys {
    /** Keys inserted. */
    static final int N = 1_000_000;
    /** Length of each query array: a power of two, so a cursor wraps with a mask. */
    static final int QUERIES = 1 << 20;
    static final int MASK = QUERIES - 1;
    /** The report's default seed, so benchmarks and report use the same keys. */
    static final long SEED = 42;

    final KeyType type;
    final long[] insertLongs;
    final String[] insertStrings;
    final long[] presentLongs;
    final String[] presentStrings;
    final long[] absentLongs;
    final String[] absentStrings;

    BenchmarkKeys(KeyType type) {
        this.type = type;
        KeyGenerator generator = new KeyGenerator(SEED);
        boolean string = type == KeyType.STRING;
        insertLongs = new long[string ? 0 : N];
        insertStrings = new String[string ? N : 0];
        presentLongs = new long[string ? 0 : QUERIES];
        presentStrings = new String[string ? QUERIES : 0];
        absentLongs = new long[string ? 0 : QUERIES];
        absentStrings = new String[string ? QUERIES : 0];
        for (int i = 0; i < N; i++) {
            if (string) {
                insertStrings[i] = generator.presentString(i);
            } else {
                insertLongs[i] = generator.presentLong(i);
            }
        }
        for (int i = 0; i < QUERIES; i++) {
            if (string) {
                presentStrings[i] = insertStrings[i % N];
                absentStrings[i] = generator.absentString(i);
            } else {
                presentLongs[i] = insertLongs[i % N];
                absentLongs[i] = generator.absentLong(i);
            }
        }
    }

    /** Adds all n keys; returns how many adds answered true. */
    long addAll(Contestant contestant) {
        long added = 0;
        if (type == KeyType.STRING) {
            for (String key : insertStrings) {
                added += contestant.add(key) ? 1 : 0;
            }
        } else {
            for (long key : insertLongs) {
                added += contestant.add(key) ? 1 : 0;
            }
        }
        return added;
    }

    /** Removes all n keys; returns how many removes answered true. */
    long removeAll(Contestant contestant) {
        long removed = 0;
        if (type == KeyType.STRING) {
            for (String key : insertStrings) {
                removed += contestant.remove(key) ? 1 : 0;
            }
        } else {
            for (long key : insertLongs) {
                removed += contestant.remove(key) ? 1 : 0;
            }
        }
        return removed;
    }

    /** A filled contestant of the named entrant. */
    Contestant filled(Entrant entrant, double fpp) {
        Contestant contestant = entrant.create(type, N, fpp);
        addAll(contestant);
        return contestant;
    }
}
