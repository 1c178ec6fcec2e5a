package org.bloomery.aging;

import java.io.IOException;
import java.io.InputStream;
import java.util.function.LongSupplier;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.spi.AbstractProvider;

/**
 * Registers kind {@code "aging"}, the {@link AgingFilter}, with {@link java.util.ServiceLoader}, and
 * creates and reads filters with a clock of the caller's choosing. Stateless.
 */
public final class AgingProvider extends AbstractProvider {
    /** The kind's name, {@code "aging"}. */
    public static final String KIND = "aging";

    /** Creates the provider; called by {@link java.util.ServiceLoader}. */
    public AgingProvider() {
        super(KIND, AgingFilter.CAPABILITIES);
    }

    @Override
    public String description() {
        return "Aging (sliding-window) Bloom filter: an item added within the window is always present, older"
                + " ones are forgotten without removes; expectedInsertions is the most items one window holds.\n"
                + "Options: exactly one of window = the window in adds, or windowMillis = the window in"
                + " milliseconds (a time window grows with the rate), each an integer in [1, 2^40];\n"
                + "  generations = g, the window's generations, integer in [1, 64], default 4: the slack, how long"
                + " past the window an item may stay present, is window / g;\n"
                + "  layout = standard (default), blocked, sectored or patterned, each generation's Bloom layout.";
    }

    @Override
    public <T> MembershipFilter<T> create(FilterSpec spec, KeyHasher<? super T> hasher) {
        return AgingFilter.create(spec, hasher);
    }

    /**
     * Builds an empty filter that reads the given clock (a test's, or a {@link java.time.Clock}'s
     * {@code millis}).
     *
     * @param spec n (the most items one window holds), fpp and options
     * @param hasher maps items to hashes
     * @param millis the clock, in milliseconds
     * @param <T> the item type
     * @return the filter
     * @throws IllegalArgumentException as {@link AgingFilter#create(FilterSpec, KeyHasher, LongSupplier)}
     */
    public <T> AgingFilter<T> create(FilterSpec spec, KeyHasher<? super T> hasher, LongSupplier millis) {
        return AgingFilter.create(spec, hasher, millis);
    }

    @Override
    public <T> MembershipFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        return AgingFilter.readFrom(in, hasher);
    }

    /**
     * Reads a filter that reads the given clock from then on.
     *
     * @param in the stream, at the start of the envelope; not closed
     * @param hasher the hasher the filter was written with
     * @param millis the clock, in milliseconds
     * @param <T> the item type
     * @return the filter
     * @throws org.bloomery.api.InvalidFilterDataException if the data is not a valid aging filter
     * @throws IOException if the stream fails
     */
    public <T> AgingFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher, LongSupplier millis)
            throws IOException {
        return AgingFilter.readFrom(in, hasher, millis);
    }
}
