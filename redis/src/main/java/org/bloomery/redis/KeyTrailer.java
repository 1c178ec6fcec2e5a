package org.bloomery.redis;

import java.nio.charset.StandardCharsets;

/**
 * What every data key holds after its cells (a cells key of {@code redis-classic} and {@code
 * redis-counting}, a layer of {@code redis-scalable}): the 8-byte {@link UploadStamp} (always 0 in
 * a layer), the 8-byte write epoch ({@link Epochs}), then the filter's {@link Identity} as 32 ASCII
 * hex digits (as the metadata holds it, so scripts compare it without decoding). A key's length is
 * therefore fixed by the filter's shape, and a command that finds another length, or another
 * identity at the end, knows the key is not the one its handle opened.
 */
final class KeyTrailer {
    /** Bytes of the identity at the end of a key: its hex digits. */
    static final int IDENTITY_BYTES = 2 * Identity.BYTES;
    /** Bytes of the write epoch, a big-endian signed 64-bit integer as {@code BITFIELD i64} reads it. */
    static final int EPOCH_BYTES = Long.BYTES;
    /** Bytes after the cells. */
    static final int BYTES = UploadStamp.BYTES + EPOCH_BYTES + IDENTITY_BYTES;

    /**
     * The checks of a data key, in Lua, shared by every script that touches one; {@code damaged(key,
     * what)} must be defined before. {@code checkKey(key, len, id, seen)} answers an error reply
     * and nil if the key is not a string of {@code len} bytes ending with identity {@code id}
     * (saying what it is instead), or if its epoch is below {@code seen}, the highest this handle
     * has seen ({@value RedisStore#ROLLED_BACK}: the key, its epoch, {@code seen}); else nil and the
     * key's epoch. Bytes appended after the trailer would change no cell, so only the trailer where
     * the shape puts it is read (one {@code GETRANGE}). {@code raise(key, len)} adds one to the
     * epoch and answers the new value. {@code integer(n)} is a whole number's text, as commands
     * take it.
     */
    static final String LUA = String.join("\n",
            // A Lua number passed to a command becomes its "%.17g" text, which costs the server
            // more than the rest of a check; "%d" is what an offset or a count needs.
            "local function integer(n) return string.format('%d', n) end",
            "local function checkKey(key, len, id, seen)",
            "  local trailer = redis.pcall('GETRANGE', key, integer(len - " + BYTES + "), integer(len - 1))",
            "  if type(trailer) ~= 'string' or #trailer ~= " + BYTES + " or string.sub(trailer, "
                    + (UploadStamp.BYTES + EPOCH_BYTES + 1) + ") ~= id then",
            "    local n = redis.pcall('STRLEN', key)",
            "    if type(n) == 'table' then",
            "      return damaged(key, 'holds a ' .. redis.call('TYPE', key)['ok'] .. ', not the filter\\'s cells (a'",
            "        .. ' string): it was overwritten')",
            "    end",
            "    if n == 0 then",
            "      return damaged(key, 'is missing: the filter\\'s cells were deleted, or the server lost them (a'",
            "        .. ' restart without persistence, a flush, an eviction)')",
            "    end",
            "    if n ~= len then",
            "      return damaged(key, 'holds ' .. n .. ' bytes, the filter needs ' .. len .. ': it was truncated or'",
            "        .. ' overwritten')",
            "    end",
            "    return damaged(key, 'belongs to another filter, or was overwritten: the one this handle opened was'",
            "      .. ' deleted or replaced since, and the name created anew, or its bytes were written over')",
            "  end",
            "  local epoch = struct.unpack('>i8', trailer, " + (UploadStamp.BYTES + 1) + ")",
            "  if epoch < tonumber(seen) then",
            "    return redis.error_reply('" + RedisStore.ROLLED_BACK + " ' .. key .. ' ' .. epoch .. ' ' .. seen)",
            "  end",
            "  return nil, epoch",
            "end",
            "local function raise(key, len)",
            "  return redis.call('BITFIELD', key, 'INCRBY', 'i64', integer((len - " + (EPOCH_BYTES + IDENTITY_BYTES)
                    + ") * 8), 1)[1]",
            "end");

    private KeyTrailer() {
    }

    /**
     * The length of a data key.
     *
     * @param cellBytes the bytes of its cells
     * @return the bytes of the whole key
     */
    static long keyBytes(long cellBytes) {
        return cellBytes + BYTES;
    }

    /**
     * The trailer of a key: the stamp, epoch 0, then the identity. Only a script writes a key with
     * it, and that script sets the epoch above the one the key replaces ({@link Scripts#RENAME}).
     *
     * @param stamp the upload stamp, 0 for a filter never uploaded and for a layer
     * @param identity the filter's identity
     * @return the 48 bytes
     */
    static byte[] bytes(long stamp, Identity identity) {
        byte[] trailer = new byte[BYTES];
        System.arraycopy(UploadStamp.bytes(stamp), 0, trailer, 0, UploadStamp.BYTES);
        byte[] hex = identity.hex().getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(hex, 0, trailer, UploadStamp.BYTES + EPOCH_BYTES, IDENTITY_BYTES);
        return trailer;
    }
}
