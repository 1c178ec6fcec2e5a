package org.bloomery.redis;

class RedisCountingContractTest extends SharedFilterContract {
    @Override
    protected String kind() {
        return "redis-counting";
    }

    @Override
    protected String snapshotKind() {
        return "counting";
    }
}
