package org.bloomery.spark;

import java.net.URI;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * Hadoop's local file system under a scheme of its own, {@value #SCHEME}, so that the tests reach
 * the file probe's path for shared files (copied to each executor, then mapped) without a cluster.
 * Registered in a configuration as {@code fs.bloomery-shared.impl}; Hadoop makes it by reflection.
 */
public final class SharedTestFileSystem extends RawLocalFileSystem {
    /** The scheme. */
    static final String SCHEME = "bloomery-shared";

    @Override
    public URI getUri() {
        return URI.create(SCHEME + ":///");
    }

    @Override
    public String getScheme() {
        return SCHEME;
    }
}
