package org.bloomery.ribbon;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.spi.Envelope;
import org.bloomery.api.spi.FilterDataInput;
import org.bloomery.api.spi.FilterDataOutput;
import org.bloomery.api.spi.MappedBody;

/**
 * The ribbon kind's body inside the shared envelope, all big-endian (FORMAT.md, section {@code
 * ribbon}). Body version 3, written by this code for every filter it builds: version (byte: 3),
 * result bits r (byte), distinct items n (long), base seed (long), shards (int), first r-column
 * group (int), each shard's groups of 64 rows (int per shard), each shard's seed ordinal (one byte
 * per shard), then the solution's words (long each, {@code G·r - (first r-column group)} of them,
 * G the sum of the shards' groups), in envelope version 3 after zeros that align the first word to
 * body offset 64·k (as in every body version), so that a mapped solution starts a cache line. The reader derives r from the spec's fpp (in the envelope's
 * header), the shards from n, bounds every shard's groups and their sum by n (from above and from
 * below), and derives the first r-column group from the groups and the fpp, and checks every field
 * against them, so a forged n or group count cannot make it allocate beyond the bytes that arrive.
 * A count of 0, in every version, comes only with the body the empty set builds (the fewest rows,
 * seed ordinal 0, every word 0): any other body holds items, which a count of 0 would deny.
 *
 * <p>Body version 2 had 128-row windows in shards of one size: version (byte: 2), r, n, seed,
 * shards (int), rows per shard (int), first r-column group (int), the ordinals, the words. Body
 * version 1, written by earlier snapshots, began with the coefficient width (128) where version 2
 * has its version, had no shards (one system of m rows, whose range followed another rule) and one
 * seed. Both are read, answered and written again as they were.
 */
final class RibbonCodec {
    /** The body version this code writes for the filters it builds. */
    static final int VERSION = 3;
    /** The body version of 128-row windows in shards of one size. */
    static final int WIDE_VERSION = 2;
    /** The first byte of a version-1 body: its coefficient width, 128. */
    static final int FIRST_VERSION = RibbonLayout.WIDTH;
    private static final int FIELD_BYTES = 1 + 1 + Long.BYTES + Long.BYTES + 2 * Integer.BYTES;
    private static final int WIDE_FIELD_BYTES = 1 + 1 + Long.BYTES + Long.BYTES + 3 * Integer.BYTES;
    private static final int FIRST_VERSION_FIELD_BYTES = 1 + 1 + Long.BYTES + Long.BYTES + 2 * Integer.BYTES;
    /** The first version's rows per key: 1.036 up to 2^17 keys, plus 0.0038 per doubling beyond. */
    private static final double FIRST_VERSION_ROWS_PER_KEY = 1.036;
    private static final double FIRST_VERSION_ROWS_PER_DOUBLING = 0.0038;
    private static final int FIRST_VERSION_LOG2_LARGE = 17;

    private RibbonCodec() {
    }

    static void write(OutputStream out, RibbonFilter<?> filter) throws IOException {
        NarrowLayout narrow = filter.narrowLayout();
        Solution solution = filter.solution();
        byte[] ordinals = filter.ordinals();
        if (narrow != null) {
            long bodyLength = aligned(FIELD_BYTES + (long) (Integer.BYTES + 1) * narrow.shards())
                    + (long) Long.BYTES * solution.words();
            Envelope.write(out, filter, bodyLength, body -> {
                body.writeByte(VERSION);
                body.writeByte(narrow.columns());
                body.writeLong(filter.approximateCount());
                body.writeLong(filter.seed());
                body.writeInt(narrow.shards());
                body.writeInt(narrow.upperStartGroup());
                for (int shard = 0; shard < narrow.shards(); shard++) {
                    body.writeInt(narrow.groupsOf(shard));
                }
                body.writeBytes(ordinals, 0, ordinals.length);
                body.alignTo(Envelope.BODY_ALIGNMENT);
                solution.writeTo(body);
            });
            return;
        }
        RibbonLayout layout = filter.wideLayout();
        boolean first = filter.firstVersion();
        long bodyLength = aligned(first ? FIRST_VERSION_FIELD_BYTES : WIDE_FIELD_BYTES + ordinals.length)
                + (long) Long.BYTES * solution.words();
        Envelope.write(out, filter, bodyLength, body -> {
            body.writeByte(first ? FIRST_VERSION : WIDE_VERSION);
            body.writeByte(layout.columns());
            body.writeLong(filter.approximateCount());
            body.writeLong(filter.seed());
            if (!first) {
                body.writeInt(layout.shards());
            }
            body.writeInt(layout.shardSlots());
            body.writeInt(layout.upperStartGroup());
            if (!first) {
                body.writeBytes(ordinals, 0, ordinals.length);
            }
            body.alignTo(Envelope.BODY_ALIGNMENT);
            solution.writeTo(body);
        });
    }

