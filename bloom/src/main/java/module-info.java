/**
 * The engine shared by Bloomery's Bloom-family kinds: sizing, layouts, probe strategies and bit
 * storage. Internal, not an API: its package is exported only to the modules built on it, and it
 * may change in any release.
 */
module org.bloomery.bloom {
    // Transitive: the engine's signatures use the api's FilterSpec and body streams.
    requires transitive org.bloomery.api;

    // Qualified: only Bloomery's own Bloom-family modules may read the engine. spark and compare
    // run on the class path, where module exports do not apply.
    exports org.bloomery.bloom to
            org.bloomery.classic,
            org.bloomery.counting,
            org.bloomery.scalable,
            org.bloomery.aging,
            org.bloomery.redis;
}
