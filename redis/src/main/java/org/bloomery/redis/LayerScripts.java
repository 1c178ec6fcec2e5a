package org.bloomery.redis;

/**
 * The Lua scripts of {@code redis-scalable}. KEYS[1] is always the metadata hash, whose field
 * {@code layers} holds the layer count L, {@code items:i} the items in layer i and {@code card} the
 * adds that returned true; then come the layer strings, oldest first. All of a filter's keys share
 * one hash tag, so a script runs whole on the one node that holds them: no other client sees half
 * of it. Every key a script touches is passed in KEYS, as Redis Cluster asks.
 *
 * <p>A script is sent with the filter's identity (ARGV[1], as the metadata's field {@value
 * Identity#FIELD} holds it), the highest epoch of the filter its handle has seen (ARGV[2], {@link
 * Epochs}), the layer count its client last saw (ARGV[3]) and the keys, lengths and probe offsets
 * of that many layers; offsets cannot be computed in Lua (they need 64-bit
 * arithmetic), so the client computes them with api's probe code. Every script first checks, in
 * the same step as its work, that the metadata holds that identity and an epoch (field {@value
 * Epochs#FIELD}) not below the one seen, and that each layer it reads is a string of the layer's
 * length ending with the filter's {@link KeyTrailer}, whose epoch is not above the metadata's; if
 * not, it changes nothing and answers an error starting {@value RedisStore#DAMAGED} (the key and
 * what is wrong with it) or {@value RedisStore#ROLLED_BACK}. If the stored count differs (another
 * client grew or cleared the filter), the script changes nothing and answers {@value #STALE}: the
 * client reads the count again and resends. Replies are lists of integers whose first element is a
 * status ({@value #DONE}, {@value #STALE} or {@value #FULL}) and whose second is the filter's epoch
 * after the script: every script that writes raises it by one, in the metadata and in the trailer
 * of each layer it writes.
 */
final class LayerScripts {
    /** Every item was handled. */
    static final long DONE = 0;
    /** The layer count differs from the client's, or a second new layer is needed: resend the rest. */
    static final long STALE = 1;
    /** The filter is full and may not grow: the item after the answered ones was refused. */
    static final long FULL = 2;

    /**
     * The checks every script but {@link #CREATE} starts with: {@code checkIdentity()} answers an
     * error reply if the metadata (KEYS[1]) is missing, of another type, of another identity than
     * ARGV[1], or of an epoch below ARGV[2], else nil, and sets {@code storedLayers} and {@code
     * storedEpoch}; {@code checkFilter()} answers that error, or {@code {STALE, epoch}} if the
     * stored count is not {@code L} (ARGV[3]), else nil; {@code checkLayer(i, bytes)} answers an
     * error reply if layer i (KEYS[i + 2]) is not a string of that many bytes and its trailer
     * ({@link KeyTrailer#LUA}), or its epoch is above the metadata's (the metadata is older than
     * the layer: it was restored alone, or overwritten).
     */
    static final String CHECKS = String.join("\n",
            "local function damaged(key, what)",
            "  return redis.error_reply('" + RedisStore.DAMAGED + " ' .. key .. ' ' .. what)",
            "end",
            KeyTrailer.LUA,
            "local storedLayers, storedEpoch",
            "local function checkIdentity()",
            "  local meta = redis.pcall('HMGET', KEYS[1], '" + Identity.FIELD + "', 'layers', '" + Epochs.FIELD + "')",
            "  if meta.err then",
            "    return damaged(KEYS[1], 'holds a ' .. redis.call('TYPE', KEYS[1])['ok'] .. ', not the filter\\'s'",
            "      .. ' metadata (a hash): it was overwritten')",
            "  end",
            "  if not meta[1] then",
            "    if redis.call('EXISTS', KEYS[1]) == 0 then",
            "      return damaged(KEYS[1], 'is missing: the filter was deleted, or the server lost it (a restart'",
            "        .. ' without persistence, a flush, an eviction)')",
            "    end",
            "    return damaged(KEYS[1], 'holds no identity: it was overwritten')",
            "  end",
            "  if meta[1] ~= ARGV[1] then",
            "    return damaged(KEYS[1], 'belongs to another filter: the one this handle opened was deleted or'",
            "      .. ' replaced since, and the name created anew')",
            "  end",
            "  storedLayers = tonumber(meta[2])",
            "  storedEpoch = tonumber(meta[3]) or 0",
            "  if storedEpoch < tonumber(ARGV[2]) then",
            "    return redis.error_reply('" + RedisStore.ROLLED_BACK + " ' .. KEYS[1] .. ' ' .. storedEpoch .. ' '"
                    + " .. ARGV[2])",
            "  end",
            "  return nil",
            "end",
            "local L = tonumber(ARGV[3])",
            "local function checkFilter()",
            "  local failed = checkIdentity()",
            "  if failed then return failed end",
            "  if storedLayers ~= L then return {" + STALE + ", storedEpoch} end",
            "  return nil",
            "end",
            "local function checkLayer(i, bytes)",
            "  local key = KEYS[i + 2]",
            "  local failed, epoch = checkKey(key, bytes + " + KeyTrailer.BYTES + ", ARGV[1], 0)",
            "  if failed then return failed end",
            "  if epoch > storedEpoch then",
            "    return damaged(key, 'was written at epoch ' .. epoch .. ', after the filter\\'s metadata (epoch '",
            "      .. storedEpoch .. '): the metadata was restored from an older state, or overwritten')",
            "  end",
            "  return nil",
            "end",
            "local function setEpoch(i, bytes, epoch)",
            "  redis.call('BITFIELD', KEYS[i + 2], 'SET', 'i64', integer((bytes + " + UploadStamp.BYTES + ") * 8),"
                    + " integer(epoch))",
            "end");

