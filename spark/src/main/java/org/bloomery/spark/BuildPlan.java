package org.bloomery.spark;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.EnumSet;
import java.util.Set;
import java.util.TreeMap;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.SparkSession;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterProvider;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.MembershipFilter;

/**
 * A build that has been checked before any job runs: the kind exists and is held in-process, the
 * spec's options are ones the kind takes, and a filter of the spec fits one Spark binary value and
 * the executors' memory. It knows how the build runs ({@link #mergesPartitions()}), makes the
 * partitions' empty filters, and turns the merged result into the published envelope after
 * checking that it is not overfilled. Serializable, so tasks carry it.
 */
final class BuildPlan implements Serializable {
    private static final long serialVersionUID = 1L;
    /** Largest envelope a Spark binary value (a Java array) can hold, with room for the header. */
    static final long MAX_ENVELOPE_BYTES = Integer.MAX_VALUE - 4096L;
    /** Largest expected insertions at which the planning check builds the filter itself; above, it scales. */
    private static final long PROBE_INSERTIONS = 1L << 20;

    private final String kind;
    private final long expectedInsertions;
    private final double fpp;
    private final TreeMap<String, String> options;
    /** The options the partitions build with: the spec's, plus one writer where the kind takes it. */
    private final TreeMap<String, String> partitionOptions;
    private final ColumnHasher column;
    private final boolean mergesPartitions;
    private final boolean fixedFpp;
    private final boolean allowOverfill;

    private BuildPlan(FilterProvider provider, FilterSpec spec, FilterSpec partitionSpec, ColumnHasher column,
            BuildOptions buildOptions) {
        this.kind = provider.kind();
        this.expectedInsertions = spec.expectedInsertions();
        this.fpp = spec.fpp();
        this.options = new TreeMap<>(spec.options());
        this.partitionOptions = new TreeMap<>(partitionSpec.options());
        this.column = column;
        this.mergesPartitions = merges(provider);
        this.fixedFpp = !provider.capabilities().contains(Capability.ADD);
        this.allowOverfill = buildOptions.allowOverfill();
    }

    /**
     * Checks a build, without running anything on the cluster.
     *
     * @param spark the session whose executors will build, for the memory check; null to skip it
     * @throws IllegalArgumentException if no provider has the kind, the kind is shared (lives in a
     *     server), the spec's options are refused by the kind, or the filter would not fit one
     *     binary value or the executors' memory, naming the limit
     */
    static BuildPlan of(String kind, FilterSpec spec, ColumnHasher column, BuildOptions buildOptions,
            SparkSession spark) {
        FilterProvider provider = Filters.provider(kind).orElseThrow(() -> new IllegalArgumentException(
                "unknown filter kind '" + kind + "'; kinds that Spark can build: " + FilterAggregates.buildableKinds()));
        if (provider.capabilities().contains(Capability.SHARED)) {
            throw new IllegalArgumentException("filter kind '" + kind + "' lives in a server (Capability.SHARED), not"
                    + " in the partitions; build its in-process kind and upload it (RedisUpload); kinds that Spark"
                    + " can build: " + FilterAggregates.buildableKinds());
        }
        // Options and fpp are checked by the kind itself, on a filter small enough to make here. Each
        // partition's filter has one writer, its task, so the kind may drop its atomic instructions
        // (forOneWriter); the bits are the same, so those filters merge with the user's.
        MembershipFilter<Object> probe = Filters.create(kind,
                new FilterSpec(Math.min(spec.expectedInsertions(), PROBE_INSERTIONS), spec.fpp(), spec.options()),
                column.untypedHasher());
        FilterSpec partitionSpec = provider.forOneWriter(spec);
        BuildPlan plan = new BuildPlan(provider, spec, partitionSpec, column, buildOptions);
        if (!plan.fixedFpp) {
            checkSize(kind, spec, probe, spark);
        }
        return plan;
    }

    /** Kinds whose partitions each build a filter and merge them: in-process, taking adds, merging. */
    static boolean merges(FilterProvider provider) {
        Set<Capability> capabilities = provider.capabilities();
        return capabilities.containsAll(EnumSet.of(Capability.ADD, Capability.MERGE))
                && !capabilities.contains(Capability.SHARED);
    }

