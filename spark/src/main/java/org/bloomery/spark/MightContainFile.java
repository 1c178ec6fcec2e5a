package org.bloomery.spark;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.TaskContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.util.SerializableConfiguration;
import org.apache.spark.util.TaskCompletionListener;
import org.bloomery.api.MappedFileException;

/**
 * The file probe: whether the filter in a file might contain a column value. Only the file's path
 * (and, for a shared file, a broadcast of the driver's Hadoop configuration) travels with the
 * function. Each task leases the file's current version from {@link FileProbeCache} when it first
 * probes, and holds it to its end, so all its rows are answered by one version.
 */
final class MightContainFile implements UDF1<Object, Boolean> {
    private static final long serialVersionUID = 1L;

    private final FilterFile file;
    private final ColumnHasher hasher;
    /** The driver's Hadoop configuration, to open a shared file; null for a local file. */
    private final Broadcast<SerializableConfiguration> conf;
    /** The version the running task leased; immutable, so a racing reader sees a whole one. */
    private transient volatile Leased leased;

    private record Leased(TaskContext task, FileProbeCache.Opened opened) {
    }

    MightContainFile(FilterFile file, ColumnHasher hasher, Broadcast<SerializableConfiguration> conf) {
        this.file = file;
        this.hasher = hasher;
        this.conf = conf;
    }

    /**
     * Probes the file's filter.
     *
     * @return null if the value is null; otherwise false if the value was definitely not added to
     *     the filter, true if it might have been
     * @throws java.io.FileNotFoundException if there is no file at the path
     * @throws org.bloomery.api.InvalidFilterDataException if the file is not a valid filter (a
     *     truncated file among them) or was written with another hasher, naming it
     * @throws MappedFileException if the mapped file was truncated while this task probed it
     */
    @Override
    public Boolean call(Object value) throws IOException {
        if (value == null) {
            return null;
        }
        TaskContext task = TaskContext.get();
        if (task == null) {
            // Evaluated outside a task: Spark folds a call on constants while it optimises the query.
            FileProbeCache.Opened opened = FileProbeCache.lease(file, hasher, configuration());
            try {
                return mightContain(opened, value);
            } finally {
                FileProbeCache.release(opened);
            }
        }
        Leased held = leased;
        if (held == null || held.task != task) {
            FileProbeCache.Opened opened = FileProbeCache.lease(file, hasher, configuration());
            task.addTaskCompletionListener((TaskCompletionListener) ended -> FileProbeCache.release(opened));
            held = new Leased(task, opened);
            leased = held;
        }
        return mightContain(held.opened, value);
    }

    private boolean mightContain(FileProbeCache.Opened opened, Object value) {
        try {
            return opened.mightContain(value);
        } catch (MappedFileException e) {
            FileProbeCache.discard(opened);
            throw e;
        } catch (InternalError e) {
            // The JVM's error for a page of a truncated mapping, where it surfaces past the filter's
            // own handler: left as it is, Spark would take it for a fatal error and end the executor.
            FileProbeCache.discard(opened);
            throw new MappedFileException("the filter file " + file.path() + " was truncated while mapped", e);
        }
    }

    private Configuration configuration() {
        return conf == null ? null : conf.value().value();
    }
}
