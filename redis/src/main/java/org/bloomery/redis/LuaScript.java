package org.bloomery.redis;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A Lua script run by {@code EVALSHA}, with the SHA-1 digest Redis names it by.
 *
 * @param source the script
 * @param sha1 its SHA-1 digest in lower-case hex
 */
record LuaScript(String source, String sha1) {
    /**
     * A script and its digest.
     *
     * @param source the script
     * @return the script
     */
    static LuaScript of(String source) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-1").digest(source.getBytes(StandardCharsets.UTF_8));
            return new LuaScript(source, HexFormat.of().formatHex(digest));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM provides SHA-1", e);
        }
    }

    /** @return the digest as ASCII bytes, for the binary {@code EVALSHA} */
    byte[] sha1Bytes() {
        return sha1.getBytes(StandardCharsets.US_ASCII);
    }
}
