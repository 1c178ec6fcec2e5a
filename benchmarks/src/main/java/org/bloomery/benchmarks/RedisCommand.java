package org.bloomery.benchmarks;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.bloomery.benchmarks.redis.RedisComparison;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code redis}: the shared-filter workload alone. Runs Bloomery's {@code redis-classic} and {@code
 * redis-counting} and Redisson's {@code RBloomFilter} on identical keys against one Redis server
 * (an embedded {@code redis-server} started for the run, unless {@code --redis-uri} names one), and
 * the growth row ({@code redis-scalable} against the in-process {@code scalable} kind), and prints
 * their Markdown tables. The default comparison runs the same workload with fewer keys.
 */
@Command(name = "redis", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compares Bloomery's shared Redis kinds with Redisson's RBloomFilter on identical keys:"
                + " adds and queries per second with 1 and T client threads, batched, removes, commands per"
                + " operation (INFO commandstats), bytes in Redis (STRLEN, MEMORY USAGE), measured fpp and"
                + " false negatives. Starts an embedded redis-server unless --redis-uri is given.",
            "Throughput is timed around whole phases over loopback: a report figure, not a micro-benchmark."})
final class RedisCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--redis-uri", paramLabel = "URI",
            description = "The server to run against, e.g. redis://127.0.0.1:6379 (default: an embedded"
                    + " redis-server on a free loopback port). Every key the run writes is deleted afterwards.")
    private String redisUri;

    @Option(names = "--n", paramLabel = "N", defaultValue = "100000",
            description = "Keys per contestant (default: ${DEFAULT-VALUE}).")
    private int n;

    @Option(names = "--fpp", paramLabel = "P", defaultValue = "0.01",
            description = "Target false-positive probability, in (0, 1) (default: ${DEFAULT-VALUE}).")
    private double fpp;

    @Option(names = "--threads", paramLabel = "T", defaultValue = "8",
            description = "Client threads of the multi-threaded phases, in [2, 64] (default: ${DEFAULT-VALUE}).")
    private int threads;

    @Option(names = "--batch", paramLabel = "B", defaultValue = "1000",
            description = "Keys per batch, in [1, 100000] (default: ${DEFAULT-VALUE}).")
    private int batch;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Key seed (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Override
    public Integer call() throws Exception {
        if (n < 1000 || n > 100_000_000) {
            throw bad("--n must be in [1000, 100000000], got " + n);
        }
        if (!(fpp > 0 && fpp < 1)) {
            throw bad("--fpp must be in (0, 1), got " + fpp);
        }
        if (threads < 2 || threads > 64) {
            throw bad("--threads must be in [2, 64], got " + threads);
        }
        if (batch < 1 || batch > 100_000) {
            throw bad("--batch must be in [1, 100000], got " + batch);
        }
        RedisComparison.Settings settings = new RedisComparison.Settings(n, fpp, threads, batch, seed);
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter out = spec.commandLine().getOut();
        out.print(RedisComparison.markdown(RedisComparison.run(redisUri, settings, err)));
        out.flush();
        return 0;
    }

    private ParameterException bad(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
