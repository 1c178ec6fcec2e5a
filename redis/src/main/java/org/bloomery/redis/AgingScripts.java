package org.bloomery.redis;

/**
 * The Lua scripts of {@code redis-aging}. KEYS[1] is the metadata hash; then, for each of the G = g +
 * 1 slots of the ring, the keys of its layers 0..L, where L is the layer count the client last saw
 * (the most layers any slot has; one more key per slot than that, for the layer an add may create).
 * So layer j of slot s is KEYS[2 + s·(L + 1) + j], and the functions of {@link LayerScripts#CHECKS}
 * ({@code checkLayer(i, bytes)}, {@code setEpoch}) take its index {@code i = s·(L + 1) + j}. All of a
 * filter's keys share one hash tag, so a script runs whole on one node.
 *
 * <p>The metadata holds, beside the identity and the spec: {@code head}, the newest generation
 * started; {@code adds}, the adds so far (a count window's position); {@code layers}, the most
 * layers of any slot (what {@code checkFilter()} compares with L); the write epoch; and per slot
 * s, {@code gen:s} (the generation it holds: slot s holds generations ≡ s mod G), {@code layers:s}
 * and {@code items:s} (the items in its newest layer). Every script first makes the checks of
 * {@link LayerScripts#CHECKS}, in the same step as its work: the identity, an epoch not below the
 * one the handle has seen, L, and each layer it reads or may rewrite (its length, its {@link
 * KeyTrailer}, an epoch not above the metadata's): an add every layer of every slot, a query those
 * of the live generations that hold items. ARGV always starts with the identity, the epoch seen and
 * L.
 *
 * <p>A time window reads the server's clock ({@code TIME}), never the client's, so every client
 * agrees on the generation of a moment; the newest generation is {@code max(head, floor(ms /
 * span))}, so a server clock that goes back (a failover to a server whose clock is behind) stands
 * still rather than reviving generations. Replies are lists of integers whose first element is a
 * status ({@link LayerScripts#DONE}, {@link LayerScripts#STALE} or {@link LayerScripts#FULL}) and
 * whose second is the filter's epoch after the script.
 */
