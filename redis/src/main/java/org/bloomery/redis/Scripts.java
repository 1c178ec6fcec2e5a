package org.bloomery.redis;

/**
 * The Lua scripts of the shared filters. Each runs whole on the node that holds its keys: no other
 * client sees half of it. All but {@link #PUBLISH} touch one key.
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

    /**
     * Clears a shard: KEYS[1] is the shard, ARGV[1] the length of its cells in bytes; the cells are
     * left all zero and the bytes after them (a sharded filter's {@link UploadStamp}) unchanged.
     */
    static final LuaScript CLEAR = LuaScript.of(String.join("\n",
            "local tail = redis.call('GETRANGE', KEYS[1], ARGV[1], -1)",
            "redis.call('DEL', KEYS[1])",
            "redis.call('SETRANGE', KEYS[1], tonumber(ARGV[1]) - 1, '\\0')",
            "if #tail > 0 then redis.call('SETRANGE', KEYS[1], ARGV[1], tail) end",
            "return 1"));

    /**
     * Publishes an upload in one step, on a single server or when every key shares one cluster
     * slot: KEYS[1] is the metadata hash, KEYS[2..n+1] the n temporary keys and KEYS[n+2..2n+1] the
     * n shards; ARGV the metadata's fields and values. Checks first (changing nothing if a check
     * fails) that the metadata is a hash or absent and that every temporary key exists; then
     * renames each temporary key onto its shard and writes the metadata last, dropping an
     * interrupted upload's mark ({@code switching}). No client sees a state in between.
     */
    static final LuaScript PUBLISH = LuaScript.of(String.join("\n",
            "local n = (#KEYS - 1) / 2",
            "local kind = redis.call('TYPE', KEYS[1])['ok']",
            "if kind ~= 'none' and kind ~= 'hash' then",
            "  return redis.error_reply('WRONGTYPE the metadata key holds a ' .. kind)",
            "end",
            "for i = 1, n do",
            "  if redis.call('EXISTS', KEYS[1 + i]) == 0 then",
            "    return redis.error_reply('ERR the temporary key ' .. KEYS[1 + i] .. ' is missing')",
            "  end",
            "end",
            "for i = 1, n do redis.call('RENAME', KEYS[1 + i], KEYS[1 + n + i]) end",
            "redis.call('HDEL', KEYS[1], '" + Metadata.SWITCHING + "')",
            "redis.call('HSET', KEYS[1], unpack(ARGV))",
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

    /**
     * Removes an upload's {@link Metadata#SWITCHING} mark if it is still that upload's: KEYS[1] is
     * the metadata hash, ARGV[1] the upload's stamp in hex. Returns 1 if it removed the mark, 0 if
     * another upload has marked the name since (and will remove the mark itself).
     */
    static final LuaScript UNMARK = LuaScript.of(String.join("\n",
            "if redis.call('HGET', KEYS[1], '" + Metadata.SWITCHING + "') == ARGV[1] then",
            "  redis.call('HDEL', KEYS[1], '" + Metadata.SWITCHING + "')",
            "  return 1",
            "end",
            "return 0"));

    private Scripts() {
    }
}
