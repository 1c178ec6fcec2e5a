import java.util.SplittableRandom;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.redis.RedisCellsFilter;
import org.bloomery.redis.RedisFilters;
import org.bloomery.redis.RedisScalableFilter;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.Protocol;

/**
 * One fixed workload of a shared filter against a running server, which it then shuts down, so
 * that the server's instruction count (run.sh runs it under cachegrind) is the workload's cost on
 * the server: arguments port, kind (classic, counting or scalable) and phase: batchAdd and
 * batchQuery (5 batches of the same 20,000 random longs), add and query (2,000 single calls), or
 * none (the fixed cost of starting, opening and stopping). It uses only API that earlier releases
 * have too, so one build of it runs against the comparison jar of any version.
 */
public class CheckCost {
    public static void main(String[] args) {
        int port = Integer.parseInt(args[0]);
        String kind = args[1];
        String phase = args[2];
        long[] hashes = new SplittableRandom(7).longs(20_000).toArray();
        try (JedisPooled client = new JedisPooled("127.0.0.1", port)) {
            FilterSpec spec = FilterSpec.of(hashes.length, 0.01).withOption("timeoutMillis", "600000");
            MembershipFilter<Long> filter = switch (kind) {
                case "classic" -> RedisFilters.classic(client, "cost", spec, KeyHasher.longs());
                case "counting" -> RedisFilters.counting(client, "cost", spec, KeyHasher.longs());
                default -> RedisFilters.scalable(client, "cost", spec, KeyHasher.longs());
            };
            for (int round = 0; round < (phase.startsWith("batch") ? 5 : 1); round++) {
                switch (phase) {
                    case "batchAdd" -> {
                        if (filter instanceof RedisCellsFilter<Long> cells) {
                            cells.addAllHashes(hashes);
                        } else {
                            ((RedisScalableFilter<Long>) filter).addAllHashes(hashes);
                        }
                    }
                    case "batchQuery" -> {
                        if (filter instanceof RedisCellsFilter<Long> cells) {
                            cells.mightContainAllHashes(hashes);
                        } else {
                            ((RedisScalableFilter<Long>) filter).mightContainAllHashes(hashes);
                        }
                    }
                    case "add" -> {
                        for (int i = 0; i < 2_000; i++) {
                            filter.addHash(hashes[i]);
                        }
                    }
                    case "query" -> {
                        for (int i = 0; i < 2_000; i++) {
                            filter.mightContainHash(hashes[i]);
                        }
                    }
                    default -> {
                    }
                }
            }
            client.sendCommand(Protocol.Command.SHUTDOWN, "NOSAVE");
        } catch (redis.clients.jedis.exceptions.JedisConnectionException shutDown) {
            // SHUTDOWN closes the connection: the run is over.
        }
    }
}
