package org.bloomery.aging;

import java.util.List;

/**
 * A snapshot of an {@link AgingFilter}'s window and generations. Taken without stopping concurrent
 * adds, so counts may lag them.
 *
 * @param timed whether the window is of milliseconds (option {@code windowMillis}) rather than of adds
 *     (option {@code window})
 * @param window the window, in adds or milliseconds: an item added within it is always reported present
 * @param generations g, the generations the window is cut into; the ring holds g + 1
 * @param generationSpan each generation's length, {@code ceil(window / g)} adds or milliseconds
 * @param slack how far past the window an item may still be reported present, {@code (g + 1) ·
 *     generationSpan − window}; an item older than {@code window + slack} is reported present only
 *     as a false positive
 * @param itemsInWindow {@link AgingFilter#approximateCount()}
 * @param bitSize bits allocated, the sum of every generation's layers
 * @param perGeneration the g + 1 slots, the newest generation first; immutable
 */
public record AgingInfo(boolean timed, long window, int generations, long generationSpan, long slack,
        long itemsInWindow, long bitSize, List<GenerationInfo> perGeneration) {

    /** Copies {@code perGeneration} into an immutable list. */
    public AgingInfo {
        perGeneration = List.copyOf(perGeneration);
    }
}
