/**
 * A throw-away {@code redis-server} process for tests and the comparison tool; see {@link
 * org.bloomery.redisserver.RedisServerProcess}. Not a dependency of any library module.
 */
module org.bloomery.redisserver {
    exports org.bloomery.redisserver;
}
