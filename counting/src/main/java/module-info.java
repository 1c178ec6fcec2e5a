/** The counting Bloom filter, kind {@code "counting"}. */
module org.bloomery.counting {
    requires org.bloomery.api;

    exports org.bloomery.counting;

    provides org.bloomery.api.FilterProvider with org.bloomery.counting.CountingFilterProvider;
}
