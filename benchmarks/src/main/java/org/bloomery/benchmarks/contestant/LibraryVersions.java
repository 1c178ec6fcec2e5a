package org.bloomery.benchmarks.contestant;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The versions of the peer and exact-set libraries this build was made with, for report headers. */
public final class LibraryVersions {
    private static final Properties VERSIONS = load();

    private LibraryVersions() {
    }

    /**
     * The version of one library.
     *
     * @param library {@code bloomery}, {@code guava}, {@code commons-collections}, {@code cuckoofilter4j},
     *     {@code fastutil}, {@code hppc} or {@code jmh}
     * @return the version, or {@code "?"} if unknown
     */
    public static String of(String library) {
        return VERSIONS.getProperty(library, "?");
    }

    private static Properties load() {
        Properties properties = new Properties();
        try (InputStream in = LibraryVersions.class.getResourceAsStream("versions.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties;
    }
}
