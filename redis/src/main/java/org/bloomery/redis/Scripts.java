package org.bloomery.redis;

/**
 * The Lua scripts of {@code redis-classic} and {@code redis-counting}. Each runs whole on the node
 * that holds its keys: no other client sees half of it. Every command on a cells key goes through
 * {@link #CELLS}, which checks the key before it reads or writes it; only {@link #CREATE} and
 * {@link #CREATE_SHARD} (creation, with the metadata) and an upload's renames ever make a cells key.
 */
final class Scripts {
    /**
     * A Lua error reply saying the filter's data is not what the handle opened: {@code damaged(key,
     * what)} gives {@value RedisStore#DAMAGED}, the key, then what is wrong.
     */
    private static final String DAMAGED = String.join("\n",
            "local function damaged(key, what)",
            "  return redis.error_reply('" + RedisStore.DAMAGED + " ' .. key .. ' ' .. what)",
            "end");

    /**
     * Offsets per BITFIELD call of {@link #CELLS}' adds: 4 arguments each ({@code SET|INCRBY t
     * offset 1}), below Lua's limit of about 8,000 values one {@code unpack} may return. The
     * client sends only the offsets: building the sub-commands in Lua costs the server less than
     * taking four arguments per probe through the script.
     */
    static final int PROBE_SLICE = 1_500;

