package org.bloomery.api;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import org.bloomery.api.spi.Envelope;
import org.bloomery.api.spi.MappedBody;

/**
 * A filter read where it lies in a file mapped into memory ({@link Filters#map}): it answers every
 * query as the filter written in the file, without a copy of its structure on the heap, and
 * without allocating. It is read-only: {@code add}, {@code addHash}, {@code addLong}, {@code
 * remove}, {@code removeHash}, {@code mergeFrom} and {@code clear} throw {@link
 * UnsupportedOperationException}, and {@link #capabilities()} holds {@link Capability#MAPPED}.
 *
 * <p><b>The file underneath.</b> The mapping shows the file's pages as they are now. A file replaced
 * by renaming another over it (the safe way, docs/serving.md) leaves this mapping on the old file,
 * which answers on. A file truncated in place makes a query that reads a page past the new end
 * throw {@link MappedFileException}; one rewritten in place gives answers from a mix of old and
 * new bytes, which {@link #verify} detects. Neither crashes the JVM.
 *
 * <p><b>Closing.</b> {@link #close} drops this filter's references to the mapping, and queries
 * afterwards throw {@link IllegalStateException}. On JDK 17 a mapping is released only when the
 * garbage collector frees its buffers, some time after the last reference goes: until then the
 * file's pages stay mapped (and a deleted file's space stays in use).
 *
 * <p>Safe for queries from any number of threads; {@link #close} must not race with queries.
 *
 * @param <T> the item type
 */
public final class MappedFilter<T> implements MembershipFilter<T>, Closeable {
    private static final Set<Capability> CHANGES = EnumSet.of(Capability.ADD, Capability.REMOVE, Capability.MERGE,
            Capability.GROW);

    /** The kind's query structure over the mapping; a refusing stand-in once closed. */
    private MembershipFilter<T> filter;
    private MappedBody body;
    private final Set<Capability> capabilities;
    private final String file;

    MappedFilter(MembershipFilter<T> filter, MappedBody body) {
        this.filter = filter;
        this.body = body;
        this.file = body.file().toString();
        EnumSet<Capability> capabilities = EnumSet.noneOf(Capability.class);
        capabilities.addAll(filter.capabilities());
        capabilities.removeAll(CHANGES);
        capabilities.add(Capability.MAPPED);
        this.capabilities = Collections.unmodifiableSet(capabilities);
    }

    @Override
    public boolean mightContain(T item) {
        try {
            return filter.mightContain(item);
        } catch (InternalError e) {
            throw fault(e);
        }
    }

    @Override
    public boolean mightContainLong(long key) {
        try {
            return filter.mightContainLong(key);
        } catch (InternalError e) {
            throw fault(e);
        }
    }

    @Override
    public boolean mightContainHash(long hash) {
        try {
            return filter.mightContainHash(hash);
        } catch (InternalError e) {
            throw fault(e);
        }
    }

    @Override
    public void mightContainHashes(long[] hashes, int from, int to, boolean[] out) {
        try {
            filter.mightContainHashes(hashes, from, to, out);
        } catch (InternalError e) {
            throw fault(e);
        }
    }

    /**
     * Checks every region of the file's body against its stored CRC32C, the regions in parallel,
     * reading the whole body once.
     *
     * @throws InvalidFilterDataException naming the first region (lowest index) that does not match
     * @throws MappedFileException if the file was truncated underneath
     * @throws IllegalStateException if closed
     */
    public void verify() throws InvalidFilterDataException {
        MappedBody mapped = open();
        try {
            mapped.verify();
        } catch (InternalError e) {
            throw fault(e);
        }
    }

    /**
     * Always refuses.
     *
     * @throws UnsupportedOperationException always: the filter is mapped read-only
     */
    @Override
    public boolean addHash(long hash) {
        throw readOnly("add");
    }

    /**
     * Always refuses.
     *
     * @throws UnsupportedOperationException always: the filter is mapped read-only
     */
    @Override
    public boolean removeHash(long hash) {
        throw readOnly("remove");
    }

