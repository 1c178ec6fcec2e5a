package org.bloomery.bloom;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Spliterator;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.stream.LongStream;
import java.util.stream.StreamSupport;
import org.bloomery.api.spi.HeapBudget;

/**
 * Fills a new, not yet shared Bloom-family array (bits or counters) from a whole set of key hashes
 * with plain writes, on several threads when the set is large. The array's 64-bit words are split
 * into contiguous {@link Part parts}, one per thread, and each thread writes only the words of its
 * own part, so no word is written by two threads and no write needs to be atomic. A layout that
 * keeps every probe of a key in one aligned block ({@link BloomLayout#BLOCKED}, {@link
 * BloomLayout#SECTORED}, {@link BloomLayout#PATTERNED}) splits at block boundaries, and because a key's block is {@code
 * floor(hash * blocks / 2^64)}, the hash read as unsigned, a part's keys are a range of hashes that
 * one unsigned compare selects ({@link Part#holdsKey}); the standard layout, whose probes spread over
 * the whole array, has every thread compute every key's probes and write those that fall in its words
 * ({@link Part#holdsWord}).
 *
 * <p>Each thread writes through a {@link Writer} of its own that tallies what it changed, and the
 * tallies are added to the array's live counts at the end, on the calling thread, so the counts come
 * out exact. Because setting a bit and raising a saturating counter commute, the array is the same,
 * word for word, as adding the hashes one by one in any order.
 *
 * <p>Threads: the fork/join pool the caller runs in (all of its parallelism), or outside any pool
 * the calling thread and the common pool, as a parallel stream uses them. Fewer than {@value
 * #PARALLEL_MIN_HASHES} hashes, or an array too small to split, stay on the calling thread.
 */
public final class BulkBuild {
    /**
     * The fewest hashes spread over threads. A fork and join costs tens of microseconds, and each
     * thread reads every hash of a chunk; at 2^16 hashes the writes take milliseconds, so the
     * overhead is under a few percent.
     */
    public static final int PARALLEL_MIN_HASHES = 1 << 16;
    /** The most hashes of a sequential stream held at once (8 MiB). */
    static final int CHUNK = 1 << 20;
    /** Hashes a thread selects from a chunk before applying them: 32 KiB, in L1 or L2. */
    private static final int SLICE = 1 << 12;
    /** The first buffer for a sequential stream, doubled up to {@link #CHUNK}. */
    private static final int FIRST_BUFFER = 1 << 10;
    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(Long.SIZE);

    private BulkBuild() {
    }

    /** The array being filled: its size, how a key selects its words, and a writer per thread. */
    public interface Target {
        /**
         * The array's 64-bit words.
         *
         * @return a positive count, a multiple of {@link #blockWords()}
         */
        long words();

        /**
         * Whether every probe of a key lies in one aligned block of 8 words found by {@link
         * BlockedProbes#firstWord}, so that parts split at blocks and select whole keys.
         *
         * @return true for the blocked, sectored and patterned layouts, false for the standard one
         */
        boolean blocked();

        /**
         * A writer for one thread, which writes only the words of its part.
         *
         * @param part the words it owns
         * @return a new writer with empty tallies
         */
        Writer writer(Part part);
    }

    /** One thread's writes to its {@link Part}, with plain writes and tallies of its own. */
    public interface Writer {
        /**
         * Applies every hash of {@code hashes[from, to)} to the words of this writer's part. For a
         * {@link Target#blocked() blocked} target every key given lies in the part ({@link
         * Part#holdsKey}), and all its probes are written; otherwise only the probes whose word the
         * part {@link Part#holdsWord holds}.
         *
         * @param hashes key hashes
         * @param from first index, inclusive
         * @param to last index, exclusive
         */
        void apply(long[] hashes, int from, int to);

        /** Adds this writer's tallies to the array's live counts; called once, on the calling thread. */
        void commit();
    }

