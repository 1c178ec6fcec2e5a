/**
 * The Bloomery SPI: the filter contract, the ServiceLoader service and facade, the key hash and the
 * binary envelope for provider authors. The Bloom-family engine lives in its own module,
 * org.bloomery.bloom.
 */
module org.bloomery.api {
    requires static com.google.common;
    // Only for a constant: where a long[]'s first element lies, so blocks can start cache lines.
    requires jdk.unsupported;

    exports org.bloomery.api;
    exports org.bloomery.api.spi;

    uses org.bloomery.api.FilterProvider;
}
