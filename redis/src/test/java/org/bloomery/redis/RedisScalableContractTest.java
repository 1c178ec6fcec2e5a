package org.bloomery.redis;

class RedisScalableContractTest extends SharedFilterContract {
    @Override
    protected String kind() {
        return "redis-scalable";
    }

    @Override
    protected String snapshotKind() {
        return "scalable";
    }
}
