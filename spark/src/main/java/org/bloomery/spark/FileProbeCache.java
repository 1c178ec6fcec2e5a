package org.bloomery.spark;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.bloomery.api.Filters;
import org.bloomery.api.InvalidFilterDataException;
import org.bloomery.api.MapOption;
import org.bloomery.api.MappedFileException;
import org.bloomery.api.MappedFilter;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.spi.Envelope;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The filter files opened by the file probe in this JVM (one per executor), keyed by path and
 * column hasher, each held in the version (the {@link FilterFile.Identity}) it was opened in. A
 * task leases the current version when it first probes: a file found to have another identity than
 * the one held is opened anew, and the version held before is closed (unmapped, its local copy
 * deleted) once the last task that leased it ends. Holds the {@value #CAPACITY} files used last
 * the same way.
 *
 * <p>Opening: a local file of format version 3 whose kind maps is mapped where it lies. A shared
 * file is first copied to a temporary file of this JVM ({@code java.io.tmpdir}, deleted when it is
 * no longer used or when the JVM exits) and mapped from there, after its checksums are verified. A
 * file whose kind does not map, or of format version 2, is read onto the heap instead.
 *
 * <p>Thread-safe: opening happens under the cache's lock, so tasks that ask for the same file at
 * once open it once.
 */
final class FileProbeCache {
    /** Files kept open; a query probes one or a few. */
    static final int CAPACITY = 4;

    private static final Logger LOG = LoggerFactory.getLogger(FileProbeCache.class);
    private static final AtomicLong MAPS = new AtomicLong();
    private static final AtomicLong COPIES = new AtomicLong();
    private static final AtomicLong READS = new AtomicLong();
    private static final AtomicLong CLOSES = new AtomicLong();
    /** Guarded by itself; in order of last use. */
    private static final Map<Key, Opened> OPEN = new LinkedHashMap<>(8, 0.75f, true);
    /** This JVM's directory of shared files' copies, made at the first copy; guarded by {@link #OPEN}. */
    private static Path copies;

    private FileProbeCache() {
    }

    private record Key(String path, ColumnHasher hasher) {
    }

    /** One version of a file, opened; the tasks that lease it query it until they end. */
    static final class Opened {
        private final FilterFile file;
        private final FilterFile.Identity identity;
        private final MembershipFilter<?> filter;
        /** The local copy of a shared file, deleted at close; null for a local file. */
        private final Path copy;
        /** Guarded by {@link #OPEN}. */
        private int leases;
        /** No longer handed out; guarded by {@link #OPEN}. */
        private boolean retired;

        private Opened(FilterFile file, FilterFile.Identity identity, MembershipFilter<?> filter, Path copy) {
            this.file = file;
            this.identity = identity;
            this.filter = filter;
            this.copy = copy;
        }

        /**
         * Whether the filter might contain a value of its column's type; asked with the filter's own
         * hasher (a {@code bigint} filter of an earlier release names the hasher of then).
         *
         * @throws MappedFileException if the mapped file was truncated underneath, naming it
         */
        @SuppressWarnings("unchecked")
        boolean mightContain(Object value) {
            return ((MembershipFilter<Object>) filter).mightContain(value);
        }

        /** The file, as the driver named it. */
        FilterFile file() {
            return file;
        }

        private void close() {
            CLOSES.incrementAndGet();
            if (filter instanceof MappedFilter<?> mapped) {
                mapped.close();
            }
            if (copy != null) {
                try {
                    // The pages stay mapped until the JVM releases the mapping; the name can go now.
                    Files.deleteIfExists(copy);
                } catch (IOException e) {
                    LOG.warn("could not delete {}, the local copy of {}; it is deleted when the JVM exits", copy,
                            file.path(), e);
                }
            }
        }
    }

    /**
     * Leases the current version of a file's filter, read with a column type's hasher, opening it if
     * this JVM does not hold that version. Release it with {@link #release} when the task ends.
     *
     * @throws java.io.FileNotFoundException if there is no file at the path
     * @throws InvalidFilterDataException if the file is not a valid filter or was written with
     *     another hasher, naming it; nothing is held then
     * @throws IOException if the file cannot be read or mapped
     */
    static Opened lease(FilterFile file, ColumnHasher hasher, Configuration conf) throws IOException {
        FilterFile.Identity identity = file.identity(conf);
        Key key = new Key(file.path(), hasher);
        synchronized (OPEN) {
            Opened held = OPEN.get(key);
            if (held == null || !held.identity.equals(identity)) {
                if (held != null) {
                    retire(key);
                }
                held = open(file, identity, hasher, conf);
                OPEN.put(key, held);
                evictBeyondCapacity();
            }
            held.leases++;
            return held;
        }
    }

    /** Ends a lease; the last lease of a version no longer current closes it. */
    static void release(Opened opened) {
        synchronized (OPEN) {
            opened.leases--;
            if (opened.retired && opened.leases == 0) {
                opened.close();
            }
        }
    }

    /**
     * Stops handing out a version whose file failed underneath it (truncated while mapped): the
     * next lease opens the file again, and fails if it is still not a valid filter.
     */
    static void discard(Opened opened) {
        synchronized (OPEN) {
            OPEN.entrySet().stream().filter(e -> e.getValue() == opened).map(Map.Entry::getKey).findFirst()
                    .ifPresent(FileProbeCache::retire);
        }
    }

    /** Files mapped since this JVM started (local files and copies of shared ones); for tests. */
    static long maps() {
        return MAPS.get();
    }

    /** Shared files copied to this JVM since it started; for tests. */
    static long copies() {
        return COPIES.get();
    }

    /** Files read onto the heap since this JVM started, because they do not map; for tests. */
    static long reads() {
        return READS.get();
    }

    /** Versions closed since this JVM started (each once no task used it); for tests. */
    static long closes() {
        return CLOSES.get();
    }

    /** The copies of shared files on this JVM's disk now; for tests. */
    static long copiesOnDisk() throws IOException {
        synchronized (OPEN) {
            if (copies == null) {
                return 0;
            }
            try (var files = Files.list(copies)) {
                return files.count();
            }
        }
    }

    /** Caller holds {@link #OPEN}. */
    private static void retire(Key key) {
        Opened retired = OPEN.remove(key);
        retired.retired = true;
        if (retired.leases == 0) {
            retired.close();
        }
    }

    /** Caller holds {@link #OPEN}. */
    private static void evictBeyondCapacity() {
        List<Key> eldest = new ArrayList<>();
        Iterator<Key> keys = OPEN.keySet().iterator();
        for (int excess = OPEN.size() - CAPACITY; excess > 0; excess--) {
            eldest.add(keys.next());
        }
        eldest.forEach(FileProbeCache::retire);
    }

    /** Caller holds {@link #OPEN}. */
    private static Opened open(FilterFile file, FilterFile.Identity identity, ColumnHasher hasher, Configuration conf)
            throws IOException {
        if (file.local()) {
            return new Opened(file, identity, mapOrRead(file, file.localPath(), hasher, false), null);
        }
        Path copy = Files.createTempFile(copiesDirectory(), "filter-", ".blmf");
        try {
            try (InputStream in = file.open(conf)) {
                Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
            }
            COPIES.incrementAndGet();
            LOG.info("copied the filter file {} ({} bytes) to {}", file.path(), Files.size(copy), copy);
            // A transfer is checked in full once, when the copy is mapped.
            MembershipFilter<?> filter = mapOrRead(file, copy, hasher, true);
            if (filter instanceof MappedFilter<?>) {
                return new Opened(file, identity, filter, copy);
            }
            Files.deleteIfExists(copy);
            return new Opened(file, identity, filter, null);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(copy);
            throw e;
        }
    }

    /** Maps a local file, or reads it onto the heap when it does not map. */
    private static MembershipFilter<?> mapOrRead(FilterFile file, Path local, ColumnHasher hasher, boolean verify)
            throws IOException {
        int version;
        try (InputStream in = Files.newInputStream(local)) {
            version = Envelope.readKind(in).version();
        } catch (InvalidFilterDataException e) {
            throw file.invalid(e);
        }
        if (version == Envelope.FORMAT_VERSION) {
            try {
                MappedFilter<?> mapped = verify ? Filters.map(local, hasher.keyHasher(), MapOption.VERIFY)
                        : Filters.map(local, hasher.keyHasher());
                MAPS.incrementAndGet();
                LOG.info("mapped the filter file {} ({})", file.path(), mapped);
                return mapped;
            } catch (UnsupportedOperationException e) {
                LOG.info("the filter file {} does not map ({}); reading it onto the heap", file.path(), e.getMessage());
            } catch (InvalidFilterDataException e) {
                throw file.invalid(e);
            }
        }
        try (InputStream in = new BufferedInputStream(Files.newInputStream(local), 1 << 16)) {
            MembershipFilter<?> read = Filters.readFrom(in, hasher.keyHasher());
            READS.incrementAndGet();
            LOG.info("read the filter file {} onto the heap ({})", file.path(), read);
            return read;
        } catch (InvalidFilterDataException e) {
            throw file.invalid(e);
        }
    }

    /** Caller holds {@link #OPEN}. */
    private static Path copiesDirectory() throws IOException {
        if (copies == null) {
            Path made = Files.createTempDirectory("bloomery-probe-");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteAll(made), "bloomery-probe-copies"));
            copies = made;
        }
        return copies;
    }

    private static void deleteAll(Path directory) {
        try (var files = Files.list(directory)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Files.deleteIfExists(file);
            }
            Files.deleteIfExists(directory);
        } catch (IOException | UncheckedIOException e) {
            // The JVM is exiting: nothing to report to, and the directory is under java.io.tmpdir.
        }
    }
}
