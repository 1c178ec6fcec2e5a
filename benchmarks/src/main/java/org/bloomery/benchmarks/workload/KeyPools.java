package org.bloomery.benchmarks.workload;

import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.keys.KeyGenerator;
import org.bloomery.benchmarks.keys.Keys;

/**
 * The keys of one key type for a whole run, shared by every contestant.
 *
 * @param present keys to insert: n for uniform, plus the churn rounds' new keys
 * @param absent keys never inserted
 */
record KeyPools(Keys present, Keys absent) {

    static KeyPools generate(KeyGenerator generator, KeyType type, int presentCount, int absentCount) {
        return new KeyPools(generator.present(type, presentCount), generator.absent(type, absentCount));
    }

    KeyType type() {
        return present.type();
    }
}