    /** The offset of the solution's first word after {@code fields} bytes: aligned to a cache line. */
    private static long aligned(long fields) {
        return fields + FilterDataOutput.padding(fields, Envelope.BODY_ALIGNMENT);
    }

    static <T> RibbonFilter<T> read(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        return Envelope.read(in, RibbonProvider.KIND, hasher,
                (spec, reading, body) -> readBody(spec, reading, body, RibbonCodec::readSolution));
    }

    /**
     * A filter over a mapped body: its fields read and checked as {@link #read} checks them, its
     * solution read where it lies in the mapping.
     */
    static <T> RibbonFilter<T> map(MappedBody mapped, KeyHasher<? super T> hasher) throws IOException {
        FilterDataInput body = mapped.fields();
        RibbonFilter<T> filter = readBody(mapped.spec(), hasher, body, (in, words) -> new MappedSolution(mapped.bytes(),
                in.skipInPlace((long) Long.BYTES * words, "a solution of " + words + " words"), words));
        mapped.requireAllRead(body);
        return filter;
    }

    /** Reads a solution of a checked number of words, wherever it is kept. */
    @FunctionalInterface
    private interface SolutionReader {
        Solution read(FilterDataInput body, int words) throws IOException;
    }

    private static <T> RibbonFilter<T> readBody(FilterSpec spec, KeyHasher<? super T> reading, FilterDataInput body,
            SolutionReader solutions) throws IOException {
        ResultBits bits = bitsOf(spec);
        int version = body.readUnsignedByte("body version", WIDE_VERSION, FIRST_VERSION);
        if (version != VERSION && version != WIDE_VERSION && version != FIRST_VERSION) {
            throw new InvalidFilterDataException("unknown ribbon body version " + version + "; this code reads "
                    + VERSION + ", " + WIDE_VERSION + " and " + FIRST_VERSION
                    + " (version 1, whose first byte was the width 128)");
        }
        body.readUnsignedByte("result bits", bits.columns(), bits.columns());
        long items = body.readLong("distinct items", 0, RibbonLayout.MAX_ITEMS);
        long seed = body.readLong("seed", Long.MIN_VALUE, Long.MAX_VALUE);
        RibbonFilter<T> filter = version == VERSION ? readNarrow(spec, reading, body, bits, items, seed, solutions)
                : readWide(spec, reading, body, bits, items, seed, version == FIRST_VERSION, solutions);
        if (items == 0) {
            requireEmptySetBody(filter);
        }
        return filter;
    }

    /** The rest of a version-1 or version-2 body, after its seed. */
    private static <T> RibbonFilter<T> readWide(FilterSpec spec, KeyHasher<? super T> reading, FilterDataInput body,
            ResultBits bits, long items, long seed, boolean first, SolutionReader solutions) throws IOException {
        int shards = first ? 1 : body.readInt("shards", RibbonLayout.shardsFor(items), RibbonLayout.shardsFor(items));
        int least = first ? firstVersionSlotsFor(items) : RibbonLayout.shardSlotsFor(items);
        int slots = body.readInt(first ? "rows" : "rows per shard", least, RibbonLayout.mostGrown(least));
        if (slots % RibbonLayout.GROUP_ROWS != 0) {
            throw new InvalidFilterDataException("rows must be a multiple of " + RibbonLayout.GROUP_ROWS
                    + ", got " + slots);
        }
        RibbonLayout layout = RibbonLayout.of(shards, slots, bits);
        body.readInt("first group with r result bits", layout.upperStartGroup(), layout.upperStartGroup());
        byte[] ordinals = first ? new byte[1] : ordinals(body, shards);
        body.alignTo(Envelope.BODY_ALIGNMENT);
        Solution solution = solutions.read(body, (int) layout.words());
        return new RibbonFilter<>(spec, reading, (int) items, seed, layout, ordinals, solution, first);
    }

