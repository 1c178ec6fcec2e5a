package org.bloomery.spark;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Paths;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.EtagSource;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.bloomery.api.Filters;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.spi.Envelope;

/**
 * A filter file the file probe reads, named by its path as the driver qualified it (so a relative
 * or scheme-less path means on every executor what it meant on the driver). A {@code file:} path
 * is local: read through {@code java.nio} and mapped where it lies, which bypasses Hadoop's
 * checksum sidecar files (a {@code .crc} that a replacement by a move leaves stale). Any other
 * scheme is shared: read through Hadoop's {@link FileSystem}.
 *
 * @param path the qualified path, e.g. {@code file:/data/users.blmf} or {@code hdfs://nn/f/users.blmf}
 * @param local whether the scheme is {@code file}
 */
record FilterFile(String path, boolean local) implements Serializable {
    /**
     * The version of a file the probe has read: a file replaced by another (a move over it, or a
     * rewrite) has another identity, so the probe reads it anew.
     *
     * @param length the file's length
     * @param modified its modification time, in the finest unit the file system gives
     * @param key what else tells two versions apart: the local file's inode ({@code fileKey()}), or
     *     the shared file's etag where its file system gives one (S3A, ABFS); else null
     */
    record Identity(long length, long modified, Object key) {
    }

    /**
     * The filter file at {@code path}, qualified as Hadoop qualifies it: a path with no scheme is on
     * the default file system ({@code fs.defaultFS}, {@code file:} unless the cluster sets another),
     * relative to the driver's working directory there.
     */
    static FilterFile resolve(String path, Configuration conf) throws IOException {
        if (path.isEmpty()) {
            throw new IllegalArgumentException("the filter file's path is empty");
        }
        Path qualified = new Path(path).getFileSystem(conf).makeQualified(new Path(path));
        return new FilterFile(qualified.toString(), "file".equals(qualified.toUri().getScheme()));
    }

    /** The file as this JVM opens it; only for a local file. */
    java.nio.file.Path localPath() {
        return Paths.get(new Path(path).toUri());
    }

    /**
     * The file's identity now: one stat, local or through Hadoop.
     *
     * @throws FileNotFoundException if there is no file at the path, or it is a directory, naming it
     */
    Identity identity(Configuration conf) throws IOException {
        if (local) {
            BasicFileAttributes attributes;
            try {
                attributes = Files.readAttributes(localPath(), BasicFileAttributes.class);
            } catch (NoSuchFileException e) {
                throw missing();
            }
            if (!attributes.isRegularFile()) {
                throw notAFile();
            }
            return new Identity(attributes.size(), attributes.lastModifiedTime().to(TimeUnit.NANOSECONDS),
                    attributes.fileKey());
        }
        Path file = new Path(path);
        FileStatus status;
        try {
            status = file.getFileSystem(conf).getFileStatus(file);
        } catch (FileNotFoundException e) {
            throw missing();
        }
        if (!status.isFile()) {
            throw notAFile();
        }
        return new Identity(status.getLen(), status.getModificationTime(),
                status instanceof EtagSource tagged ? tagged.getEtag() : null);
    }

    /** The file's bytes from the start. */
    InputStream open(Configuration conf) throws IOException {
        if (local) {
            return Files.newInputStream(localPath());
        }
        Path file = new Path(path);
        return file.getFileSystem(conf).open(file);
    }

    /**
     * Checks, at the driver, what can be checked before a task runs: that the file exists and is a
     * filter whose kind has a provider, written with the hasher of {@code column} (or, if null, of
     * some column type). A local file of format version 3 is also mapped and closed, which checks its
     * length and region table and whether its kind maps; of a shared file only the header is read.
     *
     * @param column the probed column's hasher, or null when its type is not known yet
     * @return why the executors will read the filter onto their heaps rather than map it; empty if
     *     they map it (or, for a shared file, will try to)
     * @throws FileNotFoundException if there is no file at the path, naming it
     * @throws InvalidFilterDataException if the file is not a valid filter, has no provider, or was
     *     written with another hasher, naming the path
     */
    Optional<String> check(ColumnHasher column, Configuration conf) throws IOException {
        identity(conf);
        Envelope.KindPrefix header;
        try (InputStream in = open(conf)) {
            header = Envelope.readKind(in);
        } catch (InvalidFilterDataException e) {
            throw invalid(e);
        }
        if (Filters.provider(header.kind()).isEmpty()) {
            throw new InvalidFilterDataException("the filter file " + path + " holds a filter of kind '" + header.kind()
                    + "', for which no provider is on the class path; kinds available: " + Filters.kinds());
        }
        ColumnHasher reader = column != null ? column : ColumnHasher.forHasherId(header.hasherId())
                .orElseThrow(() -> new InvalidFilterDataException("the filter file " + path + " was built with hasher '"
                        + header.hasherId() + "', which no Spark column type hashes with; column types and their"
                        + " hashers: " + ColumnHasher.supportedTypes()));
        if (KeyHasher.forReading(header.hasherId(), reader.keyHasher()).isEmpty()) {
            throw new InvalidFilterDataException("the filter file " + path + " was built with hasher '"
                    + header.hasherId() + "', but a column of type " + reader.dataType().simpleString()
                    + " is hashed with '" + reader.keyHasher().id() + "'; probe it with a column of the type it was"
                    + " built from");
        }
        if (header.version() != Envelope.FORMAT_VERSION) {
            return Optional.of("it is of format version " + header.version() + ", which does not map (write it again"
                    + " with writeTo, which writes version " + Envelope.FORMAT_VERSION + ")");
        }
        if (!local) {
            return Optional.empty();
        }
        try {
            Filters.map(localPath(), reader.keyHasher()).close();
            return Optional.empty();
        } catch (UnsupportedOperationException e) {
            return Optional.of("its kind '" + header.kind() + "' does not map");
        } catch (InvalidFilterDataException e) {
            throw invalid(e);
        }
    }

    /** A refusal of the file's data that names the file. */
    InvalidFilterDataException invalid(InvalidFilterDataException cause) {
        return new InvalidFilterDataException("the filter file " + path + " is not a valid filter: " + cause.getMessage(),
                cause);
    }

    private FileNotFoundException missing() {
        return new FileNotFoundException("no filter file at " + path);
    }

    private FileNotFoundException notAFile() {
        return new FileNotFoundException(path + " is a directory or another kind of file, not a filter file");
    }
}