    /**
     * Runs one operation on a cells key after checking, in the same step, that the key is the one
     * the handle opened and not older than the handle has seen ({@link KeyTrailer#LUA}'s {@code
     * checkKey}); if not, it changes nothing and answers a {@link #DAMAGED} error naming the key and
     * what is wrong (missing, another type, another length, another identity), or a {@value
     * RedisStore#ROLLED_BACK} error. Every operation that changes the key raises its epoch in the
     * same step ({@code raise}), and every answer is a list that starts with the key's epoch after
     * the operation, for the handle to compare ({@link Epochs}).
     *
     * <p>KEYS[1] is the cells key (KEYS[2] a temporary key for {@code merge}); ARGV[1] its length,
     * ARGV[2] the identity in hex, ARGV[3] the highest epoch of the key the handle has seen, ARGV[4]
     * the operation, then its arguments:
     * <ul>
     *   <li>{@code check}: nothing.
     *   <li>{@code set}, {@code incr} (ARGV[5] the BITFIELD type, ARGV[6..] the offsets): an add;
     *       {@code SET t offset 1} or {@code INCRBY t offset 1} per offset, in order, so each probe
     *       sees the ones before it, {@value #PROBE_SLICE} offsets per BITFIELD call ({@code incr}
     *       with {@code OVERFLOW SAT} first). Answers the epoch, the key's 8-byte upload stamp, then
     *       each call's list of values (the old bit, or the new counter), so that a run's values
     *       pass through the script uncopied. (Queries need no script: a {@code BITFIELD_RO} reads
     *       the trailer with the probes, see {@link CellsCommands}.)
     *   <li>{@code remove} (ARGV[5] the BITFIELD type, ARGV[6..] the offsets): a counting remove.
     *       If any counter is 0 the item is definitely absent: answers 0 and changes nothing.
     *       Otherwise lowers each counter by one in probe order (a counter probed twice is lowered
     *       twice), except a saturated counter (15), which may stand for more insertions than it can
     *       tell and so never goes down; answers 1. The same rule as the in-process counting kind.
     *   <li>{@code read} (ARGV[5], ARGV[6]: first and last byte): {@code GETRANGE} of the cells.
     *   <li>{@code count} (ARGV[5]: the last byte of the cells): {@code BITCOUNT} of the cells.
     *   <li>{@code clear} (ARGV[5]: the cells' length): sets every cell to 0, keeping the trailer.
     *   <li>{@code merge} (ARGV[5]: the cells' length): {@code BITOP OR} of KEYS[2], which must be
     *       no longer than the cells, into the key, so the trailer is unchanged.
     * </ul>
     */
    static final LuaScript CELLS = LuaScript.of(String.join("\n",
            DAMAGED,
            KeyTrailer.LUA,
            "local key, len = KEYS[1], tonumber(ARGV[1])",
            "local epochBit = integer((len - " + (KeyTrailer.EPOCH_BYTES + KeyTrailer.IDENTITY_BYTES) + ") * 8)",
            "local failed, epoch = checkKey(key, len, ARGV[2], ARGV[3])",
            "if failed then return failed end",
            "local op = ARGV[4]",
            "if op == 'check' then return {epoch} end",
            "if op == 'read' then return {epoch, redis.call('GETRANGE', key, ARGV[5], ARGV[6])} end",
            "if op == 'count' then return {epoch, redis.call('BITCOUNT', key, 0, ARGV[5])} end",
            "if op == 'clear' then",
            "  local tail = redis.call('GETRANGE', key, ARGV[5], -1)",
            "  redis.call('DEL', key)",
            "  redis.call('SETRANGE', key, ARGV[5], tail)",
            "  return {raise(key, len)}",
            "end",
            "if op == 'merge' then",
            "  if redis.call('STRLEN', KEYS[2]) > tonumber(ARGV[5]) then",
            "    return redis.error_reply('ERR the merged cells are longer than the filter\\'s')",
            "  end",
            "  redis.call('BITOP', 'OR', key, key, KEYS[2])",
            "  return {raise(key, len)}",
            "end",
            "if op == 'remove' then",
            "  local t, count = ARGV[5], #ARGV - 5",
            "  local get = {}",
            "  for i = 1, count do",
            "    get[#get + 1] = 'GET'; get[#get + 1] = t; get[#get + 1] = ARGV[5 + i]",
            "  end",
            "  local before = redis.call('BITFIELD', key, unpack(get))",
            "  for i = 1, count do",
            "    if before[i] == 0 then return {epoch, 0} end",
            "  end",
            "  local now, order = {}, {}",
            "  for i = 1, count do",
            "    local offset = ARGV[5 + i]",
            "    local value = now[offset]",
            "    if value == nil then value = before[i]; order[#order + 1] = offset end",
            "    if value > 0 and value < " + CellKind.COUNTER_MAX + " then value = value - 1 end",
            "    now[offset] = value",
            "  end",
            "  local set = {}",
            "  for _, offset in ipairs(order) do",
            "    set[#set + 1] = 'SET'; set[#set + 1] = t; set[#set + 1] = offset; set[#set + 1] = now[offset]",
            "  end",
            // The epoch is raised by the same BITFIELD call, which answers it last.
            "  set[#set + 1] = 'INCRBY'; set[#set + 1] = 'i64'; set[#set + 1] = epochBit; set[#set + 1] = 1",
            "  return {table.remove(redis.call('BITFIELD', key, unpack(set))), 1}",
            "end",
            "local out = {0, redis.call('GETRANGE', key, integer(len - " + KeyTrailer.BYTES + "), integer(len - "
                    + (KeyTrailer.BYTES - UploadStamp.BYTES + 1) + "))}",
            "local cmd, t = op == 'incr' and 'INCRBY' or 'SET', ARGV[5]",
            "for first = 6, #ARGV, " + PROBE_SLICE + " do",
            "  local args, n = {}, 0",
            "  if op == 'incr' then args[1] = 'OVERFLOW'; args[2] = 'SAT'; n = 2 end",
            "  for i = first, math.min(#ARGV, first + " + (PROBE_SLICE - 1) + ") do",
            "    args[n + 1] = cmd; args[n + 2] = t; args[n + 3] = ARGV[i]; args[n + 4] = '1'; n = n + 4",
            "  end",
            "  if first + " + PROBE_SLICE + " > #ARGV then",
            "    args[n + 1] = 'INCRBY'; args[n + 2] = 'i64'; args[n + 3] = epochBit; args[n + 4] = '1'",
            "  end",
            "  out[#out + 1] = redis.call('BITFIELD', key, unpack(args))",
            "end",
            // The last call raised the epoch too: its last value, moved to the answer's head.
            "out[1] = table.remove(out[#out])",
            "return out"));