    /**
     * Refuses a filter larger than one binary value or than an executor can hold while its tasks
     * build: each running task holds one, and the merge two more. Above {@value #PROBE_INSERTIONS}
     * expected insertions the size is the probe filter's scaled linearly, which every kind's
     * sizing follows up to its rounding to whole words or buckets.
     */
    private static void checkSize(String kind, FilterSpec spec, MembershipFilter<Object> probe, SparkSession spark) {
        double scale = (double) spec.expectedInsertions() / probe.spec().expectedInsertions();
        double bytes = Math.ceil(probe.bitSize() * scale / Byte.SIZE);
        if (bytes > MAX_ENVELOPE_BYTES) {
            throw new IllegalArgumentException(String.format("a %s filter for %s takes about %.0f bytes, more than"
                    + " one Spark binary value holds (%d bytes, about 1.7e10 bits); lower the expected insertions or"
                    + " raise the fpp", kind, spec, bytes, MAX_ENVELOPE_BYTES));
        }
        if (spark == null) {
            return;
        }
        SparkContext context = spark.sparkContext();
        // In local mode the executor is the driver's JVM; elsewhere spark.executor.memory sizes its heap.
        long memory = context.isLocal() ? Runtime.getRuntime().maxMemory()
                : context.getConf().getSizeAsBytes("spark.executor.memory", "1g");
        int slots = context.isLocal() ? context.defaultParallelism() : context.getConf().getInt("spark.executor.cores", 1);
        double needed = bytes * (slots + 2);
        if (needed > memory) {
            throw new IllegalArgumentException(String.format("a %s filter for %s takes about %.0f bytes; an executor"
                    + " holds one per running task (%d task slots) and two while merging, %.0f bytes, more than its"
                    + " %d bytes of memory; lower the expected insertions, raise the fpp, or give the executors more"
                    + " memory or fewer cores", kind, spec, bytes, slots, needed, memory));
        }
    }

    String kind() {
        return kind;
    }

    ColumnHasher column() {
        return column;
    }

    FilterSpec spec() {
        return new FilterSpec(expectedInsertions, fpp, options);
    }

    /** True when partitions build and merge filters; false when the driver builds from collected hashes. */
    boolean mergesPartitions() {
        return mergesPartitions;
    }

    /**
     * An empty partition buffer: a filter of the spec, with one writer where the kind takes it.
     *
     * @throws IllegalArgumentException if the filter, at its exact size, does not fit one binary
     *     value (the planning check scales an estimate)
     */
    FilterBuffer emptyBuffer() {
        MembershipFilter<Object> filter =
                Filters.create(kind, new FilterSpec(expectedInsertions, fpp, partitionOptions), column.untypedHasher());
        checkFits(filter);
        return new FilterBuffer(column, filter);
    }

    private void checkFits(MembershipFilter<?> filter) {
        if (filter.bitSize() / Byte.SIZE > MAX_ENVELOPE_BYTES) {
            throw new IllegalArgumentException("a " + kind + " filter for " + spec() + " takes " + filter.bitSize()
                    + " bits, more than one Spark binary value holds (" + MAX_ENVELOPE_BYTES + " bytes); lower the"
                    + " expected insertions or raise the fpp");
        }
    }

    /**
     * The envelope of a finished build: the merged filter, checked for overfill and written with
     * the user's spec (the partitions' one-writer option is dropped by merging into a filter of it).
     *
     * @throws IllegalStateException if the filter's expected fpp exceeds {@link
     *     BuildOptions#OVERFILL_FACTOR} times the target and overfill was not allowed
     */
    byte[] envelope(MembershipFilter<Object> built, long valuesAdded) {
        checkFill(built, valuesAdded);
        checkFits(built);
        MembershipFilter<Object> published = built;
        if (!built.spec().options().equals(options)) {
            published = Filters.create(kind, spec(), column.untypedHasher());
            published.mergeFrom(built);
        }
        return envelope(published);
    }

    /** Builds the filter of a whole set of distinct hashes in this JVM (kinds that do not merge). */
    MembershipFilter<Object> buildFromHashes(long[] distinctHashes) {
        return Filters.buildFromHashes(kind, spec(), column.untypedHasher(), distinctHashes);
    }

    private void checkFill(MembershipFilter<Object> built, long valuesAdded) {
        double expected = built.expectedFpp();
        if (!fixedFpp && !allowOverfill && expected > BuildOptions.OVERFILL_FACTOR * fpp) {
            throw new IllegalStateException(String.format("the %s filter was sized for %d expected insertions at"
                    + " fpp %s, but %d values were added (about %d distinct), which gives an expected fpp of %.4g, more"
                    + " than %s times the target; raise the expected insertions, size it from the column"
                    + " (FilterAggregates.buildSized), or allow it (BuildOptions.withOverfillAllowed())",
                    kind, expectedInsertions, fpp, valuesAdded, built.approximateCount(), expected,
                    BuildOptions.OVERFILL_FACTOR));
        }
    }

    static byte[] envelope(MembershipFilter<?> filter) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            filter.writeTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