    /**
     * The offsets: the last ARGV packs every offset as a big-endian unsigned 32-bit integer, item
     * after item, layer after layer; {@code off(i)} reads the i-th (from 0).
     */
    static final String OFFSETS = String.join("\n",
            "local packed = ARGV[#ARGV]",
            "local function off(i) return (struct.unpack('>I4', packed, 4 * i + 1)) end");

    /**
     * Finds which items of the run are in layers {@code lo..hi}, newest first, reading probe by
     * probe for all the items still in question at once: {@code probe(found, lo, hi)} marks {@code
     * found[item]}. One {@code BITFIELD GET} (of at most 800 fields, Lua's stack limit) reads probe
     * j of every item still alive in a layer, and an item leaves the layer at its first clear bit;
     * about half do at each probe of a half-full layer, so a run costs a few calls per layer
     * rather than one per probe. Expects {@code n}, {@code k}, {@code start} and {@code stride} to
     * be set, and {@code off(i)}, the i-th offset of the packed argument.
     */
    static final String PROBE = String.join("\n",
            "local function getbits(key, offsets)",
            "  local bits = {}",
            "  for first = 1, #offsets, 800 do",
            "    local args = {}",
            "    for j = first, math.min(#offsets, first + 799) do",
            "      args[#args + 1] = 'GET'; args[#args + 1] = 'u1'; args[#args + 1] = offsets[j]",
            "    end",
            "    local got = redis.call('BITFIELD', key, unpack(args))",
            "    for x = 1, #got do bits[#bits + 1] = got[x] end",
            "  end",
            "  return bits",
            "end",
            "local function probe(found, lo, hi)",
            "  for i = hi, lo, -1 do",
            "    local alive = {}",
            "    for item = 0, n - 1 do",
            "      if not found[item] then alive[#alive + 1] = item end",
            "    end",
            "    local j = 0",
            "    while #alive > 0 and j < k[i] do",
            "      local offsets = {}",
            "      for x = 1, #alive do offsets[x] = off(alive[x] * stride + start[i] + j) end",
            "      local bits = getbits(KEYS[i + 2], offsets)",
            "      local still = {}",
            "      for x = 1, #alive do",
            "        if bits[x] == 1 then still[#still + 1] = alive[x] end",
            "      end",
            "      alive = still",
            "      j = j + 1",
            "    end",
            "    for x = 1, #alive do found[alive[x]] = true end",
            "  end",
            "end");

