/** The classic Bloom filter, registered with {@link java.util.ServiceLoader} as kind {@code "classic"}. */
module org.bloomery.classic {
    requires org.bloomery.api;

    exports org.bloomery.classic;

    provides org.bloomery.api.FilterProvider with org.bloomery.classic.ClassicFilterProvider;
}
