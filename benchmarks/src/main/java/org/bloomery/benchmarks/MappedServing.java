package org.bloomery.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.Reference;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MappedFilter;
import org.bloomery.api.MembershipFilter;
import org.bloomery.benchmarks.keys.KeyGenerator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Serving a filter file of long keys from a mapping ({@link Filters#map}) against reading it into
 * the heap ({@link Filters#readFrom}), at sizes JMH cannot hold comfortably. The file is one that
 * {@link HugeBuild} wrote ({@code --out}), whose keys are {@link KeyGenerator}'s present stream with
 * seed 42, so the queries here know which keys were added:
 * <pre>
 * java -Xmx20g -cp benchmarks/target/benchmarks.jar org.bloomery.benchmarks.HugeBuild --keys 1000000000 \
 *     --layouts sectored --threads 2 --repeats 1 --out /tmp/huge.blmf
 * java -cp benchmarks/target/benchmarks.jar org.bloomery.benchmarks.MappedServing open /tmp/huge.blmf
 * java -Xmx4g -cp benchmarks/target/benchmarks.jar org.bloomery.benchmarks.MappedServing compare /tmp/huge.blmf
 * java -Xmx256m -cp benchmarks/target/benchmarks.jar org.bloomery.benchmarks.MappedServing compare --mapped-only /tmp/big.blmf
 * java -cp benchmarks/target/benchmarks.jar org.bloomery.benchmarks.MappedServing verify /tmp/huge.blmf
 * benchmarks/tools/mapped-pss/run.sh /tmp/huge.blmf
 * </pre>
 * <ul>
 *   <li>{@code open}: the wall time and the bytes the thread allocated to map the file and answer one
 *       query, over {@code --repeats} opens (the page cache warm after the first).</li>
 *   <li>{@code compare}: the same present and absent keys, one at a time ({@code mightContainLong})
 *       and in batches of {@value HugeBuild#BATCH} (hashing, then {@code mightContainHashes}), on the
 *       mapped filter and on its heap copy in turns, {@code --rounds} times; every present key must
 *       answer true and both must answer alike. With {@code --mapped-only} the heap copy is not made
 *       (a file larger than the heap).</li>
 *   <li>{@code verify}: {@link MappedFilter#verify} of the whole file, against a plain sequential read
 *       of it (1 MiB reads into a direct buffer): MB/s of each, best of {@code --repeats}.</li>
 *   <li>{@code hold}: maps the file (or with {@code --heap} reads it), reads all of it once, prints
 *       {@code ready PID} and waits until its input closes: the PSS tool starts several and reads their
 *       proportional set sizes.</li>
 * </ul>
 */
@Command(name = "mapped-serving", mixinStandardHelpOptions = true,
        subcommands = {MappedServing.Open.class, MappedServing.Compare.class, MappedServing.Verify.class,
            MappedServing.Hold.class},
        description = "Serves a filter file of long keys from a mapping against a heap copy.")
public final class MappedServing {
    private static final long SEED = 42;

    private MappedServing() {
    }

    /**
     * Runs the command line.
     *
     * @param args a subcommand and its options; {@code --help} lists them
     */
    public static void main(String[] args) {
        System.exit(new CommandLine(new MappedServing()).execute(args));
    }

    /** The bytes this thread has allocated so far (HotSpot's count). */
    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    private static MappedFilter<Long> map(Path file) throws IOException {
        return Filters.map(file, KeyHasher.longs());
    }

    /** Opens the file, {@code --repeats} times. */
    @Command(name = "open", description = "Times mapping the file and its first query, and counts the heap it takes.")
    static final class Open implements Callable<Integer> {
        @Parameters(paramLabel = "FILE", description = "a filter file of long keys")
        Path file;

        @Option(names = "--repeats", description = "opens (default ${DEFAULT-VALUE})")
        int repeats = 20;

        @Override
        public Integer call() throws IOException {
            double[] millis = new double[repeats];
            long[] bytes = new long[repeats];
            for (int r = 0; r < repeats; r++) {
                long before = allocated();
                long start = System.nanoTime();
                try (MappedFilter<Long> filter = map(file)) {
                    filter.mightContainLong(new KeyGenerator(SEED).presentLong(0));
                    millis[r] = (System.nanoTime() - start) / 1e6;
                    bytes[r] = allocated() - before;
                }
            }
            double[] sorted = millis.clone();
            Arrays.sort(sorted);
            System.out.printf(Locale.ROOT, "%s, %,d bytes: open and one query %.3f ms (first), median %.3f ms,"
                    + " max %.3f ms over %d opens; heap allocated per open: first %,d bytes, max of the rest %,d%n",
                    file, Files.size(file), millis[0], sorted[repeats / 2], sorted[repeats - 1], repeats, bytes[0],
                    Arrays.stream(bytes, Math.min(1, repeats - 1), repeats).max().orElse(0));
            return 0;
        }
    }

    /** Queries the mapped filter and its heap copy in turns. */
    @Command(name = "compare", description = "Queries the mapped filter and its heap copy in turns.")
    static final class Compare implements Callable<Integer> {
        @Parameters(paramLabel = "FILE", description = "a filter file of long keys written by HugeBuild --out")
        Path file;

        @Option(names = "--queries", description = "present and absent keys queried, each (default ${DEFAULT-VALUE})")
        int queries = 2_000_000;

        @Option(names = "--rounds", description = "rounds of each (default ${DEFAULT-VALUE})")
        int rounds = 5;

        @Option(names = "--mapped-only", description = "do not make a heap copy (a file larger than the heap)")
        boolean mappedOnly;

        @Override
        public Integer call() throws IOException {
            try (MappedFilter<Long> mapped = map(file)) {
                long n = mapped.spec().expectedInsertions();
                KeyGenerator generator = new KeyGenerator(SEED);
                long[] present = new long[queries];
                long[] absent = new long[queries];
                for (int i = 0; i < queries; i++) {
                    present[i] = generator.presentLong(i * n / queries);
                    absent[i] = generator.absentLong(i);
                }
                MembershipFilter<Long> heap = null;
                if (!mappedOnly) {
                    long start = System.nanoTime();
                    try (InputStream in = Files.newInputStream(file)) {
                        heap = Filters.readFrom(new java.io.BufferedInputStream(in, 1 << 20), KeyHasher.longs());
                    }
                    System.out.printf(Locale.ROOT, "read into the heap in %.0f ms%n", (System.nanoTime() - start) / 1e6);
                }
                System.out.printf(Locale.ROOT, "%s, n = %,d, %,d present and %,d absent keys a round, max heap %,d MiB%n",
                        file, n, queries, queries, Runtime.getRuntime().maxMemory() >> 20);
                double[][] mappedTimes = new double[2][rounds];
                double[][] heapTimes = new double[2][rounds];
                long mappedBytes = 0;
                for (int r = 0; r < rounds; r++) {
                    long before = allocated();
                    long mappedAnswers = time(mapped, present, absent, mappedTimes, r);
                    mappedBytes += allocated() - before;
                    if (heap != null && time(heap, present, absent, heapTimes, r) != mappedAnswers) {
                        throw new IllegalStateException("the mapped filter and its heap copy answered differently");
                    }
                }
                // The batch helper's two arrays are allocated once per batch call of a whole key array.
                System.out.printf(Locale.ROOT, "  mapped queries allocated %,d bytes in all over %,d queries%n",
                        mappedBytes, 4L * queries * rounds);
                print("one at a time", mappedTimes[0], heap == null ? null : heapTimes[0]);
                print("batches of " + HugeBuild.BATCH, mappedTimes[1], heap == null ? null : heapTimes[1]);
            }
            return 0;
        }

        /** One round of single and batch queries; the positive answers, checked to hold every present key. */
        private long time(MembershipFilter<Long> filter, long[] present, long[] absent, double[][] times, int round) {
            long start = System.nanoTime();
            long found = 0;
            for (long key : present) {
                found += filter.mightContainLong(key) ? 1 : 0;
            }
            for (long key : absent) {
                found += filter.mightContainLong(key) ? 1 : 0;
            }
            times[0][round] = (System.nanoTime() - start) / (2.0 * queries);
            start = System.nanoTime();
            long presentFound = HugeBuild.batch(filter, present);
            long batchFound = presentFound + HugeBuild.batch(filter, absent);
            times[1][round] = (System.nanoTime() - start) / (2.0 * queries);
            if (presentFound != queries || batchFound != found) {
                throw new IllegalStateException("a present key answered false, or a batch answered otherwise than"
                        + " single queries");
            }
            return found;
        }

        private static void print(String how, double[] mapped, double[] heap) {
            double mappedMedian = median(mapped);
            if (heap == null) {
                System.out.printf(Locale.ROOT, "  %s: mapped %.1f ns per key (median; rounds %s)%n", how, mappedMedian,
                        Arrays.toString(rounded(mapped)));
                return;
            }
            double heapMedian = median(heap);
            System.out.printf(Locale.ROOT, "  %s: mapped %.1f ns, heap %.1f ns per key (medians), mapped ÷ heap %.3f;"
                    + " rounds mapped %s, heap %s%n", how, mappedMedian, heapMedian, mappedMedian / heapMedian,
                    Arrays.toString(rounded(mapped)), Arrays.toString(rounded(heap)));
        }
    }

    /** Verifies the whole file against a plain read of it. */
    @Command(name = "verify", description = "Times verify() of the whole file against a sequential read of it.")
    static final class Verify implements Callable<Integer> {
        @Parameters(paramLabel = "FILE", description = "a filter file")
        Path file;

        @Option(names = "--repeats", description = "runs of each; the best counts (default ${DEFAULT-VALUE})")
        int repeats = 3;

        @Override
        public Integer call() throws IOException {
            double size = Files.size(file);
            double bestVerify = Double.MAX_VALUE;
            double bestRead = Double.MAX_VALUE;
            for (int r = 0; r < repeats; r++) {
                long start = System.nanoTime();
                readAll(file);
                bestRead = Math.min(bestRead, System.nanoTime() - start);
                try (MappedFilter<Long> filter = map(file)) {
                    start = System.nanoTime();
                    filter.verify();
                    bestVerify = Math.min(bestVerify, System.nanoTime() - start);
                }
            }
            System.out.printf(Locale.ROOT, "%s, %,.0f bytes, %d processors: verify %.0f ms (%.0f MB/s), sequential read"
                    + " %.0f ms (%.0f MB/s), best of %d%n", file, size, Runtime.getRuntime().availableProcessors(),
                    bestVerify / 1e6, size / bestVerify * 1e3, bestRead / 1e6, size / bestRead * 1e3, repeats);
            return 0;
        }

        private static void readAll(Path file) throws IOException {
            ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20);
            try (FileChannel channel = FileChannel.open(file)) {
                while (channel.read(buffer) >= 0) {
                    buffer.clear();
                }
            }
        }
    }

    /** Holds the file mapped (or in the heap) until its input closes. */
    @Command(name = "hold", description = "Maps the file (or reads it into the heap), reads it all, and waits.")
    static final class Hold implements Callable<Integer> {
        @Parameters(paramLabel = "FILE", description = "a filter file")
        Path file;

        @Option(names = "--heap", description = "read the file into the heap instead of mapping it")
        boolean heap;

        @Override
        public Integer call() throws IOException {
            MembershipFilter<Long> filter;
            if (heap) {
                try (InputStream in = Files.newInputStream(file)) {
                    filter = Filters.readFrom(new java.io.BufferedInputStream(in, 1 << 20), KeyHasher.longs());
                }
            } else {
                MappedFilter<Long> mapped = map(file);
                // Reads every page once, so each is in this process's mapping as a busy server's would be.
                mapped.verify();
                filter = mapped;
            }
            System.out.println("ready " + ProcessHandle.current().pid());
            System.out.flush();
            while (System.in.read() >= 0) {
                // Wait for the tool to close the input.
            }
            Reference.reachabilityFence(filter);
            return 0;
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static double[] rounded(double[] values) {
        return Arrays.stream(values).map(v -> Math.round(v * 10) / 10.0).toArray();
    }
}
