package org.bloomery.api;

/**
 * Thrown by {@link MembershipFilter#add} when the filter cannot take the item. The filter is left
 * exactly as it was before the call: every item added earlier is still reported present.
 */
public final class FilterFullException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what was full and why, naming the kind and its capacity
     */
    public FilterFullException(String message) {
        super(message);
    }
}
