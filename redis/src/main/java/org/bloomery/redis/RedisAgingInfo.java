package org.bloomery.redis;

import java.util.List;

/**
 * A snapshot of a {@link RedisAgingFilter}'s window and generations, as the in-process {@code aging}
 * kind's {@code AgingInfo} reports them (field for field), read in one script at the server's time.
 *
 * @param timed whether the window is of milliseconds (option {@code windowMillis}) rather than of adds
 *     (option {@code window})
 * @param window the window, in adds or milliseconds: an item added within it is always reported present
 * @param generations g, the generations the window is cut into; the ring holds g + 1
 * @param generationSpan each generation's length, {@code ceil(window / g)} adds or milliseconds
 * @param slack how far past the window an item may still be reported present, {@code (g + 1) ·
 *     generationSpan − window}
 * @param itemsInWindow {@link RedisAgingFilter#approximateCount()}
 * @param bitSize bits stored, the sum of every generation's layers
 * @param perGeneration the g + 1 slots, the newest generation first; immutable
 */
public record RedisAgingInfo(boolean timed, long window, int generations, long generationSpan, long slack,
        long itemsInWindow, long bitSize, List<Generation> perGeneration) {

    /** Copies {@code perGeneration} into an immutable list. */
    public RedisAgingInfo {
        perGeneration = List.copyOf(perGeneration);
    }

    /**
     * One slot of the ring.
     *
     * @param epoch the generation it holds (in a time window, the server's milliseconds divided by the
     *     span, rounded down)
     * @param live whether the generation is within the window's g + 1
     * @param items in a count window its adds, in a time window the items reserved in its layers
     * @param layers its layers (more than one when a time window's generation grew)
     * @param bitSize the bits of its layers
     */
    public record Generation(long epoch, boolean live, long items, int layers, long bitSize) {
    }
}
