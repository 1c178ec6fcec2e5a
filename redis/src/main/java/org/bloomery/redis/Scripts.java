package org.bloomery.redis;

/**
 * The Lua scripts of the shared filters. Each touches one key, so it runs whole on the node that
 * holds the key: no other client sees half of it.
 */
final class Scripts {
    /**
     * A counting remove: KEYS[1] is the shard, ARGV the k BITFIELD offsets of the item's counters.
     * If any counter is 0 the item is definitely absent: returns 0 and changes nothing. Otherwise
     * lowers each counter by one in probe order (a counter probed twice is lowered twice), except a
     * saturated counter (15), which may stand for more insertions than it can tell and so never
     * goes down, and never below 0; returns 1. The same rule as the in-process counting kind.
     */
    static final LuaScript REMOVE = LuaScript.of(String.join("\n",
            "local get = {}",
            "for i = 1, #ARGV do",
            "  get[#get + 1] = 'GET'; get[#get + 1] = 'u4'; get[#get + 1] = ARGV[i]",
            "end",
            "local before = redis.call('BITFIELD', KEYS[1], unpack(get))",
            "for i = 1, #ARGV do",
            "  if before[i] == 0 then return 0 end",
            "end",
            "local now = {}",
            "local order = {}",
            "for i = 1, #ARGV do",
            "  local offset = ARGV[i]",
            "  local value = now[offset]",
            "  if value == nil then value = before[i]; order[#order + 1] = offset end",
            "  if value > 0 and value < 15 then value = value - 1 end",
            "  now[offset] = value",
            "end",
            "local set = {}",
            "for _, offset in ipairs(order) do",
            "  set[#set + 1] = 'SET'; set[#set + 1] = 'u4'; set[#set + 1] = offset; set[#set + 1] = now[offset]",
            "end",
            "redis.call('BITFIELD', KEYS[1], unpack(set))",
            "return 1"));

    /** Clears a shard: KEYS[1] is the shard, ARGV[1] its length in bytes; it is left all zero. */
    static final LuaScript CLEAR = LuaScript.of(String.join("\n",
            "redis.call('DEL', KEYS[1])",
            "redis.call('SETRANGE', KEYS[1], tonumber(ARGV[1]) - 1, '\\0')",
            "return 1"));

    /**
     * Creates a filter's metadata unless it exists: KEYS[1] is the metadata hash, ARGV its fields
     * and values. Returns an empty list when it created them, else the stored fields and values
     * (HGETALL), for the caller to compare; fails with WRONGTYPE if the key holds another type.
     */
    static final LuaScript CREATE_METADATA = LuaScript.of(String.join("\n",
            "local kind = redis.call('TYPE', KEYS[1])['ok']",
            "if kind == 'none' then",
            "  redis.call('HSET', KEYS[1], unpack(ARGV))",
            "  return {}",
            "end",
            "if kind ~= 'hash' then",
            "  return redis.error_reply('WRONGTYPE the key holds a ' .. kind)",
            "end",
            "return redis.call('HGETALL', KEYS[1])"));

    private Scripts() {
    }
}