    /**
     * Creates a filter in one step, on a single server or when every key shares one cluster slot:
     * KEYS[1] is the metadata hash, KEYS[2..n+1] the n cells keys; ARGV[1] the new identity in hex,
     * ARGV[2] n, ARGV[3..n+2] the length of each key's cells, then the metadata's fields and values
     * (the identity among them). If the metadata exists, changes nothing and answers its fields and
     * values (HGETALL) for the caller to compare. If a cells key exists without metadata, the
     * filter is damaged (its metadata was lost): changes nothing and answers a {@link #DAMAGED}
     * error. Otherwise writes every cells key (zero cells, stamp 0, the identity: {@link
     * KeyTrailer}) and the metadata, and answers an empty list.
     */
    static final LuaScript CREATE = LuaScript.of(String.join("\n",
            DAMAGED,
            "local kind = redis.call('TYPE', KEYS[1])['ok']",
            "if kind == 'hash' then return redis.call('HGETALL', KEYS[1]) end",
            "if kind ~= 'none' then",
            "  return redis.error_reply('WRONGTYPE key ' .. KEYS[1] .. ' holds a ' .. kind .. ', not a Bloomery'",
            "    .. ' filter\\'s metadata (a hash); choose another name or prefix, or delete the key')",
            "end",
            "local n = tonumber(ARGV[2])",
            "for i = 1, n do",
            "  local t = redis.call('TYPE', KEYS[1 + i])['ok']",
            "  if t ~= 'none' then",
            "    return damaged(KEYS[1 + i], 'exists (a ' .. t .. '), but the filter\\'s metadata does not: the'",
            "      .. ' metadata was deleted or lost, or a creation was interrupted; drop the filter'",
            "      .. ' (RedisFilters.drop) or choose another name')",
            "  end",
            "end",
            "for i = 1, n do",
            "  redis.call('SETRANGE', KEYS[1 + i], ARGV[2 + i] + " + (UploadStamp.BYTES + KeyTrailer.EPOCH_BYTES)
                    + ", ARGV[1])",
            "end",
            "redis.call('HSET', KEYS[1], unpack(ARGV, 3 + n))",
            "return {}"));

    /**
     * Creates one cells key of a filter whose keys lie in several cluster slots, after {@link
     * #CREATE_METADATA} wrote its metadata with a {@link Metadata#CREATING} mark: KEYS[1] the cells
     * key, ARGV[1] the length of its cells, ARGV[2] the identity in hex. Answers 1 if it wrote the
     * key or the key already is this one (a creation resumed); a key of any other content is left
     * as it is and answered with a {@link #DAMAGED} error.
     */
    static final LuaScript CREATE_SHARD = LuaScript.of(String.join("\n",
            DAMAGED,
            "local cells = tonumber(ARGV[1])",
            "if redis.call('EXISTS', KEYS[1]) == 0 then",
            "  redis.call('SETRANGE', KEYS[1], cells + " + (UploadStamp.BYTES + KeyTrailer.EPOCH_BYTES) + ", ARGV[2])",
            "  return 1",
            "end",
            "local n = redis.pcall('STRLEN', KEYS[1])",
            "if n == cells + " + KeyTrailer.BYTES + " and redis.call('GETRANGE', KEYS[1], -"
                    + KeyTrailer.IDENTITY_BYTES + ", -1) == ARGV[2] then",
            "  return 1",
            "end",
            "return damaged(KEYS[1], 'exists, but is not a cells key of the filter being created')"));

