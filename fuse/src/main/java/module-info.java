/**
 * The binary fuse filter, registered with {@link java.util.ServiceLoader} as kind {@code "fuse"}:
 * a static filter built whole from a known set. Its public type exposes api types, so the api is
 * required transitively.
 */
module org.bloomery.fuse {
    requires transitive org.bloomery.api;

    exports org.bloomery.fuse;

    provides org.bloomery.api.FilterProvider with org.bloomery.fuse.FuseProvider;
}
