package org.bloomery.benchmarks;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
import org.bloomery.benchmarks.stats.Proportion;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Builds and queries one very large classic filter of long keys, for the 10^9-key run that JMH
 * cannot hold comfortably:
 * <pre>java -Xmx20g -cp benchmarks/target/benchmarks.jar org.bloomery.benchmarks.HugeBuild --keys 1000000000</pre>
 * For each layout and thread count it fills one {@code long[]} with n seeded keys ({@link
 * KeyGenerator}, seed 42: key i of the present stream; untimed, in parallel), then times the build
 * by the wall clock: hashing the keys in place ({@link KeyHasher#hashLong}, the long hasher's
 * function) and {@link Filters#buildFromHashes}, both in a fork/join pool of that many threads, the
 * best of {@code --repeats} builds. It then queries the last filter built with {@code --queries}
 * present keys (spread over the n) and as many absent keys (never inserted), one at a time through
 * {@code mightContainLong} and in batches of {@value #BATCH} (hashing, then {@code
 * mightContainHashes}), and prints ns per query, the measured fpp over the absent keys with its 95%
 * Wilson interval, the bits per item and the JVM's maximum heap. A present key that answers false is
 * a bug, and stops the run. The memory needed is the key array (8 bytes a key), the filter (about
 * 10.2 bits a key at 1%) and two query arrays; at 10^9 keys about 9.5 GB. With {@code --out} the last
 * filter built is written to a file, which {@link MappedServing} serves.
 */
@Command(name = "huge-build", mixinStandardHelpOptions = true,
        description = "Builds and queries one very large classic filter of long keys.")
public final class HugeBuild implements Callable<Integer> {
    /** Keys per batch query. */
    static final int BATCH = 1024;
    private static final long SEED = 42;

    @Option(names = "--keys", description = "n, the keys to build from (default ${DEFAULT-VALUE})")
    long keys = 1_000_000;

    @Option(names = "--fpp", description = "target false-positive probability (default ${DEFAULT-VALUE})")
    double fpp = 0.01;

    @Option(names = "--layouts", split = ",", description = "layouts to build (default ${DEFAULT-VALUE})")
    List<String> layouts = List.of(BloomLayout.PATTERNED.optionValue(), BloomLayout.SECTORED.optionValue(),
            BloomLayout.BLOCKED.optionValue());

    @Option(names = "--threads", split = ",", description = "thread counts to build with (default ${DEFAULT-VALUE})")
    List<Integer> threads = List.of(1, 2);

    @Option(names = "--repeats", description = "builds of each layout and thread count; the best counts (default ${DEFAULT-VALUE})")
    int repeats = 3;

    @Option(names = "--queries", description = "present and absent keys queried, each (default ${DEFAULT-VALUE})")
    int queries = 10_000_000;

    @Option(names = "--out", description = "writes the last filter built to this file (for MappedServing)")
    Path out;

    /**
     * Runs the command line.
     *
     * @param args the options; {@code --help} lists them
     */
    public static void main(String[] args) {
        System.exit(new CommandLine(new HugeBuild()).execute(args));
    }

    @Override
    public Integer call() throws IOException {
        if (keys < 1 || keys > Integer.MAX_VALUE - 8) {
            throw new CommandLine.ParameterException(new CommandLine(this),
                    "--keys must be in [1, " + (Integer.MAX_VALUE - 8) + "], got " + keys);
        }
        int n = (int) keys;
        KeyGenerator generator = new KeyGenerator(SEED);
        System.out.printf(Locale.ROOT, "n = %,d long keys, p = %s, max heap %,d MiB, %d processors%n",
                n, fpp, Runtime.getRuntime().maxMemory() >> 20, Runtime.getRuntime().availableProcessors());
        long[] data = new long[n];
        for (String layout : layouts) {
            FilterSpec spec = FilterSpec.of(n, fpp).withOption(BloomLayout.OPTION, layout);
            MembershipFilter<Long> filter = null;
            for (int t : threads) {
                ForkJoinPool pool = new ForkJoinPool(t);
                try {
                    long bestHash = Long.MAX_VALUE;
                    long bestBuild = Long.MAX_VALUE;
                    for (int r = 0; r < repeats; r++) {
                        filter = null;
                        pool.submit(() -> IntStream.range(0, n).parallel().forEach(i -> data[i] = generator.presentLong(i)))
                                .join();
                        long start = System.nanoTime();
                        pool.submit(() -> IntStream.range(0, n).parallel().forEach(i -> data[i] = KeyHasher.hashLong(data[i])))
                                .join();
                        long hashed = System.nanoTime();
                        filter = pool.submit(() -> Filters.buildFromHashes(ClassicProvider.KIND, spec, KeyHasher.longs(), data))
                                .join();
                        long built = System.nanoTime();
                        bestHash = Math.min(bestHash, hashed - start);
                        bestBuild = Math.min(bestBuild, built - hashed);
                    }
                    System.out.printf(Locale.ROOT, "%-9s %d thread(s): build %.3f s (hashing %.3f s + bulk build %.3f s,"
                            + " best of %d), %.1f ns per key%n", layout, t, (bestHash + bestBuild) / 1e9, bestHash / 1e9,
                            bestBuild / 1e9, repeats, (double) (bestHash + bestBuild) / n);
                } finally {
                    pool.shutdown();
                }
            }
            if (filter != null) {
                query(layout, filter, generator, n);
                if (out != null) {
                    write(filter, out);
                }
            }
        }
        return 0;
    }

    /** Queries one filter one key at a time and in batches, and prints the times, the fpp and the size. */
    private void query(String layout, MembershipFilter<Long> filter, KeyGenerator generator, int n) {
        long[] present = new long[queries];
        long[] absent = new long[queries];
        // Present key i * n / queries: spread over the whole set, so every part of the filter is asked.
        for (int i = 0; i < queries; i++) {
            present[i] = generator.presentLong((long) i * n / queries);
            absent[i] = generator.absentLong(i);
        }
        List<String> rows = new ArrayList<>();
        long start = System.nanoTime();
        long found = 0;
        for (long key : present) {
            found += filter.mightContainLong(key) ? 1 : 0;
        }
        long presentOne = System.nanoTime() - start;
        requireAll(found, "one at a time");
        start = System.nanoTime();
        long positives = 0;
        for (long key : absent) {
            positives += filter.mightContainLong(key) ? 1 : 0;
        }
        long absentOne = System.nanoTime() - start;
        start = System.nanoTime();
        found = batch(filter, present);
        long presentBatch = System.nanoTime() - start;
        requireAll(found, "in batches");
        start = System.nanoTime();
        long batchPositives = batch(filter, absent);
        long absentBatch = System.nanoTime() - start;
        if (batchPositives != positives) {
            throw new IllegalStateException("batch queries found " + batchPositives + " false positives, single ones "
                    + positives);
        }
        Proportion measured = new Proportion(positives, queries);
        rows.add(String.format(Locale.ROOT, "  query one at a time: present %.1f ns, absent %.1f ns",
                (double) presentOne / queries, (double) absentOne / queries));
        rows.add(String.format(Locale.ROOT, "  query in batches of %d: present %.1f ns, absent %.1f ns per key",
                BATCH, (double) presentBatch / queries, (double) absentBatch / queries));
        rows.add(String.format(Locale.ROOT, "  fpp %.4f%% over %,d absent keys (95%% interval %.4f%% to %.4f%%),"
                + " %.2f bits per item, filter %,.1f MiB", 100 * measured.rate(), queries, 100 * measured.low(),
                100 * measured.high(), (double) filter.bitSize() / n, filter.bitSize() / 8.0 / (1 << 20)));
        System.out.println(layout + ", the last filter built:");
        rows.forEach(System.out::println);
    }

    private static void write(MembershipFilter<Long> filter, Path file) throws IOException {
        long start = System.nanoTime();
        try (OutputStream stream = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
            filter.writeTo(stream);
        }
        System.out.printf(Locale.ROOT, "  written to %s, %,d bytes, in %.1f s%n", file, Files.size(file),
                (System.nanoTime() - start) / 1e9);
    }

    private void requireAll(long found, String how) {
        if (found != queries) {
            throw new IllegalStateException((queries - found) + " present keys answered false " + how);
        }
    }

    /** The keys' positive answers, asked {@value #BATCH} at a time. */
    static long batch(MembershipFilter<Long> filter, long[] keys) {
        long[] hashes = new long[BATCH];
        boolean[] answers = new boolean[BATCH];
        long positives = 0;
        for (int from = 0; from < keys.length; from += BATCH) {
            int size = Math.min(BATCH, keys.length - from);
            for (int i = 0; i < size; i++) {
                hashes[i] = KeyHasher.hashLong(keys[from + i]);
            }
            filter.mightContainHashes(hashes, 0, size, answers);
            for (int i = 0; i < size; i++) {
                positives += answers[i] ? 1 : 0;
            }
        }
        return positives;
    }
}
