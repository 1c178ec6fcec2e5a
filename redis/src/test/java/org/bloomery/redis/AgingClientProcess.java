package org.bloomery.redis;

import java.util.Arrays;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.contract.TestKeys;
import redis.clients.jedis.JedisPooled;

/**
 * A second client process of one {@code redis-aging} filter, started by {@link
 * RedisAgingProcessesTest} in a JVM of its own. Arguments: the server's port, the filter's name, its
 * window option ({@code window=N} or {@code windowMillis=T}, with n = 1,000 at 1%), then {@code add
 * FROM COUNT} (adds items FROM to FROM + COUNT - 1) or {@code probe FROM COUNT} (asks for them).
 * Prints one line: {@code present=P count=C}, the items found present (after adding, for add) and
 * the filter's count of its window.
 */
final class AgingClientProcess {
    /** The items' seed, shared by both processes: item i is the same key in each. */
    static final long SEED = 0x2_9E0C_E55EL;
    /** n and p of the shared filter's spec. */
    static final long N = 1_000;
    static final double P = 0.01;

    private AgingClientProcess() {
    }

    /** Item i's hash. */
    static long item(long i) {
        return KeyHasher.hashLong(TestKeys.presentLong(SEED, i));
    }

    /** Items from to from + count - 1. */
    static long[] items(long from, int count) {
        long[] hashes = new long[count];
        for (int i = 0; i < count; i++) {
            hashes[i] = item(from + i);
        }
        return hashes;
    }

    /** The spec every process opens the filter with. */
    static FilterSpec spec(String windowOption) {
        String[] option = windowOption.split("=", 2);
        return FilterSpec.of(N, P).withOption(option[0], option[1]);
    }

    public static void main(String[] args) {
        int port = Integer.parseInt(args[0]);
        long from = Long.parseLong(args[4]);
        int count = Integer.parseInt(args[5]);
        try (JedisPooled client = new JedisPooled("127.0.0.1", port)) {
            RedisAgingFilter<Long> filter = RedisFilters.aging(client, args[1], spec(args[2]), KeyHasher.longs());
            long[] items = items(from, count);
            switch (args[3]) {
                case "add" -> filter.addAllHashes(items);
                case "probe" -> { }
                default -> throw new IllegalArgumentException("add or probe, got " + args[3]);
            }
            boolean[] answers = filter.mightContainAllHashes(items);
            long present = 0;
            for (boolean answer : answers) {
                present += answer ? 1 : 0;
            }
            System.out.println("present=" + present + " count=" + filter.approximateCount() + " answers="
                    + Arrays.hashCode(answers));
        }
    }
}
