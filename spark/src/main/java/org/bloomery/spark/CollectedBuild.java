package org.bloomery.spark;

import java.util.Iterator;
import java.util.List;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.catalyst.InternalRow;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.spi.HeapBudget;

/**
 * The build of a kind that does not merge partitions' filters (a static kind such as {@code fuse},
 * or {@code cuckoo} and {@code scalable}, whose layout depends on the order of adds): the partitions
 * hash and deduplicate their values, the driver collects the distinct hashes and builds the filter
 * from the whole set with the kind's own {@code build}. A first job counts the partitions' distinct
 * hashes, so a set above the limits is refused before any hash reaches the driver.
 */
final class CollectedBuild {
    /** Most distinct hashes the driver collects: one Java array of longs. */
    static final long MAX_KEYS = Integer.MAX_VALUE - 8L;
    /** Driver heap per distinct hash while collecting: the partitions' arrays and the merged one. */
    static final long DRIVER_BYTES_PER_KEY = 2L * Long.BYTES;

    private CollectedBuild() {
    }

    /** Builds the column of {@code rows} (one field each) by {@code plan}. */
    static BuiltFilter run(BuildPlan plan, JavaRDD<InternalRow> rows, SparkContext context) {
        ColumnHasher column = plan.column();
        long upperBound = rows.mapPartitions((Iterator<InternalRow> partition) ->
                List.of((long) PartitionHashes.of(partition, column).hashes().length).iterator()).reduce(Long::sum);
        checkLimits(plan.kind(), upperBound, context.getConf().getSizeAsBytes("spark.driver.maxResultSize", "1g"));
        List<PartitionHashes> parts = rows.mapPartitions((Iterator<InternalRow> partition) ->
                List.of(PartitionHashes.of(partition, column)).iterator()).collect();

        long[] all = new long[(int) upperBound];
        int size = 0;
        long values = 0;
        long nulls = 0;
        for (PartitionHashes part : parts) {
            System.arraycopy(part.hashes(), 0, all, size, part.hashes().length);
            size += part.hashes().length;
            values += part.valuesAdded();
            nulls += part.nullsSkipped();
        }
        long[] distinct = PartitionHashes.distinctSorted(all, size);
        MembershipFilter<Object> filter = plan.buildFromHashes(distinct);
        return BuiltFilter.of(plan, filter, values, nulls);
    }

    /**
     * Refuses a set whose distinct hashes (at most {@code keys}: each partition's distinct count,
     * summed) exceed one array, the driver's result size limit ({@code maxResultBytes}, 0 for none)
     * or the driver's free heap.
     */
    static void checkLimits(String kind, long keys, long maxResult) {
        String what = "a " + kind + " filter built from " + keys + " distinct values (summed over the partitions)";
        if (keys > MAX_KEYS) {
            throw new IllegalArgumentException(what + " is refused: the driver collects at most " + MAX_KEYS
                    + " distinct hashes to build a kind that does not merge");
        }
        long resultBytes = keys * Long.BYTES;
        if (maxResult > 0 && resultBytes > maxResult) {
            throw new IllegalArgumentException(what + " is refused: its hashes take " + resultBytes + " bytes, more than"
                    + " spark.driver.maxResultSize (" + maxResult + " bytes) lets the driver collect; raise that"
                    + " setting or build a kind that merges");
        }
        HeapBudget.require(keys * DRIVER_BYTES_PER_KEY, "collecting the distinct hashes for " + what + " on the driver");
    }
}
