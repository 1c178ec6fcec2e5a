package org.bloomery.api;

/** What {@link Filters#map} does besides mapping a filter file. */
public enum MapOption {
    /**
     * Checks every region of the body against its checksum before returning ({@link
     * MappedFilter#verify}), reading the whole file once: for callers who would rather pay that at
     * open than trust the storage.
     */
    VERIFY
}
