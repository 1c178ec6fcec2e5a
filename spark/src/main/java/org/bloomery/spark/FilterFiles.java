package org.bloomery.spark;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.bloomery.api.Filters;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;

/**
 * Writes a filter's envelope bytes to a file or any Hadoop-compatible path ({@code file:},
 * {@code hdfs:}, {@code s3a:} and the others the Spark installation's Hadoop knows) and reads them
 * back. The file holds exactly the envelope, so {@link Filters#readFrom} reads it in any JVM, and
 * the Bloomery command line and services read it as they read any filter file.
 */
public final class FilterFiles {
    private FilterFiles() {
    }

    /**
     * Writes envelope bytes to a path, replacing the file if it exists.
     *
     * @param envelope a filter's envelope bytes, as the aggregate produces them
     * @param path the path, e.g. {@code new Path("hdfs:///filters/users.blmf")}
     * @param conf the Hadoop configuration, e.g. {@code spark.sparkContext().hadoopConfiguration()}
     * @throws IOException if the file system fails
     */
    public static void write(byte[] envelope, Path path, Configuration conf) throws IOException {
        Objects.requireNonNull(envelope, "envelope");
        try (OutputStream out = path.getFileSystem(conf).create(path, true)) {
            out.write(envelope);
        }
    }

    /**
     * Writes a filter to a path in its envelope format, replacing the file if it exists.
     *
     * @param filter the filter
     * @param path the path
     * @param conf the Hadoop configuration
     * @throws IOException if the file system fails
     */
    public static void write(MembershipFilter<?> filter, Path path, Configuration conf) throws IOException {
        Objects.requireNonNull(filter, "filter");
        try (OutputStream out = path.getFileSystem(conf).create(path, true)) {
            filter.writeTo(out);
        }
    }

    /**
     * Reads a filter from a path, as {@link Filters#readFrom} reads it from a stream.
     *
     * @param path the path
     * @param conf the Hadoop configuration
     * @param hasher the hasher the filter was built with, e.g. {@code ColumnHasher.LONG.keyHasher()}
     * @param <T> the item type
     * @return the filter
     * @throws InvalidFilterDataException if the file does not hold a valid filter, or was written
     *     with another hasher
     * @throws IOException if the file system fails
     */
    public static <T> MembershipFilter<T> read(Path path, Configuration conf, KeyHasher<? super T> hasher)
            throws IOException {
        Objects.requireNonNull(hasher, "hasher");
        try (InputStream in = path.getFileSystem(conf).open(path)) {
            return Filters.readFrom(in, hasher);
        }
    }

    /**
     * Reads a file's envelope bytes without reading the filter, e.g. to probe it with
     * {@code FilterProbe.mightContain(lit(bytes), column)}; the probe validates them.
     *
     * @param path the path
     * @param conf the Hadoop configuration
     * @return the file's bytes
     * @throws InvalidFilterDataException if the file is larger than one Spark binary value holds
     * @throws IOException if the file system fails
     */
    public static byte[] readBytes(Path path, Configuration conf) throws IOException {
        FileSystem fs = path.getFileSystem(conf);
        long length = fs.getFileStatus(path).getLen();
        if (length > BuildPlan.MAX_ENVELOPE_BYTES) {
            throw new InvalidFilterDataException(path + " holds " + length + " bytes; a filter probed in Spark"
                    + " must fit one binary value, at most " + BuildPlan.MAX_ENVELOPE_BYTES + " bytes");
        }
        try (InputStream in = fs.open(path)) {
            ByteArrayOutputStream out = new ByteArrayOutputStream((int) length);
            in.transferTo(out);
            return out.toByteArray();
        }
    }
}
