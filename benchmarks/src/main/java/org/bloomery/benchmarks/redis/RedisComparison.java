package org.bloomery.benchmarks.redis;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntPredicate;
import org.bloomery.benchmarks.keys.KeyGenerator;
import org.bloomery.benchmarks.stats.Proportion;
import org.bloomery.redis.RedisClassicProvider;
import org.bloomery.redis.RedisCountingProvider;
import org.bloomery.redisserver.RedisServerProcess;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.Protocol;

/**
 * The {@code redis} workload: each contestant gets a fresh filter sized for n on one server and
 * the identical keys. Phases, each timed whole: n/2 adds on one client thread, the other n/2 on
 * {@code threads} threads; n/2 present queries on one thread, n on {@code threads}; n absent queries
 * on {@code threads} threads (the measured fpp); every present and absent key queried again in
 * batches; removes of n/4 keys on one thread and n/4 on {@code threads} (kinds that remove); n adds
 * in batches into a second fresh filter. Commands per operation come from the server's {@code INFO
 * commandstats} around the single-thread phases. An untimed pass of every operation on a scratch
 * filter comes first, so the phases time warmed-up code over open connections.
 */
public final class RedisComparison {
    /**
     * What to run.
     *
     * @param n keys per contestant
     * @param fpp target false-positive probability
     * @param threads client threads of the multi-threaded phases
     * @param batch keys per batch
     * @param seed key seed
     */
    public record Settings(int n, double fpp, int threads, int batch, long seed) {
    }

    /**
     * One contestant's figures; rates in operations per second, NaN where a phase did not run.
     *
     * @param contestant the name
     * @param add1 adds on one thread
     * @param addN adds on {@code threads} threads
     * @param query1 present queries on one thread
     * @param queryN present queries on {@code threads} threads
     * @param batchAdd adds in batches, one thread
     * @param batchQuery queries in batches, one thread
     * @param remove1 removes on one thread
     * @param removeN removes on {@code threads} threads
     * @param dataBytes bytes of the filter's strings ({@code STRLEN})
     * @param memoryBytes bytes Redis reports for the filter's keys ({@code MEMORY USAGE})
     * @param bitBytes the filter's bits as the library reports them, in bytes
     * @param fpp false positives among the n absent keys
     * @param falseNegatives present queries that answered absent (must be 0)
     * @param commandsPerAdd server commands per single add
     * @param commandsPerQuery server commands per single query
     */
    public record Row(String contestant, double add1, double addN, double query1, double queryN, double batchAdd,
            double batchQuery, double remove1, double removeN, long dataBytes, long memoryBytes, long bitBytes,
            Proportion fpp, long falseNegatives, double commandsPerAdd, double commandsPerQuery) {
    }

    /** Builds one contestant's filter under a name. */
    @FunctionalInterface
    private interface Opener {
        SharedContestant open(String uri, String name);
    }

    /** Keys of the untimed warm-up pass on a scratch filter. */
    private static final int WARM_UP_KEYS = 10_000;
    /** The contestants that run every phase (redis-classic, redis-counting, redisson). */
    private static final int CONTESTANTS = 3;
    /**
     * Seconds of the parts of a run taken as fixed (starting the server, the growth rows), and
     * milliseconds per key of one contestant (its warm-up and its phases, each key added and
     * queried several times), for {@link #expectedSeconds}. Calibrated as the comparison's own
     * costs are (see {@code RunEstimate}): this workload's share of the CPU time of one default run
     * (n = 2,000), scaled to a quiet machine.
     */
    private static final double FIXED_SECONDS = 1.4;
    private static final double MILLIS_PER_KEY = 0.31;

    private RedisComparison() {
    }

    /**
     * How long {@link #run} should take on a quiet 2-core machine with an embedded server.
     *
     * @param settings what would run
     * @return seconds, roughly
     */
    public static double expectedSeconds(Settings settings) {
        return FIXED_SECONDS + MILLIS_PER_KEY / 1e3 * CONTESTANTS * (Math.min(settings.n(), WARM_UP_KEYS) + settings.n());
    }

