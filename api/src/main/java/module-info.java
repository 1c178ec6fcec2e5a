/**
 * The Bloomery SPI: the filter contract, the ServiceLoader service and facade, the key hash and the
 * binary envelope for provider authors. The Bloom-family engine lives in its own module,
 * org.bloomery.bloom.
 */
module org.bloomery.api {
    requires static com.google.common;

    // The user contract and the provider SPI a third-party kind needs: all a module outside
    // Bloomery can read.
    exports org.bloomery.api;
    exports org.bloomery.api.spi;
    // Bloomery's shared internals, for its own modules only (cli runs on the class path, where
    // module exports do not apply).
    exports org.bloomery.api.internal to
            org.bloomery.bloom,
            org.bloomery.counting,
            org.bloomery.fuse,
            org.bloomery.ribbon,
            org.bloomery.aging;

    uses org.bloomery.api.FilterProvider;
}
