/** The cuckoo filter (kind "cuckoo"): deletion, at fewer bits per item than Bloom at 0.1% (more at 1%). */
module org.bloomery.cuckoo {
    // Transitive: the filter's public signatures use the api's types.
    requires transitive org.bloomery.api;

    exports org.bloomery.cuckoo;

    provides org.bloomery.api.FilterProvider with org.bloomery.cuckoo.CuckooProvider;
}
