package org.bloomery.redis;

/**
 * Registers kind {@code "redis-counting"}: the {@code counting} kind's cells stored in Redis, shared by
 * every process that opens the same name. Built from configuration ({@code
 * bloomery.kind=redis-counting}, with options {@code uri} and {@code name}); see {@link RedisCellsFilter}.
 */
public final class RedisCountingProvider extends RedisCellsProvider {
    /** The kind's name, {@code "redis-counting"}. */
    public static final String KIND = "redis-counting";

    /** The provider; stateless, as {@link java.util.ServiceLoader} needs. */
    public RedisCountingProvider() {
        super(CellKind.NIBBLES);
    }
}
