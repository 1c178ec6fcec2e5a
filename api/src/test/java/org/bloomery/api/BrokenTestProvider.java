package org.bloomery.api;

import java.io.InputStream;
import java.util.Set;

/** Registered in api's test resources to prove that a provider that fails to load hides no other. */
public final class BrokenTestProvider implements FilterProvider {
    /** Always fails, as a provider with a missing dependency would. */
    public BrokenTestProvider() {
        throw new IllegalStateException("this provider is broken on purpose");
    }

    @Override
    public String kind() {
        return "broken";
    }

    @Override
    public Set<Capability> capabilities() {
        return Set.of();
    }

    @Override
    public String description() {
        return "never loads";
    }

    @Override
    public <T> MembershipFilter<T> create(FilterSpec spec, KeyHasher<? super T> hasher) {
        throw new UnsupportedOperationException();
    }

    @Override
    public <T> MembershipFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher) {
        throw new UnsupportedOperationException();
    }
}