    /**
     * {@code BF.ADD}/{@code BF.MADD} for a run of items, in order, each as one step: an item found
     * in any layer answers 0 and changes nothing; otherwise, if the newest layer holds its capacity,
     * layer L is added (a zeroed string of its full length) first, then the item's bits are set in
     * the newest layer and it is counted, answering the count after it ({@code BF.CARD}). KEYS:
     * metadata, layers 0..L-1, then layer L's key. ARGV: the identity, the epoch seen, L, the
     * number of items n,
     * then k, capacity and byte length of layers 0..L-1, then of layer L (k = 0 when the filter may
     * not grow), then the offsets, packed ({@link #OFFSETS}): per item, those of layers 0..L (L + 1
     * runs of k; none for layer L when it may not be added).
     *
     * <p>Layers 0..L-2 take no bits during the run, so they are probed for all the items at once
     * first ({@link #PROBE}); the newest layer (and one added by the run) changes as the run adds,
     * so it is probed item by item, {@code GETBIT} by {@code GETBIT}, and each item sees exactly the
     * items before it. One run adds at most one layer: an item that needs a second ends the run with
     * {@value #STALE}; a refused item ends it with {@value #FULL}; the items before it are applied
     * and counted.
     */
    static final LuaScript ADD = LuaScript.of(String.join("\n",
            CHECKS,
            "local failed = checkFilter()",
            "if failed then return failed end",
            "local n = tonumber(ARGV[4])",
            "local k, cap, start, len = {}, {}, {}, {}",
            "local a, stride = 5, 0",
            "for i = 0, L do",
            "  k[i] = tonumber(ARGV[a]); cap[i] = tonumber(ARGV[a + 1]); len[i] = tonumber(ARGV[a + 2])",
            "  if i < L then",
            "    failed = checkLayer(i, len[i])",
            "    if failed then return failed end",
            "  end",
            "  a = a + 3",
            "  start[i] = stride; stride = stride + k[i]",
            "end",
            OFFSETS,
            PROBE,
            "local old = {}",
            "if L >= 2 then probe(old, 0, L - 2) end",
            "local function live(i, item)",
            "  local key, o = KEYS[i + 2], item * stride + start[i]",
            "  for j = o, o + k[i] - 1 do",
            "    if redis.call('GETBIT', key, off(j)) == 0 then return false end",
            "  end",
            "  return true",
            "end",
            "local meta = KEYS[1]",
            "local newest = L - 1",
            "local items = tonumber(redis.call('HGET', meta, 'items:' .. newest))",
            "local card = tonumber(redis.call('HGET', meta, 'card'))",
            "local epoch = storedEpoch + 1",
            "local wrote = {}",
            "local out = {0, epoch}",
            "for item = 0, n - 1 do",
            "  if old[item] or live(L - 1, item) or (newest == L and live(L, item)) then",
            "    out[#out + 1] = 0",
            "  else",
            "    if items >= cap[newest] then",
            "      if newest == L then out[1] = 1; break end",
            "      if k[L] == 0 then out[1] = 2; break end",
            "      redis.call('DEL', KEYS[L + 2])",
            "      redis.call('SETRANGE', KEYS[L + 2], len[L], string.rep('\\0', " + (UploadStamp.BYTES
                    + KeyTrailer.EPOCH_BYTES) + ") .. ARGV[1])",
            "      redis.call('HSET', meta, 'layers', L + 1, 'items:' .. newest, items)",
            "      newest = L; items = 0",
            "    end",
            "    local set, o = {}, item * stride + start[newest]",
            "    for j = o, o + k[newest] - 1 do",
            "      set[#set + 1] = 'SET'; set[#set + 1] = 'u1'; set[#set + 1] = off(j); set[#set + 1] = 1",
            "    end",
            "    redis.call('BITFIELD', KEYS[newest + 2], unpack(set))",
            "    wrote[newest] = true",
            "    items = items + 1",
            "    card = card + 1",
            "    out[#out + 1] = card",
            "  end",
            "end",
            // An add that changed nothing (every item found, or the first refused) leaves every byte.
            "if next(wrote) == nil then out[2] = storedEpoch; return out end",
            "redis.call('HSET', meta, 'items:' .. newest, items, 'card', card, '" + Epochs.FIELD + "', integer(epoch))",
            "for i in pairs(wrote) do setEpoch(i, len[i], epoch) end",
            "return out"));