final class AgingScripts {
    /**
     * The ring, after the checks: {@code window(a)} reads timed, span and G from ARGV[a..a+2] and
     * the ring from the metadata into {@code head}, {@code adds}, {@code gen}, {@code layers} and
     * {@code items} (answering an error reply if the metadata holds no valid ring); {@code
     * checkSlot(s, len)} checks every layer of slot s and {@code checkRing(len)} every layer of every
     * slot, {@code len[j]} being layer j's bytes; {@code
     * epochAt(ms)} is the generation of a server time and {@code now()} the server's time in ms;
     * {@code fresh(s, j, bytes)} makes layer j of slot s a zeroed string with the filter's trailer
     * (epoch 0, raised by {@code save}); {@code save(epoch, len)} writes the ring and the epoch to
     * the metadata (of the slots changed, {@code dirty}) and raises the epoch of every layer written
     * ({@code wrote}).
     */
    private static final String RING = String.join("\n",
            "local timed, span, G, KL, head, adds",
            "local gen, layers, items, wrote, dirty = {}, {}, {}, {}, {}",
            "local function window(a)",
            "  timed = ARGV[a] == '1'; span = tonumber(ARGV[a + 1]); G = tonumber(ARGV[a + 2]); KL = L + 1",
            "  local fields = {'head', 'adds'}",
            "  for s = 0, G - 1 do",
            "    fields[#fields + 1] = 'gen:' .. s; fields[#fields + 1] = 'layers:' .. s",
            "    fields[#fields + 1] = 'items:' .. s",
            "  end",
            "  local st = redis.call('HMGET', KEYS[1], unpack(fields))",
            "  head = tonumber(st[1]); adds = tonumber(st[2])",
            "  if not head or not adds then",
            "    return damaged(KEYS[1], 'holds no ring (fields head and adds): it was overwritten')",
            "  end",
            "  for s = 0, G - 1 do",
            "    gen[s] = tonumber(st[3 + 3 * s]); layers[s] = tonumber(st[4 + 3 * s]); items[s] = tonumber(st[5 + 3 * s])",
            "    if not gen[s] or not layers[s] or not items[s] or layers[s] < 1 or layers[s] > storedLayers",
            "        or gen[s] % G ~= s then",
            "      return damaged(KEYS[1], 'holds no valid state of slot ' .. s .. ': it was overwritten')",
            "    end",
            "  end",
            "  return nil",
            "end",
            "local function checkSlot(s, len)",
            "  for j = 0, layers[s] - 1 do",
            "    local failed = checkLayer(s * KL + j, len[j])",
            "    if failed then return failed end",
            "  end",
            "  return nil",
            "end",
            "local function checkRing(len)",
            "  for s = 0, G - 1 do",
            "    local failed = checkSlot(s, len)",
            "    if failed then return failed end",
            "  end",
            "  return nil",
            "end",
            "local function now()",
            "  local t = redis.call('TIME')",
            "  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)",
            "end",
            // A double's quotient may round up to the next whole number; the product is exact.
            "local function epochAt(ms)",
            "  local e = math.floor(ms / span)",
            "  if e * span > ms then e = e - 1 end",
            "  return e",
            "end",
            "local function fresh(s, j, bytes)",
            "  local key = KEYS[2 + s * KL + j]",
            "  redis.call('DEL', key)",
            "  redis.call('SETRANGE', key, bytes, string.rep('\\0', " + (UploadStamp.BYTES + KeyTrailer.EPOCH_BYTES)
                    + ") .. ARGV[1])",
            "  wrote[s * KL + j] = true",
            "end",
            "local function save(epoch, len)",
            "  local most = 1",
            "  local fields = {'head', integer(head), 'adds', integer(adds), '" + Epochs.FIELD + "', integer(epoch)}",
            "  for s = 0, G - 1 do",
            "    if dirty[s] then",
            "      fields[#fields + 1] = 'gen:' .. s; fields[#fields + 1] = integer(gen[s])",
            "      fields[#fields + 1] = 'layers:' .. s; fields[#fields + 1] = layers[s]",
            "      fields[#fields + 1] = 'items:' .. s; fields[#fields + 1] = integer(items[s])",
            "    end",
            "    if layers[s] > most then most = layers[s] end",
            "  end",
            "  fields[#fields + 1] = 'layers'; fields[#fields + 1] = most",
            "  redis.call('HSET', KEYS[1], unpack(fields))",
            "  for i in pairs(wrote) do setEpoch(i, len[i % KL], epoch) end",
            "end");

    /**
     * The start of a script over a run of items: the checks of the filter, the item count {@code n}
     * (ARGV[4]) and the ring, whose window arguments follow it (ARGV[5..7]).
     */
    private static final String ITEMS = String.join("\n",
            LayerScripts.CHECKS,
            "local failed = checkFilter()",
            "if failed then return failed end",
            "local n = tonumber(ARGV[4])",
            RING,
            "failed = window(5)",
            "if failed then return failed end");

