/**
 * The scalable Bloom filter (kind {@code "scalable"}): a RedisBloom-style chain of Bloom layers that
 * grows as items arrive while keeping the whole filter's false-positive rate under its target.
 */
module org.bloomery.scalable {
    // Transitive: ScalableFilter's public signatures use the api's types.
    requires transitive org.bloomery.api;
    requires org.bloomery.bloom;

    exports org.bloomery.scalable;

    provides org.bloomery.api.FilterProvider with org.bloomery.scalable.ScalableProvider;
}
