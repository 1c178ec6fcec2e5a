/** The cuckoo filter (kind "cuckoo"): deletion at fewer bits per item than Bloom below 3% error. */
module org.bloomery.cuckoo {
    requires org.bloomery.api;

    exports org.bloomery.cuckoo;

    provides org.bloomery.api.FilterProvider with org.bloomery.cuckoo.CuckooFilterProvider;
}