    /**
     * Adds a run of items in order, each as one step: the generation of the add (a count window:
     * {@code floor(adds / span)}; a time window: the server's clock) is started first if it is newer
     * than {@code head} (each generation from {@code head + 1} to it, at most G, takes its slot: the
     * slot's grown layers are deleted and layer 0 is zeroed), then the item's bits are set in the
     * newest layer of the newest generation, even when it was already present, so that it stays for
     * another window. In a time window a generation whose newest layer holds its capacity first
     * gets a layer (twice the items at half the error); one that may not grow refuses the item with
     * {@link LayerScripts#FULL}, and one that needs a layer past L ends the run with {@link
     * LayerScripts#STALE}. Answers per item 1 if no live generation held it, else 0. ARGV: the
     * identity, the epoch seen, L, the item count n, timed (1 or 0), span, G, then k, capacity and
     * byte length of layers 0..L (zeros for layer L when it cannot exist), then the offsets, packed
     * ({@link LayerScripts#OFFSETS}): per item, those of layers 0..L.
     */
    static final LuaScript ADD = LuaScript.of(String.join("\n",
            // TIME is not deterministic: replicate the script's effects, not the script (the
            // default from Redis 5; a no-op from 7).
            "redis.replicate_commands()",
            ITEMS,
            "local k, cap, len, start = {}, {}, {}, {}",
            "local a, stride = 8, 0",
            "for j = 0, L do",
            "  k[j] = tonumber(ARGV[a]); cap[j] = tonumber(ARGV[a + 1]); len[j] = tonumber(ARGV[a + 2])",
            "  a = a + 3; start[j] = stride; stride = stride + k[j]",
            "end",
            "failed = checkRing(len)",
            "if failed then return failed end",
            LayerScripts.OFFSETS,
            "local function has(s, j, item)",
            "  local key, o = KEYS[2 + s * KL + j], item * stride + start[j]",
            "  for x = o, o + k[j] - 1 do",
            "    if redis.call('GETBIT', key, off(x)) == 0 then return false end",
            "  end",
            "  return true",
            "end",
            "local function present(item)",
            "  for d = 0, G - 1 do",
            "    local s = (head - d) % G",
            "    if gen[s] == head - d and items[s] > 0 then",
            "      for j = layers[s] - 1, 0, -1 do",
            "        if has(s, j, item) then return true end",
            "      end",
            "    end",
            "  end",
            "  return false",
            "end",
            "local function rotate(e)",
            "  for ep = math.max(head + 1, e - G + 1), e do",
            "    local s = ep % G",
            "    for j = 1, layers[s] - 1 do",
            "      redis.call('DEL', KEYS[2 + s * KL + j]); wrote[s * KL + j] = nil",
            "    end",
            "    fresh(s, 0, len[0])",
            "    gen[s] = ep; layers[s] = 1; items[s] = 0; dirty[s] = true",
            "  end",
            "  head = e",
            "end",
            "local clock = timed and epochAt(now()) or 0",
            "local epoch = storedEpoch + 1",
            "local out = {0, epoch}",
            "for item = 0, n - 1 do",
            "  local e = timed and math.max(head, clock) or math.floor(adds / span)",
            "  if e > head then rotate(e) end",
            "  local found = present(item)",
            "  local s = head % G",
            "  local j = layers[s] - 1",
            "  if timed and items[s] >= cap[j] then",
            "    if j + 1 > L then out[1] = " + LayerScripts.STALE + "; break end",
            "    if k[j + 1] == 0 then out[1] = " + LayerScripts.FULL + "; break end",
            "    j = j + 1",
            "    fresh(s, j, len[j])",
            "    layers[s] = j + 1; items[s] = 0",
            "  end",
            "  local set, o = {}, item * stride + start[j]",
            "  for x = o, o + k[j] - 1 do",
            "    set[#set + 1] = 'SET'; set[#set + 1] = 'u1'; set[#set + 1] = off(x); set[#set + 1] = 1",
            "  end",
            "  redis.call('BITFIELD', KEYS[2 + s * KL + j], unpack(set))",
            "  wrote[s * KL + j] = true",
            "  items[s] = items[s] + 1; dirty[s] = true",
            "  adds = adds + 1",
            "  out[#out + 1] = found and 0 or 1",
            "end",
            "if next(wrote) == nil then out[2] = storedEpoch; return out end",
            "save(epoch, len)",
            "return out"));

