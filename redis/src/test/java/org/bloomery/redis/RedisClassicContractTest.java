package org.bloomery.redis;

class RedisClassicContractTest extends SharedFilterContract {
    @Override
    protected String kind() {
        return "redis-classic";
    }

    @Override
    protected String snapshotKind() {
        return "classic";
    }
}
