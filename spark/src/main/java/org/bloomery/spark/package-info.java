/**
 * Bloomery for Apache Spark 3.5: {@link org.bloomery.spark.FilterAggregates} builds every
 * in-process kind from a column (kinds that merge per partition, as a build or an aggregate
 * column or SQL function; any other kind, static ones included, on the driver from the partitions'
 * distinct hashes), with kind, spec and size checked before any job runs and overfilled filters
 * refused ({@link org.bloomery.spark.BuildOptions}); its value is the filter's envelope bytes.
 * {@link org.bloomery.spark.FilterProbe} probes those bytes from the DataFrame API and SQL
 * ({@code bloomery_might_contain}), and the filter in a file by its path, mapped once per executor
 * ({@code bloomery_might_contain_file}); {@link org.bloomery.spark.FilterFiles} writes and reads them
 * on any Hadoop-compatible file system, and {@link org.bloomery.spark.RedisUpload} publishes them to
 * Redis when the redis module is on the class path. Spark is a provided dependency: the application
 * brings it.
 */
package org.bloomery.spark;
