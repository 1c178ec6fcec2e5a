/**
 * The classic Bloom filter, registered with {@link java.util.ServiceLoader} as kind {@code
 * "classic"}. Its public type exposes api types, so the api is required transitively.
 */
module org.bloomery.classic {
    requires transitive org.bloomery.api;
    requires org.bloomery.bloom;

    exports org.bloomery.classic;

    provides org.bloomery.api.FilterProvider with org.bloomery.classic.ClassicProvider;
}
