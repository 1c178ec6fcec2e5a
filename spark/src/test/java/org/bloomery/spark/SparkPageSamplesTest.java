package org.bloomery.spark;

import static org.apache.spark.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The samples of docs/spark.md, on the tests' local session: a "users" table (user_id bigint, a
 * few nulls, country) and an "events" table whose user_ids are half users and half strangers.
 */
@ExtendWith(LocalSpark.class)
class SparkPageSamplesTest {
    private static final long USERS = 2_000;

    @BeforeAll
    static void tables() {
        SparkSession spark = LocalSpark.spark();
        spark.range(0, USERS + 10).selectExpr(
                "CASE WHEN id < " + USERS + " THEN id * 7 END AS user_id",
                "CASE WHEN id % 2 = 0 THEN 'fr' ELSE 'nl' END AS country").createOrReplaceTempView("users");
        spark.range(0, 2 * USERS).selectExpr("id * 7 AS user_id", "id AS event_id").createOrReplaceTempView("events");
    }

    @Test
    void buildProbeAndFiles(@TempDir java.nio.file.Path dir) throws IOException {
        SparkSession spark = LocalSpark.spark();
        Configuration conf = spark.sparkContext().hadoopConfiguration();
        String filters = dir.toUri().toString();

        // sample:build
        Dataset<Row> users = spark.table("users");                      // user_id bigint
        // Build: every partition builds its own classic filter, the driver merges them.
        BuiltFilter built = FilterAggregates.build(users, "user_id", "classic", FilterSpec.of(1_000_000, 0.01));
        built.nullsSkipped();                                           // null user_ids were skipped and counted
        built.expectedFpp();                                            // the fpp the filter has at its fill
        byte[] filter = built.envelope();                               // the envelope bytes

        // Don't know n? Size it from the column (a HyperLogLog count of the distinct values first):
        BuiltFilter sized = FilterAggregates.buildSized(users, "user_id", "classic", 0.01, Map.of(), BuildOptions.defaults());

        // The smallest filter of a set known in full: a static kind, built on the driver from the
        // partitions' distinct hashes.
        BuiltFilter fuse = FilterAggregates.build(users, "user_id", "fuse", FilterSpec.of(1_000_000, 0.01));

        // Or as an aggregate column, e.g. one filter per group (kinds that merge):
        Column f = FilterAggregates.column(users, "user_id", "classic", FilterSpec.of(1_000_000, 0.01));
        Dataset<Row> perCountry = users.groupBy("country").agg(f.as("filter"));
        // end:build

        // sample:probe
        // A semi-join pre-filter that drops most non-matching rows before the shuffle.
        Dataset<Row> events = spark.table("events")
                .where(FilterProbe.mightContain(filter, col("user_id")))   // checks the bytes here
                .join(users, "user_id");
        // end:probe

        // sample:files
        // Any Hadoop path (file:, hdfs:, s3a:, ...), read back with the column's hasher.
        Path path = new Path(filters, "users.blmf");
        FilterFiles.write(filter, path, conf);
        MembershipFilter<Long> loaded = FilterFiles.read(path, conf, KeyHasher.longs());
        byte[] again = FilterFiles.readBytes(path, conf);                // to probe it in another job
        // end:files

        assertThat(built.nullsSkipped()).isEqualTo(10);
        assertThat(built.valuesAdded()).isEqualTo(USERS);
        assertThat(built.expectedFpp()).isLessThan(0.01);
        assertThat(sized.valuesAdded()).isEqualTo(USERS);
        assertThat(fuse.read(KeyHasher.longs()).kind()).isEqualTo("fuse");
        assertThat(perCountry.count()).isEqualTo(2);   // fr and nl
        assertThat(events.count()).as("every event of a user survives the pre-filter and the join").isEqualTo(USERS);
        assertThat(again).isEqualTo(filter);
        for (long user = 0; user < USERS; user++) {
            assertThat(loaded.mightContain(user * 7)).isTrue();
        }
    }

    @Test
    void probeAFilterFile(@TempDir java.nio.file.Path dir) throws IOException {
        SparkSession spark = LocalSpark.spark();
        Configuration conf = spark.sparkContext().hadoopConfiguration();
        String filters = dir.toUri().toString();
        byte[] filter = FilterAggregates.build(spark.table("users"), "user_id", "classic",
                FilterSpec.of(1_000_000, 0.01)).envelope();

        // sample:probe-file
        Path path = new Path(filters, "users.blmf");
        FilterFiles.write(filter, path, conf);                          // or any file writeTo wrote
        // Only the path travels in the plan; each executor maps the file once (a shared file is
        // copied to the executor once, then mapped) and its tasks share the mapping.
        Dataset<Row> events = spark.table("events")
                .where(FilterProbe.mightContainFile(path.toString(), col("user_id")))   // checks the file here
                .join(spark.table("users"), "user_id");
        // end:probe-file

        assertThat(events.count()).as("every event of a user survives the pre-filter and the join").isEqualTo(USERS);
        List<Row> matched = spark.sql("SELECT e.* FROM events e WHERE bloomery_might_contain_file('" + path + "',"
                + " e.user_id)").collectAsList();
        assertThat(matched.size()).isBetween((int) USERS, (int) USERS + 100);
    }

    @Test
    void fromSql() {
        SparkSession spark = LocalSpark.spark();

        // sample:sql
        FilterAggregates.register(spark, "users_filter", "classic", FilterSpec.of(1_000_000, 0.01), ColumnHasher.LONG);
        FilterProbe.register(spark);                                     // bloomery_might_contain
        // end:sql

        // The page's SQL, as written there.
        Row built = spark.sql("SELECT users_filter(user_id) AS filter, count(*) - count(user_id) AS nulls_skipped FROM users").head();
        assertThat(built.getLong(1)).isEqualTo(10);
        List<Row> matched = spark.sql("SELECT e.*\nFROM events e\n"
                + "WHERE bloomery_might_contain((SELECT users_filter(user_id) FROM users), e.user_id)").collectAsList();
        assertThat(matched.size()).isBetween((int) USERS, (int) USERS + 100);
    }
}
