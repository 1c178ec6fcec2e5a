package org.bloomery.spark;

import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.catalyst.InternalRow;

/**
 * The build of a mergeable kind over a column, in one job: every partition reads Spark's internal
 * rows (no conversion of values to Java objects), adds each value's hash to its own filter with one
 * writer, and the driver merges the partitions' filters by the kind's merge (OR of words for a
 * Bloom filter) as the tasks finish.
 */
final class MergedBuild {
    private MergedBuild() {
    }

    /** Builds the column of {@code rows} (one field each) by {@code plan}. */
    static BuiltFilter run(BuildPlan plan, JavaRDD<InternalRow> rows) {
        FilterBuffer merged = rows.mapPartitions((Iterator<InternalRow> partition) -> {
            FilterBuffer buffer = plan.emptyBuffer();
            while (partition.hasNext()) {
                buffer.add(partition.next());
            }
            return List.of(buffer).iterator();
        }).reduce((into, other) -> {
            into.mergeFrom(other);
            return into;
        });
        return BuiltFilter.of(plan, merged.filter(), merged.valuesAdded(), merged.nullsSkipped());
    }
}
