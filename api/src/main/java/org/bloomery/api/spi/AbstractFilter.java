package org.bloomery.api.spi;

import java.util.Objects;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;

/**
 * A base for a kind's filter: it holds the kind's name, the spec and the hasher the filter was made
 * with, answers {@link #kind()}, {@link #spec()} and {@link #hasher()} from them, and writes {@link
 * #toString()} in one form for every kind, so that a kind's class holds only what is its own.
 *
 * <p>The fields are final and set once by the constructor; a subclass reads {@link #hasher} and
 * {@link #spec} directly, so a query costs what it would if the subclass held them itself.
 *
 * @param <T> the item type
 */
public abstract class AbstractFilter<T> implements MembershipFilter<T> {
    /** The spec the filter was made with, as {@link #spec()} returns it. */
    protected final FilterSpec spec;
    /** The hasher that maps items to the hashes the filter holds. */
    protected final KeyHasher<? super T> hasher;
    private final String kind;

    /**
     * Holds the filter's identity.
     *
     * @param kind the kind's name, as its provider's {@link org.bloomery.api.FilterProvider#kind()}
     * @param spec the spec, as {@link #spec()} will return it
     * @param hasher the hasher
     * @throws NullPointerException if any argument is null
     */
    protected AbstractFilter(String kind, FilterSpec spec, KeyHasher<? super T> hasher) {
        this.kind = Objects.requireNonNull(kind, "kind");
        this.spec = Objects.requireNonNull(spec, "spec");
        this.hasher = Objects.requireNonNull(hasher, "hasher");
    }

    @Override
    public final String kind() {
        return kind;
    }

    @Override
    public final FilterSpec spec() {
        return spec;
    }

    @Override
    public final KeyHasher<? super T> hasher() {
        return hasher;
    }

    /**
     * The filter's own parameters and state, for {@link #toString()}.
     *
     * @return {@code name=value} pairs separated by {@code ", "}, e.g. {@code "m=9600, k=7"}
     */
    protected abstract String describe();

    /**
     * The class's simple name, then in brackets the kind, {@link #describe()} and the hasher's id,
     * e.g. {@code ClassicFilter[kind=classic, m=9600, k=7, hasher=xxh64]}; for people and logs, not
     * to be parsed.
     */
    @Override
    public final String toString() {
        return getClass().getSimpleName() + "[kind=" + kind + ", " + describe() + ", hasher=" + hasher.id() + "]";
    }
}