    /**
     * Queries a run of items: 1 if every bit of the item is set in some layer of a live generation
     * (from {@code newest − g} to {@code newest}, the newest being {@code head} in a count window
     * and {@code max(head, the server's clock)} in a time window), else 0; changes nothing (a
     * generation a query finds expired stays until an add reuses its slot; one that holds no item is
     * neither checked nor probed). ARGV: the identity, the
     * epoch seen, L, n, timed, span, G, then k and byte length of layers 0..L-1, then the offsets,
     * packed: per item, those of layers 0..L-1. All items are probed at once, layer by layer ({@link
     * LayerScripts#PROBE}). A run of no items checks the filter and answers {@code {0, epoch}}.
     */
    static final LuaScript EXISTS = LuaScript.of(String.join("\n",
            ITEMS,
            "local kj, len, startj = {}, {}, {}",
            "local stride = 0",
            "for j = 0, L - 1 do",
            "  kj[j] = tonumber(ARGV[8 + 2 * j]); len[j] = tonumber(ARGV[9 + 2 * j]); startj[j] = stride",
            "  stride = stride + kj[j]",
            "end",
            // PROBE reads k[i] and start[i] of the layer in KEYS[i + 2]: every slot's layer j
            // probes with layer j's offsets.
            "local k, start = {}, {}",
            "for s = 0, G - 1 do",
            "  for j = 0, L - 1 do k[s * KL + j] = kj[j]; start[s * KL + j] = startj[j] end",
            "end",
            LayerScripts.OFFSETS,
            LayerScripts.PROBE,
            "local newest = timed and math.max(head, epochAt(now())) or head",
            "local read = {}",
            "for d = 0, G - 1 do",
            "  local s = (newest - d) % G",
            "  if gen[s] == newest - d and items[s] > 0 then",
            "    failed = checkSlot(s, len)",
            "    if failed then return failed end",
            "    read[#read + 1] = s",
            "  end",
            "end",
            "local found = {}",
            "if n > 0 then",
            "  for x = 1, #read do probe(found, read[x] * KL, read[x] * KL + layers[read[x]] - 1) end",
            "end",
            "local out = {0, storedEpoch}",
            "for item = 0, n - 1 do out[#out + 1] = found[item] and 1 or 0 end",
            "return out"));

    /**
     * Reads the ring, changing nothing: KEYS: the metadata; ARGV: the identity, the epoch seen, L
     * (not compared), timed, span, G. Answers {@code {0, epoch, server time in ms, head, adds,
     * layers}}, then per slot its generation, layer count and newest layer's items.
     */
    static final LuaScript STATE = LuaScript.of(String.join("\n",
            LayerScripts.CHECKS,
            "local failed = checkIdentity()",
            "if failed then return failed end",
            RING,
            "failed = window(4)",
            "if failed then return failed end",
            "local out = {0, storedEpoch, now(), head, adds, storedLayers}",
            "for s = 0, G - 1 do",
            "  out[#out + 1] = gen[s]; out[#out + 1] = layers[s]; out[#out + 1] = items[s]",
            "end",
            "return out"));

    /**
     * Empties the filter: checks every layer, deletes every slot's grown layers, zeroes layer 0 of
     * each, starts the ring again at the newest generation (a count window: at generation 0, with
     * no adds; a time window: at the server's clock) and raises the epoch, so that other handles
     * read the clear as a newer state, not as a rollback. ARGV: the identity, the epoch seen, L,
     * timed, span, G, then the byte length of layers 0..L-1.
     */
    static final LuaScript CLEAR = LuaScript.of(String.join("\n",
            "redis.replicate_commands()",
            LayerScripts.CHECKS,
            "local failed = checkFilter()",
            "if failed then return failed end",
            RING,
            "failed = window(4)",
            "if failed then return failed end",
            "local len = {}",
            "for j = 0, L - 1 do len[j] = tonumber(ARGV[7 + j]) end",
            "failed = checkRing(len)",
            "if failed then return failed end",
            "local newest = timed and math.max(head, epochAt(now())) or 0",
            "for s = 0, G - 1 do",
            "  for j = 1, layers[s] - 1 do redis.call('DEL', KEYS[2 + s * KL + j]) end",
            "  fresh(s, 0, len[0])",
            "  gen[s] = newest - (newest - s) % G; layers[s] = 1; items[s] = 0; dirty[s] = true",
            "end",
            "head = newest; adds = 0",
            "local epoch = storedEpoch + 1",
            "save(epoch, len)",
            "return {0, epoch}"));

    private AgingScripts() {
    }
}