    /**
     * Runs the workload.
     *
     * @param redisUri the server, or null to start an embedded one for the run
     * @param settings what to run
     * @param progress where to report progress
     * @return one row per contestant (redis-classic, redis-counting, redisson) and the growth rows
     *     (redis-scalable, scalable)
     * @throws IllegalStateException if no redis-server binary can be found or started, saying how to provide one
     */
    public static SharedRun run(String redisUri, Settings settings, PrintWriter progress) {
        RedisServerProcess embedded = redisUri == null ? RedisServerProcess.start() : null;
        String uri = redisUri != null ? redisUri : embedded.uri();
        try (JedisPooled admin = new JedisPooled(java.net.URI.create(uri))) {
            List<Row> rows = new ArrayList<>();
            List<Opener> openers = List.of(
                    (u, name) -> BloomeryShared.open(RedisClassicProvider.KIND, u, name, settings.n(), settings.fpp()),
                    (u, name) -> BloomeryShared.open(RedisCountingProvider.KIND, u, name, settings.n(), settings.fpp()),
                    (u, name) -> RedissonShared.open(u, name, settings.n(), settings.fpp(), settings.threads()));
            int index = 0;
            for (Opener opener : openers) {
                rows.add(runOne(opener, uri, "bloomery-compare-" + index++, admin, settings, progress));
            }
            progress.printf("redis workload: growth%n");
            progress.flush();
            List<GrowthRow> growth = List.of(Growth.shared(uri, "bloomery-compare-growth", settings),
                    Growth.local(settings));
            return new SharedRun(settings, redisUri == null ? "embedded redis-server on loopback"
                    : "the server of --redis-uri", rows, growth);
        } finally {
            if (embedded != null) {
                embedded.close();
            }
        }
    }

    private static Row runOne(Opener opener, String uri, String name, JedisPooled admin, Settings s,
            PrintWriter progress) {
        KeyGenerator keys = new KeyGenerator(s.seed());
        int n = s.n();
        int half = n / 2;
        warmUp(opener, uri, name + "-warm-up", keys, s);
        try (SharedContestant c = opener.open(uri, name)) {
            progress.printf("redis workload: %s%n", c.name());
            progress.flush();
            long commands = commands(admin);
            double add1 = rate(half, timed(() -> range(0, half, i -> c.add(keys.presentString(i)))));
            double commandsPerAdd = (commands(admin) - commands) / (double) half;
            double addN = rate(n - half, parallel(s.threads(), half, n, i -> c.add(keys.presentString(i))));
            AtomicLong falseNegatives = new AtomicLong();
            commands = commands(admin);
            double query1 = rate(half, timed(() -> range(0, half, i -> count(falseNegatives,
                    !c.mightContain(keys.presentString(i))))));
            double commandsPerQuery = (commands(admin) - commands) / (double) half;
            double queryN = rate(n, parallel(s.threads(), 0, n, i -> count(falseNegatives,
                    !c.mightContain(keys.presentString(i)))));
            AtomicLong falsePositives = new AtomicLong();
            parallel(s.threads(), 0, n, i -> count(falsePositives, c.mightContain(keys.absentString(i))));
            long[] batched = new long[2];
            double batchQuery = rate(2L * n, timed(() -> {
                for (int from = 0; from < n; from += s.batch()) {
                    int to = Math.min(n, from + s.batch());
                    batched[0] += c.countContained(strings(keys, from, to, true));
                    batched[1] += c.countContained(strings(keys, from, to, false));
                }
            }));
            falseNegatives.addAndGet(n - batched[0]);
            long dataBytes = 0;
            long memoryBytes = 0;
            for (String key : c.keys()) {
                memoryBytes += memoryUsage(admin, key);
                if ("string".equals(admin.type(key))) {
                    dataBytes += admin.strlen(key);
                }
            }
            double remove1 = Double.NaN;
            double removeN = Double.NaN;
            if (c.removes()) {
                int quarter = n / 4;
                remove1 = rate(quarter, timed(() -> range(0, quarter, i -> c.remove(keys.presentString(i)))));
                removeN = rate(half - quarter, parallel(s.threads(), quarter, half, i -> c.remove(keys.presentString(i))));
            }
            double batchAdd;
            try (SharedContestant fresh = opener.open(uri, name + "-batch")) {
                batchAdd = rate(n, timed(() -> {
                    for (int from = 0; from < n; from += s.batch()) {
                        fresh.addAll(strings(keys, from, Math.min(n, from + s.batch()), true));
                    }
                }));
            }
            return new Row(c.name(), add1, addN, query1, queryN, batchAdd, batchQuery, remove1, removeN, dataBytes,
                    memoryBytes, c.bitSize() / 8, new Proportion(falsePositives.get(), n), falseNegatives.get(), commandsPerAdd,
                    commandsPerQuery);
        }
    }

