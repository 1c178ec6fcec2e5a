package org.bloomery.benchmarks;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.IntStream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.bloom.BloomLayout;
import org.bloomery.classic.ClassicProvider;
import org.bloomery.benchmarks.keys.KeyGenerator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * How much faster a bulk build of a classic filter runs on several threads than on one, measured as
 * ratios of paired builds in one JVM:
 * <pre>java -Xmx6g -cp benchmarks/target/benchmarks.jar org.bloomery.benchmarks.BuildScaling</pre>
 * JMH's {@code BulkBuildBenchmark} measures one thread and two in runs minutes apart, and on a
 * shared virtual machine the speed of the host moves by more than the ratio sought between them.
 * Here each pair is one build on a fork/join pool of one thread and one on a pool of {@code
 * --threads}, back to back (the order alternating from pair to pair), so both see the same moment of
 * the host, and the report gives the median and quartiles of the pairs' ratios. A build is what the
 * benchmark times: the n seeded keys ({@link KeyGenerator}, seed 42) hashed into an array in the
 * pool, then {@link Filters#buildFromHashes}. Beside each layout's pairs it pairs a yardstick the
 * same way: the hashing alone, which shares nothing between threads but the memory, so its ratio is
 * what the cores gave at that time.
 */
@Command(name = "build-scaling", mixinStandardHelpOptions = true,
        description = "Pairs one-thread and many-thread bulk builds of a classic filter and reports their ratios.")
public final class BuildScaling implements Callable<Integer> {
    private static final long SEED = 42;
    /** Pairs run before the measured ones, while the JIT compiles the build. */
    private static final int WARM_UP_PAIRS = 5;

    @Option(names = "--keys", description = "n, the keys of each build (default ${DEFAULT-VALUE})")
    int keys = 10_000_000;

    @Option(names = "--fpp", description = "target false-positive probability (default ${DEFAULT-VALUE})")
    double fpp = 0.01;

    @Option(names = "--layouts", split = ",", description = "layouts to build (default ${DEFAULT-VALUE})")
    List<String> layouts = List.of(BloomLayout.SECTORED.optionValue(), BloomLayout.BLOCKED.optionValue());

    @Option(names = "--threads", description = "the threads paired against one (default ${DEFAULT-VALUE})")
    int threads = 2;

    @Option(names = "--pairs", description = "measured pairs per layout, after 5 unmeasured ones (default ${DEFAULT-VALUE})")
    int pairs = 30;

    /**
     * Runs the command line.
     *
     * @param args the options; {@code --help} lists them
     */
    public static void main(String[] args) {
        System.exit(new CommandLine(new BuildScaling()).execute(args));
    }

    @Override
    public Integer call() {
        if (keys < 1 || threads < 2 || pairs < 1) {
            throw new CommandLine.ParameterException(new CommandLine(this),
                    "--keys and --pairs must be at least 1 and --threads at least 2, got " + keys + ", " + pairs
                            + " and " + threads);
        }
        KeyGenerator generator = new KeyGenerator(SEED);
        long[] data = new long[keys];
        for (int i = 0; i < keys; i++) {
            data[i] = generator.presentLong(i);
        }
        long[] hashes = new long[keys];
        ForkJoinPool one = new ForkJoinPool(1);
        ForkJoinPool many = new ForkJoinPool(threads);
        try {
            System.out.printf(Locale.ROOT, "n = %,d long keys, p = %s, 1 thread against %d, %d pairs each (after %d unmeasured), "
                    + "%d processors%n", keys, fpp, threads, pairs, WARM_UP_PAIRS, Runtime.getRuntime().availableProcessors());
            pairUp("yardstick: hashing alone", one, many, pool -> hash(pool, data, hashes));
            for (String layout : layouts) {
                FilterSpec spec = FilterSpec.of(keys, fpp).withOption(BloomLayout.OPTION, layout);
                pairUp("classic, layout=" + layout, one, many, pool -> {
                    hash(pool, data, hashes);
                    MembershipFilter<Long> filter = pool.submit(
                            () -> Filters.buildFromHashes(ClassicProvider.KIND, spec, KeyHasher.longs(), hashes)).join();
                    if (!filter.mightContainLong(data[0])) {
                        throw new AssertionError("a key built into the filter answers false");
                    }
                });
            }
        } finally {
            one.shutdown();
            many.shutdown();
        }
        return 0;
    }

    /** One timed run in a pool. */
    @FunctionalInterface
    private interface Run {
        void in(ForkJoinPool pool);
    }

    /** Times pairs of runs on one thread and on many, alternating which goes first, and prints them. */
    private void pairUp(String what, ForkJoinPool one, ForkJoinPool many, Run run) {
        double[] alone = new double[pairs];
        double[] together = new double[pairs];
        double[] ratios = new double[pairs];
        for (int pair = -WARM_UP_PAIRS; pair < pairs; pair++) {
            boolean oneFirst = (pair & 1) == 0;
            double first = nsPerKey(run, oneFirst ? one : many);
            double second = nsPerKey(run, oneFirst ? many : one);
            if (pair >= 0) {
                alone[pair] = oneFirst ? first : second;
                together[pair] = oneFirst ? second : first;
                ratios[pair] = alone[pair] / together[pair];
            }
        }
        Arrays.sort(alone);
        Arrays.sort(together);
        Arrays.sort(ratios);
        System.out.printf(Locale.ROOT, "%-28s 1 thread %6.2f ns/key, %d threads %6.2f ns/key (medians); "
                        + "ratio of pairs: median %.2f, quartiles %.2f-%.2f%n",
                what, median(alone), threads, median(together), median(ratios), quantile(ratios, 0.25), quantile(ratios, 0.75));
    }

    private double nsPerKey(Run run, ForkJoinPool pool) {
        long start = System.nanoTime();
        run.in(pool);
        return (System.nanoTime() - start) / (double) keys;
    }

    /** The keys' hashes into {@code hashes}, in the pool (a parallel stream started there runs there). */
    private static void hash(ForkJoinPool pool, long[] data, long[] hashes) {
        pool.submit(() -> IntStream.range(0, data.length).parallel().forEach(i -> hashes[i] = KeyHasher.hashLong(data[i])))
                .join();
    }

    private static double median(double[] sorted) {
        return quantile(sorted, 0.5);
    }

    /** The q-quantile of sorted values, by linear interpolation between the nearest ranks. */
    private static double quantile(double[] sorted, double q) {
        double rank = q * (sorted.length - 1);
        int low = (int) Math.floor(rank);
        int high = Math.min(sorted.length - 1, low + 1);
        return sorted[low] + (rank - low) * (sorted[high] - sorted[low]);
    }
}
