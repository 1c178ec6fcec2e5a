package org.bloomery.redis;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Optional;

/**
 * A shared filter's identity: 16 random bytes chosen when the filter is created under its name,
 * kept in its metadata (field {@value #FIELD}, as hex) and, for {@code redis-classic} and {@code
 * redis-counting}, at the end of every cells key ({@link KeyTrailer}). Every command checks it on the server, so a
 * handle never reads or writes the keys of another filter that took the name after its own was
 * deleted or lost: two creations share an identity with probability about 2^-128. An upload into
 * an existing filter keeps its identity (it replaces the filter's contents, as documented for
 * uploads); one into a free name makes a new one.
 */
final class Identity {
    /** Bytes of an identity. */
    static final int BYTES = 16;
    /** The metadata field holding the identity as 32 lower-case hex digits. */
    static final String FIELD = "id";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final byte[] bytes;

    private Identity(byte[] bytes) {
        this.bytes = bytes;
    }

    /** @return a new random identity */
    static Identity random() {
        byte[] bytes = new byte[BYTES];
        RANDOM.nextBytes(bytes);
        return new Identity(bytes);
    }

    /**
     * Reads the identity a metadata field holds.
     *
     * @param hex the field's value, or null when absent
     * @return the identity, or empty if the value is absent or not 32 hex digits
     */
    static Optional<Identity> fromHex(String hex) {
        if (hex == null || hex.length() != 2 * BYTES) {
            return Optional.empty();
        }
        try {
            return Optional.of(new Identity(HexFormat.of().parseHex(hex)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** @return the identity as 32 lower-case hex digits, as the metadata stores it */
    String hex() {
        return HexFormat.of().formatHex(bytes);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Identity identity && Arrays.equals(bytes, identity.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return hex();
    }
}