    /**
     * Runs every kind of operation a few thousand times on a scratch filter first, so that the
     * timed phases measure warmed-up code and open connections rather than class loading and JIT.
     */
    private static void warmUp(Opener opener, String uri, String name, KeyGenerator keys, Settings s) {
        int count = Math.min(s.n(), WARM_UP_KEYS);
        try (SharedContestant c = opener.open(uri, name)) {
            parallel(s.threads(), 0, count, i -> c.add(keys.absentString(i)));
            parallel(s.threads(), 0, count, i -> c.mightContain(keys.absentString(i)));
            if (c.removes()) {
                range(0, count / 2, i -> c.remove(keys.absentString(i)));
            }
            for (int from = 0; from < count; from += s.batch()) {
                List<String> batch = strings(keys, from, Math.min(count, from + s.batch()), false);
                c.addAll(batch);
                c.countContained(batch);
            }
        }
    }

    private static boolean count(AtomicLong counter, boolean event) {
        if (event) {
            counter.incrementAndGet();
        }
        return event;
    }

    private static List<String> strings(KeyGenerator keys, int from, int to, boolean present) {
        List<String> list = new ArrayList<>(to - from);
        for (int i = from; i < to; i++) {
            list.add(present ? keys.presentString(i) : keys.absentString(i));
        }
        return list;
    }

    private static void range(int from, int to, IntPredicate operation) {
        for (int i = from; i < to; i++) {
            operation.test(i);
        }
    }

    private static long timed(Runnable phase) {
        long start = System.nanoTime();
        phase.run();
        return System.nanoTime() - start;
    }

    /** Runs {@code [from, to)} split over the threads, started together; the nanoseconds taken. */
    private static long parallel(int threads, int from, int to, IntPredicate operation) {
        CountDownLatch start = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int lo = from + (int) ((long) (to - from) * t / threads);
            int hi = from + (int) ((long) (to - from) * (t + 1) / threads);
            Thread worker = new Thread(() -> {
                try {
                    start.await();
                    range(lo, hi, operation);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (RuntimeException e) {
                    failure.compareAndSet(null, e);
                }
            });
            worker.start();
            workers.add(worker);
        }
        long begin = System.nanoTime();
        start.countDown();
        for (Thread worker : workers) {
            try {
                worker.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
        long nanos = System.nanoTime() - begin;
        if (failure.get() != null) {
            throw new IllegalStateException("a client thread failed: " + failure.get(), failure.get());
        }
        return nanos;
    }

    private static double rate(long operations, long nanos) {
        return operations * 1e9 / Math.max(1, nanos);
    }

    /** Commands the server has run, from {@code INFO commandstats}, not counting INFO itself. */
    private static long commands(JedisPooled admin) {
        long total = 0;
        String stats = new String((byte[]) admin.sendCommand(Protocol.Command.INFO, "commandstats"),
                java.nio.charset.StandardCharsets.UTF_8);
        for (String line : stats.split("\r?\n")) {
            if (line.startsWith("cmdstat_") && !line.startsWith("cmdstat_info:")) {
                int calls = line.indexOf("calls=");
                int end = line.indexOf(',', calls);
                total += Long.parseLong(line.substring(calls + 6, end));
            }
        }
        return total;
    }

    private static long memoryUsage(JedisPooled admin, String key) {
        Long bytes = admin.memoryUsage(key);
        return bytes == null ? 0 : bytes;
    }

    /**
     * The report section: the table of the shared kinds against Redisson, then the growth table.
     *
     * @param run the figures
     * @return Markdown
     */
    public static String markdown(SharedRun run) {
        StringBuilder out = new StringBuilder();
        for (SharedRun.Table table : run.tables()) {
            out.append("#### ").append(table.title()).append("\n\n|");
            for (String header : table.headers()) {
                out.append(' ').append(header).append(" |");
            }
            out.append("\n|");
            for (String header : table.headers()) {
                out.append(SharedRun.isText(header) ? "---|" : "---:|");
            }
            out.append('\n');
            for (List<String> row : table.rows()) {
                out.append('|');
                row.forEach(cell -> out.append(' ').append(cell).append(" |"));
                out.append('\n');
            }
            out.append('\n');
        }
        return out.toString();
    }

    static String ops(double rate) {
        return Double.isNaN(rate) ? "–" : String.format(Locale.ROOT, "%,.0f", rate);
    }
}
