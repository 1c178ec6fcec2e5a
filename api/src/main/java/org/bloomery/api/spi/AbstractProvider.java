package org.bloomery.api.spi;

import java.util.Objects;
import java.util.Set;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterProvider;

/**
 * A base for a kind's provider: it holds the kind's name and capabilities and answers {@link
 * #kind()} and {@link #capabilities()} from them, so that a provider writes only its description
 * and how it creates, builds and reads its filters. A subclass still needs the public no-argument
 * constructor {@link java.util.ServiceLoader} calls.
 */
public abstract class AbstractProvider implements FilterProvider {
    private final String kind;
    private final Set<Capability> capabilities;

    /**
     * Holds the kind's identity.
     *
     * @param kind the kind's name: lower-case ASCII letters, digits and '-', at most 32 characters
     * @param capabilities the union of the capabilities of the filters the kind builds
     * @throws NullPointerException if either argument is null or holds null
     */
    protected AbstractProvider(String kind, Set<Capability> capabilities) {
        this.kind = Objects.requireNonNull(kind, "kind");
        this.capabilities = Set.copyOf(capabilities);
    }

    @Override
    public final String kind() {
        return kind;
    }

    /** @return an immutable copy of the set given to the constructor */
    @Override
    public final Set<Capability> capabilities() {
        return capabilities;
    }
}