    /**
     * {@code replace(from, to)} in Lua: renames a key onto a data key and gives it an epoch one above
     * the one it replaces (0 if there was none), so that an upload reads to every handle as a
     * newer state of the key, never as a rollback ({@link Epochs}); the written key's own epoch is
     * ignored.
     */
    static final String REPLACE = String.join("\n",
            "local function replace(from, to)",
            "  local old, n = 0, redis.pcall('STRLEN', to)",
            "  if type(n) == 'number' and n >= " + KeyTrailer.BYTES + " then",
            "    old = struct.unpack('>i8', redis.call('GETRANGE', to, n - " + (KeyTrailer.EPOCH_BYTES
                    + KeyTrailer.IDENTITY_BYTES) + ", n - " + (KeyTrailer.IDENTITY_BYTES + 1) + "))",
            "  end",
            "  redis.call('RENAME', from, to)",
            "  local bits = (redis.call('STRLEN', to) - " + (KeyTrailer.EPOCH_BYTES + KeyTrailer.IDENTITY_BYTES)
                    + ") * 8",
            "  return redis.call('BITFIELD', to, 'SET', 'i64', bits, old + 1)",
            "end");

    /**
     * Renames one temporary key onto its data key with {@link #REPLACE}, for an upload that switches
     * shards one by one: KEYS[1] the temporary key, KEYS[2] the data key, in one hash slot.
     */
    static final LuaScript RENAME = LuaScript.of(String.join("\n",
            REPLACE,
            "replace(KEYS[1], KEYS[2])",
            "return 1"));

    /**
     * Publishes an upload in one step, on a single server or when every key shares one cluster
     * slot: KEYS[1] is the metadata hash, KEYS[2..n+1] the n temporary keys and KEYS[n+2..2n+1] the
     * n cells keys; ARGV[1] the identity the metadata must hold (empty: the name must be free), then
     * the metadata's fields and values. Checks first (changing nothing if a check fails) that the
     * metadata is a hash of that identity, or absent when the name was free, and that every
     * temporary key exists; then renames each temporary key onto its cells key ({@link #REPLACE},
     * which raises the epoch above the replaced key's) and writes the metadata last, dropping an interrupted upload's mark ({@code switching}). No client sees a
     * state in between.
     */
    static final LuaScript PUBLISH = LuaScript.of(String.join("\n",
            REPLACE,
            "local n = (#KEYS - 1) / 2",
            "local kind = redis.call('TYPE', KEYS[1])['ok']",
            "if kind ~= 'none' and kind ~= 'hash' then",
            "  return redis.error_reply('WRONGTYPE the metadata key holds a ' .. kind)",
            "end",
            "local id = kind == 'hash' and redis.call('HGET', KEYS[1], '" + Identity.FIELD + "') or ''",
            "if id ~= ARGV[1] then",
            "  return redis.error_reply('ERR another client created, replaced or deleted the filter during the upload;'",
            "    .. ' upload again')",
            "end",
            "for i = 1, n do",
            "  if redis.call('EXISTS', KEYS[1 + i]) == 0 then",
            "    return redis.error_reply('ERR the temporary key ' .. KEYS[1 + i] .. ' is missing')",
            "  end",
            "end",
            "for i = 1, n do replace(KEYS[1 + i], KEYS[1 + n + i]) end",
            "redis.call('HDEL', KEYS[1], '" + Metadata.SWITCHING + "')",
            "redis.call('HSET', KEYS[1], unpack(ARGV, 2))",
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
     * Removes a mark from the metadata ({@link Metadata#SWITCHING} of an upload, {@link
     * Metadata#CREATING} of a creation) if it is still the caller's: KEYS[1] is the metadata hash,
     * ARGV[1] the field, ARGV[2] the caller's value. Returns 1 if it removed the mark, 0 if another
     * client has marked the name since (and will remove the mark itself).
     */
    static final LuaScript UNMARK = LuaScript.of(String.join("\n",
            "if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then",
            "  redis.call('HDEL', KEYS[1], ARGV[1])",
            "  return 1",
            "end",
            "return 0"));

    private Scripts() {
    }
}
