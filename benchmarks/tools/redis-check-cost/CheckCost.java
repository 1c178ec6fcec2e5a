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
 * have too, so one build of it runs against the comparison jar of any version. An optional fourth
 * argument adds options to the filter's spec, e.g. {@code minReplicas=1} (for a version that has
 * them): then it first waits until a replica is online, which run.sh starts with REPLICA=yes.
 */
public class CheckCost {
    public static void main(String[] args) throws InterruptedException {
        int port = Integer.parseInt(args[0]);
        String kind = args[1];
        String phase = args[2];
        long[] hashes = new SplittableRandom(7).longs(20_000).toArray();
        try (JedisPooled client = new JedisPooled("127.0.0.1", port)) {
            FilterSpec spec = FilterSpec.of(hashes.length, 0.01).withOption("timeoutMillis", "600000");
            if (args.length > 3) {
                for (String option : args[3].split(",")) {
                    spec = spec.withOption(option.substring(0, option.indexOf('=')),
                            option.substring(option.indexOf('=') + 1));
                }
                awaitReplica(client);
            }
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

    /** Waits until the server has a replica online, so that {@code WAIT} is answered by it. */
    private static void awaitReplica(JedisPooled client) throws InterruptedException {
        for (int attempt = 0; attempt < 600; attempt++) {
            String info = new String((byte[]) client.sendCommand(Protocol.Command.INFO, "replication"),
                    java.nio.charset.StandardCharsets.UTF_8);
            if (info.contains("state=online")) {
                return;
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("no replica came online");
    }
}
