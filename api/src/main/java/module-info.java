/**
 * The Bloomery SPI: the filter contract, the ServiceLoader service and facade, the key hash, the
 * binary envelope for provider authors, and the Bloom-family building blocks.
 */
module org.bloomery.api {
    requires static com.google.common;

    exports org.bloomery.api;
    exports org.bloomery.api.spi;
    exports org.bloomery.api.bloom;

    uses org.bloomery.api.FilterProvider;
}
