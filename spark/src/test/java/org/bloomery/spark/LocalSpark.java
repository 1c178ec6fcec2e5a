package org.bloomery.spark;

import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One {@code local[2]} Spark session for every test class of the module: started by the first
 * class that asks for it and stopped when the test run ends (JUnit closes resources in the root
 * store then), so the start-up cost is paid once.
 */
final class LocalSpark implements BeforeAllCallback {
    /** Partitions of the tests' generated tables. */
    static final int PARTITIONS = 8;

    private static volatile SparkSession session;

    @Override
    public void beforeAll(ExtensionContext context) {
        context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(LocalSpark.class, key -> new Resource(), Resource.class);
    }

    /** The shared session; only inside a class extended with this extension. */
    static SparkSession spark() {
        SparkSession s = session;
        if (s == null) {
            throw new IllegalStateException("annotate the test class with @ExtendWith(LocalSpark.class)");
        }
        return s;
    }

    private static final class Resource implements ExtensionContext.Store.CloseableResource {
        Resource() {
            session = SparkSession.builder()
                    .master("local[2]")
                    .appName("bloomery-spark-tests")
                    .config("spark.ui.enabled", "false")
                    .config("spark.driver.host", "127.0.0.1")
                    .config("spark.driver.bindAddress", "127.0.0.1")
                    .config("spark.sql.shuffle.partitions", "2")
                    // One executor: waiting for a "local" slot only idles the cores.
                    .config("spark.locality.wait", "0")
                    .getOrCreate();
            FilterProbe.register(session);
        }

        @Override
        public void close() {
            session.stop();
            session = null;
        }
    }
}
