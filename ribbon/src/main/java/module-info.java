/**
 * The Ribbon filter, registered with {@link java.util.ServiceLoader} as kind {@code "ribbon"}: a
 * static filter built whole from a known set, at any fpp. Its public type exposes api types, so the
 * api is required transitively.
 */
module org.bloomery.ribbon {
    requires transitive org.bloomery.api;

    exports org.bloomery.ribbon;

    provides org.bloomery.api.FilterProvider with org.bloomery.ribbon.RibbonProvider;
}
