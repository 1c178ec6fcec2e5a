/**
 * The counting Bloom filter, registered with {@link java.util.ServiceLoader} as kind {@code
 * "counting"}. Its public type exposes api types, so the api is required transitively.
 */
module org.bloomery.counting {
    requires transitive org.bloomery.api;
    requires org.bloomery.bloom;

    exports org.bloomery.counting;

    provides org.bloomery.api.FilterProvider with org.bloomery.counting.CountingProvider;
}
