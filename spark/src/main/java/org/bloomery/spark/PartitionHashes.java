package org.bloomery.spark;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Iterator;
import org.apache.spark.sql.catalyst.InternalRow;

/**
 * One partition's distinct hashes of a column, sorted, with the partition's count of values and of
 * nulls: what a kind that cannot merge (a static kind, or one whose layout depends on the order of
 * adds) needs from each partition, so the driver can build from the whole set.
 *
 * @param hashes the distinct hashes of the partition's non-null values, ascending
 * @param valuesAdded the partition's non-null values, duplicates included
 * @param nullsSkipped the partition's null values
 */
record PartitionHashes(long[] hashes, long valuesAdded, long nullsSkipped) implements Serializable {

    /** Hashes a partition's values (the first field of each row), sorts them and drops duplicates. */
    static PartitionHashes of(Iterator<InternalRow> rows, ColumnHasher column) {
        long[] hashes = new long[1024];
        int size = 0;
        long nulls = 0;
        while (rows.hasNext()) {
            InternalRow row = rows.next();
            if (row.isNullAt(0)) {
                nulls++;
                continue;
            }
            if (size == hashes.length) {
                if (size == Integer.MAX_VALUE - 8) {
                    throw new IllegalArgumentException("a partition holds more than " + size + " non-null values,"
                            + " more than one array of hashes holds; repartition the data into more partitions");
                }
                hashes = Arrays.copyOf(hashes, (int) Math.min(Integer.MAX_VALUE - 8L, 2L * size));
            }
            hashes[size++] = column.hash(row, 0);
        }
        return new PartitionHashes(distinctSorted(hashes, size), size, nulls);
    }

    /**
     * The distinct values among the first {@code size} of {@code values}, ascending; sorts that
     * prefix in place.
     */
    static long[] distinctSorted(long[] values, int size) {
        Arrays.sort(values, 0, size);
        int distinct = 0;
        for (int i = 0; i < size; i++) {
            if (distinct == 0 || values[i] != values[distinct - 1]) {
                values[distinct++] = values[i];
            }
        }
        return Arrays.copyOf(values, distinct);
    }
}