    /**
     * The words one thread owns, {@code [fromWord, toWord)}, and for a blocked target the hashes whose
     * block lies in them, {@code [firstHash, lastHash]} read as unsigned.
     *
     * @param fromWord the first word, inclusive
     * @param toWord the last word, exclusive
     * @param firstHash the least hash (unsigned) whose block lies in the part
     * @param lastHash the greatest hash (unsigned) whose block lies in the part
     */
    public record Part(long fromWord, long toWord, long firstHash, long lastHash) {
        /** The whole array of {@code words} words. */
        static Part whole(long words) {
            return new Part(0, words, 0, -1L);
        }

        /**
         * Whether a key's block lies in this part (blocked targets): one unsigned compare.
         *
         * @param hash the key hash
         * @return true if this part's thread writes the key
         */
        public boolean holdsKey(long hash) {
            return Long.compareUnsigned(hash - firstHash, lastHash - firstHash) <= 0;
        }

        /**
         * Whether a word lies in this part.
         *
         * @param word a word index of the array
         * @return true if this part's thread writes it
         */
        public boolean holdsWord(long word) {
            return word >= fromWord && word < toWord;
        }
    }

    /**
     * The target of new, not yet shared Bloom bits.
     *
     * @param bits the bits, from {@link BloomBits#allocate}
     * @return the target
     * @throws IllegalArgumentException if the bits are not in the heap (a read-only storage)
     */
    public static Target bits(BloomBits bits) {
        if (!(bits instanceof HeapBits heap)) {
            throw new IllegalArgumentException("only bits in the heap are built in bulk");
        }
        return new BitBulkTarget(heap);
    }

    /**
     * Applies every hash of a stream. A parallel stream is honoured: its items are hashed in
     * parallel and its hashes held (8 bytes each) for the build; a sequential one is read in chunks
     * of 2^20 hashes, each applied before the next is read, so it may be of any length.
     *
     * @param target the array
     * @param hashes the hashes, consumed
     * @param what the build, for the message when the held hashes do not fit in the heap
     * @throws IllegalArgumentException if a parallel stream's hashes do not fit in the heap
     */
    public static void apply(Target target, LongStream hashes, String what) {
        if (hashes.isParallel()) {
            Spliterator.OfLong source = hashes.spliterator();
            long size = source.getExactSizeIfKnown();
            String holding = what + " from a parallel stream, holding its hashes (8 bytes each)";
            if (size >= 0) {
                HeapBudget.require(Long.BYTES * size, holding);
            }
            // The rebuilt stream splits the source as the original would, so items hash in parallel.
            long[] all = HeapBudget.refusingOutOfMemory(holding, () -> StreamSupport.longStream(source, true).toArray());
            apply(target, all, 0, all.length);
            return;
        }
        Chunks chunks = new Chunks(target);
        hashes.forEach(chunks);
        chunks.flush();
    }

    /**
     * Applies the hashes {@code hashes[from, to)}; the array is not changed.
     *
     * @param target the array
     * @param hashes key hashes
     * @param from first index, inclusive
     * @param to last index, exclusive
     */
    public static void apply(Target target, long[] hashes, int from, int to) {
        int threads = to - from < PARALLEL_MIN_HASHES ? 1 : threads();
        List<Part> parts = parts(target.words(), target.blocked() ? BlockedProbes.BLOCK_WORDS : 1, threads);
        List<Writer> writers = new ArrayList<>(parts.size());
        for (Part part : parts) {
            writers.add(target.writer(part));
        }
        if (writers.size() == 1) {
            writers.get(0).apply(hashes, from, to);
        } else {
            boolean blocked = target.blocked();
            List<RecursiveAction> tasks = new ArrayList<>(writers.size());
            for (int i = 0; i < writers.size(); i++) {
                Writer writer = writers.get(i);
                Part part = parts.get(i);
                tasks.add(new RecursiveAction() {
                    @Override
                    protected void compute() {
                        applyPart(blocked, writer, part, hashes, from, to);
                    }
                });
            }
            // Joining orders every plain write before the commits below and before the filter is
            // returned to the caller.
            ForkJoinTask.invokeAll(tasks);
        }
        writers.forEach(Writer::commit);
    }