    /**
     * {@code BF.EXISTS}/{@code BF.MEXISTS} for a run of items: 1 if every bit of the item in some
     * layer is set, else 0; changes nothing. KEYS: metadata, layers 0..L-1. ARGV: the identity, the
     * epoch seen, L, n, k and byte length of each layer, then the offsets, packed ({@link #OFFSETS}): per item,
     * those of layers 0..L-1. All items are probed at once, layer by layer ({@link #PROBE}). A run
     * of no items checks the filter and answers {@code {0, epoch}}.
     */
    static final LuaScript EXISTS = LuaScript.of(String.join("\n",
            CHECKS,
            "local failed = checkFilter()",
            "if failed then return failed end",
            "local n = tonumber(ARGV[4])",
            "local k, start = {}, {}",
            "local stride = 0",
            "for i = 0, L - 1 do",
            "  k[i] = tonumber(ARGV[5 + 2 * i]); start[i] = stride; stride = stride + k[i]",
            "  failed = checkLayer(i, tonumber(ARGV[6 + 2 * i]))",
            "  if failed then return failed end",
            "end",
            OFFSETS,
            PROBE,
            "local found = {}",
            "probe(found, 0, L - 1)",
            "local out = {0, storedEpoch}",
            "for item = 0, n - 1 do out[#out + 1] = found[item] and 1 or 0 end",
            "return out"));

    /**
     * {@code BF.RESERVE}: creates the filter unless its metadata exists. KEYS: metadata, then the
     * first layers (layer 0; {@code redis-aging}: layer 0 of every generation), all of one length.
     * ARGV: that byte length, the identity, then the metadata's fields and values (the identity and
     * epoch 0 among them). Answers an empty list when it created the filter (the layers zeroed at
     * full length with their {@link KeyTrailer}, then the metadata), else the stored fields and
     * values for the caller to compare; fails with WRONGTYPE if the metadata key holds another type,
     * and with a {@value RedisStore#DAMAGED} error, changing nothing, if a layer exists without
     * metadata (the metadata was lost).
     */
    static final LuaScript CREATE = LuaScript.of(String.join("\n",
            "local kind = redis.call('TYPE', KEYS[1])['ok']",
            "if kind == 'none' then",
            "  for i = 2, #KEYS do",
            "    local t = redis.call('TYPE', KEYS[i])['ok']",
            "    if t ~= 'none' then",
            "      return redis.error_reply('" + RedisStore.DAMAGED + " ' .. KEYS[i] .. ' exists (a ' .. t .. '), but'",
            "        .. ' the filter\\'s metadata does not: the metadata was deleted or lost; drop the filter'",
            "        .. ' (RedisFilters.drop) or choose another name')",
            "    end",
            "  end",
            "  for i = 2, #KEYS do",
            "    redis.call('SETRANGE', KEYS[i], tonumber(ARGV[1]), string.rep('\\0', " + (UploadStamp.BYTES
                    + KeyTrailer.EPOCH_BYTES) + ") .. ARGV[2])",
            "  end",
            "  redis.call('HSET', KEYS[1], unpack(ARGV, 3))",
            "  return {}",
            "end",
            "if kind ~= 'hash' then",
            "  return redis.error_reply('WRONGTYPE key ' .. KEYS[1] .. ' holds a ' .. kind .. ', not a Bloomery'",
            "    .. ' filter\\'s metadata (a hash); choose another name or prefix, or delete the key')",
            "end",
            "return redis.call('HGETALL', KEYS[1])"));

    /**
     * Empties the filter back to its first layer: KEYS: metadata, layers 0..L-1; ARGV: the
     * identity, the epoch seen, L, then each layer's byte length. Checks every layer, then deletes
     * layers 1..L-1, zeroes layer 0 (keeping its trailer), resets the counts and raises the epoch,
     * so that other handles read the clear as a newer state, not as a rollback.
     */
    static final LuaScript CLEAR = LuaScript.of(String.join("\n",
            CHECKS,
            "local failed = checkFilter()",
            "if failed then return failed end",
            "for i = 0, L - 1 do",
            "  failed = checkLayer(i, tonumber(ARGV[4 + i]))",
            "  if failed then return failed end",
            "end",
            "for i = 1, L - 1 do",
            "  redis.call('DEL', KEYS[i + 2]); redis.call('HDEL', KEYS[1], 'items:' .. i)",
            "end",
            "local bytes, epoch = tonumber(ARGV[4]), storedEpoch + 1",
            "local tail = redis.call('GETRANGE', KEYS[2], bytes, -1)",
            "redis.call('DEL', KEYS[2])",
            "redis.call('SETRANGE', KEYS[2], bytes, tail)",
            "setEpoch(0, bytes, epoch)",
            "redis.call('HSET', KEYS[1], 'layers', 1, 'items:0', 0, 'card', 0, '" + Epochs.FIELD + "', epoch)",
            "return {0, epoch}"));