    /** The rest of a version-3 body, after its seed. */
    private static <T> RibbonFilter<T> readNarrow(FilterSpec spec, KeyHasher<? super T> reading, FilterDataInput body,
            ResultBits bits, long items, long seed, SolutionReader solutions) throws IOException {
        int shards = body.readInt("shards", NarrowLayout.shardsFor(items), NarrowLayout.shardsFor(items));
        int upperStartGroup = body.readInt("first group with r result bits", 0, Integer.MAX_VALUE);
        long most = NarrowLayout.mostGroups(items);
        int[] groups = new int[shards];
        long total = 0;
        for (int shard = 0; shard < shards; shard++) {
            groups[shard] = body.readInt("groups of shard " + shard, NarrowLayout.MIN_GROUPS, (int) Math.min(most,
                    Integer.MAX_VALUE));
            total += groups[shard];
            if (total > most) {
                throw new InvalidFilterDataException("the shards' groups add up to more than the " + most + " that "
                        + items + " items can need, at shard " + shard);
            }
        }
        long least = NarrowLayout.leastGroups(items);
        if (total < least) {
            throw new InvalidFilterDataException("the shards' groups add up to " + total + ", fewer than the " + least
                    + " that " + items + " items need");
        }
        NarrowLayout layout = NarrowLayout.of(groups, bits);
        if (upperStartGroup != layout.upperStartGroup()) {
            throw new InvalidFilterDataException("first group with r result bits must be " + layout.upperStartGroup()
                    + " for these shards and fpp, got " + upperStartGroup);
        }
        byte[] ordinals = ordinals(body, shards);
        body.alignTo(Envelope.BODY_ALIGNMENT);
        Solution solution = solutions.read(body, layout.words());
        return new RibbonFilter<>(spec, reading, (int) items, seed, layout, ordinals, solution);
    }

    /**
     * Refuses a filter of no item whose body is not the one the empty set builds (the fewest rows,
     * seed ordinal 0, every word 0): any other body was built from items, which a count of 0 would
     * answer false for.
     */
    private static void requireEmptySetBody(RibbonFilter<?> filter) throws InvalidFilterDataException {
        String empty = "a filter of 0 items has the body of the empty set (one shard of " + emptySetRows(filter)
                + " rows, seed ordinal 0, every word 0), but this one has ";
        if (filter.rows() != emptySetRows(filter)) {
            throw new InvalidFilterDataException(empty + filter.rows() + " rows");
        }
        if (filter.ordinals()[0] != 0) {
            throw new InvalidFilterDataException(empty + "seed ordinal " + filter.ordinals()[0]);
        }
        Solution solution = filter.solution();
        for (int word = SolutionWords.PAD; word < SolutionWords.PAD + solution.words(); word++) {
            if (solution.word(word) != 0) {
                throw new InvalidFilterDataException(empty + "a word that is not 0 (word " + (word - SolutionWords.PAD)
                        + " of its solution)");
            }
        }
    }

    /** The rows of the empty set's filter in a filter's body version: the fewest that version has. */
    private static int emptySetRows(RibbonFilter<?> filter) {
        return filter.narrowLayout() != null ? NarrowLayout.MIN_GROUPS * RibbonLayout.GROUP_ROWS
                : RibbonLayout.MIN_SLOTS;
    }

    private static byte[] ordinals(FilterDataInput body, int shards) throws IOException {
        byte[] ordinals = body.readBytes(shards);
        for (int shard = 0; shard < shards; shard++) {
            if (ordinals[shard] < 0 || ordinals[shard] >= ShardSeeds.PER_SIZE) {
                throw new InvalidFilterDataException("seed ordinal of shard " + shard + " must be in [0, "
                        + (ShardSeeds.PER_SIZE - 1) + "], got " + (ordinals[shard] & 0xFF));
            }
        }
        return ordinals;
    }

    /**
     * The least rows of a version-1 filter of n keys: 1.036 per key up to 2^17 keys, plus 0.0038
     * for each doubling beyond, rounded up to a multiple of 64, at least 256.
     *
     * @param items n, in [0, {@link RibbonLayout#MAX_ITEMS}]
     * @return the rows
     */
    static int firstVersionSlotsFor(long items) {
        if (items == 0) {
            return RibbonLayout.MIN_SLOTS;
        }
        double log2 = Math.log(items) / Math.log(2);
        double perKey = FIRST_VERSION_ROWS_PER_KEY
                + FIRST_VERSION_ROWS_PER_DOUBLING * Math.max(0, log2 - FIRST_VERSION_LOG2_LARGE);
        return Math.max(RibbonLayout.MIN_SLOTS, RibbonLayout.roundUpToGroup((long) Math.ceil(items * perKey)));
    }

    private static ResultBits bitsOf(FilterSpec spec) throws InvalidFilterDataException {
        try {
            return RibbonFilter.resultBits(spec);
        } catch (IllegalArgumentException e) {
            throw new InvalidFilterDataException("the stored spec does not make a ribbon filter: " + e.getMessage(), e);
        }
    }

    /** The solution's words, read after the padding ({@link SolutionWords}), checked before it is allocated. */
    private static Solution readSolution(FilterDataInput body, int words) throws IOException {
        return new HeapSolution(body.readLongsAfterPad(words, "a solution of " + words + " words"));
    }
}