    /** One thread's work: the keys of its part (blocked), or every key for the probes in its part. */
    static void applyPart(boolean blocked, Writer writer, Part part, long[] hashes, int from, int to) {
        if (blocked) {
            applyOwnKeys(writer, part, hashes, from, to);
        } else {
            writer.apply(hashes, from, to);
        }
    }

    /**
     * Gives a writer the keys of its part, a slice at a time: a branch per key on whether it is the
     * part's would mispredict as often as keys fall outside it, so each slice is first compacted
     * into a scratch array with no branch, then applied.
     */
    private static void applyOwnKeys(Writer writer, Part part, long[] hashes, int from, int to) {
        long[] own = new long[SLICE];
        for (int start = from; start < to; start += SLICE) {
            int end = Math.min(to, start + SLICE);
            int n = 0;
            for (int i = start; i < end; i++) {
                long hash = hashes[i];
                own[n] = hash;
                n += part.holdsKey(hash) ? 1 : 0;
            }
            writer.apply(own, 0, n);
        }
    }

    /**
     * The threads a build may use: the parallelism of the fork/join pool the caller runs in, or the
     * calling thread plus the common pool's.
     */
    static int threads() {
        ForkJoinPool pool = ForkJoinTask.getPool();
        if (pool != null) {
            return pool.getParallelism();
        }
        return Math.min(Runtime.getRuntime().availableProcessors(), ForkJoinPool.getCommonPoolParallelism() + 1);
    }

    /**
     * Splits an array of {@code words} words into at most {@code count} parts of whole units of
     * {@code unitWords} words ({@code 8} when keys select blocks, {@code 1} otherwise), as even as
     * whole units allow, none empty.
     */
    static List<Part> parts(long words, int unitWords, int count) {
        long units = words / unitWords;
        int n = (int) Math.max(1, Math.min(count, units));
        if (n == 1) {
            return List.of(Part.whole(words));
        }
        long[] firstUnit = new long[n + 1];
        for (int i = 0; i <= n; i++) {
            firstUnit[i] = BigInteger.valueOf(units).multiply(BigInteger.valueOf(i))
                    .divide(BigInteger.valueOf(n)).longValueExact();
        }
        List<Part> parts = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            long first = unitWords == 1 ? 0 : firstHash(firstUnit[i], units);
            long last = unitWords == 1 || i == n - 1 ? -1L : firstHash(firstUnit[i + 1], units) - 1;
            parts.add(new Part(firstUnit[i] * unitWords, firstUnit[i + 1] * unitWords, first, last));
        }
        return parts;
    }

    /**
     * The least hash, read as unsigned, whose block ({@link BlockedProbes#block}) is {@code block} or
     * more: {@code ceil(block * 2^64 / blocks)}, for {@code block} in [0, blocks).
     */
    static long firstHash(long block, long blocks) {
        BigInteger[] qr = BigInteger.valueOf(block).multiply(TWO_64).divideAndRemainder(BigInteger.valueOf(blocks));
        return qr[0].add(qr[1].signum() == 0 ? BigInteger.ZERO : BigInteger.ONE).longValue();
    }

    /** A sequential stream's hashes, gathered into a buffer and applied a chunk at a time. */
    private static final class Chunks implements java.util.function.LongConsumer {
        private final Target target;
        private long[] buffer = new long[FIRST_BUFFER];
        private int size;

        Chunks(Target target) {
            this.target = target;
        }

        @Override
        public void accept(long hash) {
            if (size == buffer.length) {
                if (buffer.length < CHUNK) {
                    buffer = Arrays.copyOf(buffer, buffer.length << 1);
                } else {
                    flush();
                }
            }
            buffer[size++] = hash;
        }

        void flush() {
            apply(target, buffer, 0, size);
            size = 0;
        }
    }
}