    /**
     * Deletes every key of the filter: KEYS: metadata, layers 0..L-1; ARGV: the identity, the epoch
     * seen, L. A filter whose metadata is already gone has its given keys deleted; a name that holds
     * another filter now (another identity) is left alone, with a {@value RedisStore#DAMAGED} error.
     * Answers {@code {0, epoch}}, or {@link #STALE} if the layer count is not L.
     */
    static final LuaScript DELETE = LuaScript.of(String.join("\n",
            CHECKS,
            "if redis.call('EXISTS', KEYS[1]) == 1 then",
            "  local failed = checkFilter()",
            "  if failed then return failed end",
            "end",
            "for i = 1, #KEYS do redis.call('DEL', KEYS[i]) end",
            // The epoch the filter had, or (its metadata already gone) the one the handle saw.
            "return {0, storedEpoch or tonumber(ARGV[2])}"));

    /**
     * Reads a layer after the same checks as the other scripts: KEYS: metadata, the layer; ARGV: the
     * identity, the epoch seen, the layer's byte length, then {@code read} with the first and last
     * byte ({@code GETRANGE}), or {@code count} ({@code BITCOUNT} of the layer's bits). Answers the
     * filter's epoch, then the value.
     */
    static final LuaScript LAYER = LuaScript.of(String.join("\n",
            CHECKS,
            "local failed = checkIdentity() or checkLayer(0, tonumber(ARGV[3]))",
            "if failed then return failed end",
            "if ARGV[4] == 'count' then",
            "  return {storedEpoch, redis.call('BITCOUNT', KEYS[2], 0, tonumber(ARGV[3]) - 1)}",
            "end",
            "return {storedEpoch, redis.call('GETRANGE', KEYS[2], ARGV[5], ARGV[6])}"));

    /**
     * Publishes uploaded layers in one step: KEYS: metadata, the N temporary layer keys, then the
     * layer keys 0..M-1 (M at least N and at least the stored layer count); ARGV: the identity the
     * metadata must hold (empty: the name must be free), N, M, then the metadata's fields and values.
     * Renames each temporary key onto its layer, deletes the layers the new filter does not have,
     * and replaces the metadata, whose epoch (and each layer's) becomes one above the replaced
     * filter's, so other handles read the upload as a newer state; answers {@value #STALE} if more
     * layers are stored than M, and an error, changing nothing, if the metadata holds another
     * identity.
     */
    static final LuaScript PUBLISH = LuaScript.of(String.join("\n",
            "local N = tonumber(ARGV[2])",
            "local M = tonumber(ARGV[3])",
            "local meta = redis.call('HMGET', KEYS[1], '" + Identity.FIELD + "', 'layers')",
            "if (meta[1] or '') ~= ARGV[1] then",
            "  return redis.error_reply('ERR another client created, replaced or deleted the filter during the upload;'",
            "    .. ' upload again')",
            "end",
            "if tonumber(meta[2] or '0') > M then return {1} end",
            "local epoch = (tonumber(redis.call('HGET', KEYS[1], '" + Epochs.FIELD + "')) or 0) + 1",
            "for i = 0, N - 1 do",
            "  local key = KEYS[2 + N + i]",
            "  redis.call('RENAME', KEYS[2 + i], key)",
            "  redis.call('BITFIELD', key, 'SET', 'i64', (redis.call('STRLEN', key) - "
                    + (KeyTrailer.EPOCH_BYTES + KeyTrailer.IDENTITY_BYTES) + ") * 8, epoch)",
            "end",
            "for i = N, M - 1 do redis.call('DEL', KEYS[2 + N + i]) end",
            "redis.call('DEL', KEYS[1])",
            "redis.call('HSET', KEYS[1], unpack(ARGV, 4))",
            "redis.call('HSET', KEYS[1], '" + Epochs.FIELD + "', epoch)",
            "return {0, epoch}"));

    private LayerScripts() {
    }
}