    /**
     * Always refuses.
     *
     * @throws UnsupportedOperationException always: the filter is mapped read-only
     */
    @Override
    public void mergeFrom(MembershipFilter<T> other) {
        throw readOnly("merge into");
    }

    /**
     * Always refuses.
     *
     * @throws UnsupportedOperationException always: the filter is mapped read-only
     */
    @Override
    public void clear() {
        throw readOnly("clear");
    }

    /** The filter's capabilities without those that change it, with {@link Capability#MAPPED}. */
    @Override
    public Set<Capability> capabilities() {
        return capabilities;
    }

    @Override
    public String kind() {
        return filter.kind();
    }

    @Override
    public FilterSpec spec() {
        return filter.spec();
    }

    @Override
    public KeyHasher<? super T> hasher() {
        return filter.hasher();
    }

    @Override
    public long approximateCount() {
        return filter.approximateCount();
    }

    @Override
    public double expectedFpp() {
        return filter.expectedFpp();
    }

    @Override
    public long bitSize() {
        return filter.bitSize();
    }

    /** Writes the file's envelope again: the same body, in the format version this code writes. */
    @Override
    public void writeTo(OutputStream out) throws IOException {
        MappedBody mapped = open();
        try {
            Envelope.write(out, this, mapped.length(), mapped::copyTo);
        } catch (InternalError e) {
            throw fault(e);
        }
    }

    /**
     * Drops this filter's references to the mapping; queries afterwards throw {@link
     * IllegalStateException}. The JVM unmaps the file when it collects the mapping's buffers (JDK 17
     * has no way to unmap earlier). Closing twice does nothing more.
     */
    @Override
    public void close() {
        filter = new Closed<>(filter, file);
        body = null;
    }

    @Override
    public String toString() {
        return "MappedFilter[" + file + ", " + filter + "]";
    }

    private MappedBody open() {
        MappedBody mapped = body;
        if (mapped == null) {
            throw Closed.closed(file);
        }
        return mapped;
    }

    private MappedFileException fault(InternalError e) {
        return new MappedFileException("the mapped filter file " + file + " can no longer be read where it is mapped"
                + " (truncated by another process?): " + e.getMessage(), e);
    }

    private UnsupportedOperationException readOnly(String operation) {
        return new UnsupportedOperationException("cannot " + operation + " a " + filter.kind()
                + " filter mapped read-only from " + file + "; read it with Filters.readFrom to change it");
    }

    /** What a closed mapped filter queries: refuses each query, keeps the description. */
    private static final class Closed<T> implements MembershipFilter<T> {
        private final String kind;
        private final FilterSpec spec;
        private final KeyHasher<? super T> hasher;
        private final Set<Capability> capabilities;
        private final String file;

        Closed(MembershipFilter<T> was, String file) {
            this.kind = was.kind();
            this.spec = was.spec();
            this.hasher = was.hasher();
            this.capabilities = was.capabilities();
            this.file = file;
        }

        static IllegalStateException closed(String file) {
            return new IllegalStateException("the filter mapped from " + file + " is closed");
        }

        @Override
        public boolean addHash(long hash) {
            throw closed(file);
        }

        @Override
        public boolean mightContainHash(long hash) {
            throw closed(file);
        }

        @Override
        public Set<Capability> capabilities() {
            return capabilities;
        }

        @Override
        public String kind() {
            return kind;
        }

        @Override
        public FilterSpec spec() {
            return spec;
        }

        @Override
        public KeyHasher<? super T> hasher() {
            return hasher;
        }

        @Override
        public long approximateCount() {
            throw closed(file);
        }

        @Override
        public double expectedFpp() {
            throw closed(file);
        }

        @Override
        public long bitSize() {
            throw closed(file);
        }

        @Override
        public void clear() {
            throw closed(file);
        }

        @Override
        public void writeTo(OutputStream out) {
            throw closed(file);
        }

        @Override
        public String toString() {
            return "closed";
        }
    }
}
