/**
 * The aging Bloom filter (kind {@code "aging"}): a sliding-window filter that always remembers the
 * items added within its window, of adds or of milliseconds, and forgets older ones without removes.
 */
module org.bloomery.aging {
    // Transitive: AgingFilter's public signatures use the api's types.
    requires transitive org.bloomery.api;
    requires org.bloomery.bloom;

    exports org.bloomery.aging;

    provides org.bloomery.api.FilterProvider with org.bloomery.aging.AgingProvider;
}
