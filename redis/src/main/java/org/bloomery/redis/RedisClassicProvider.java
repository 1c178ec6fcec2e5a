package org.bloomery.redis;

/**
 * Registers kind {@code "redis-classic"}: the {@code classic} kind's cells stored in Redis, shared by
 * every process that opens the same name. Built from configuration ({@code
 * bloomery.kind=redis-classic}, with options {@code uri} and {@code name}); see {@link RedisCellsFilter}.
 */
public final class RedisClassicProvider extends RedisCellsProvider {
    /** The kind's name, {@code "redis-classic"}. */
    public static final String KIND = "redis-classic";

    /** The provider; stateless, as {@link java.util.ServiceLoader} needs. */
    public RedisClassicProvider() {
        super(CellKind.BITS);
    }
}
