package org.bloomery.benchmarks.contestant;

import com.google.common.hash.BloomFilter;
import com.google.common.io.ByteStreams;
import com.google.common.io.CountingOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.OptionalLong;
import java.util.Set;
import org.bloomery.classic.ClassicProvider;

/** Guava's {@code BloomFilter} (classic peer), with Guava's own string and long funnels. */
public final class GuavaBloomContestant implements Contestant {
    /** {@code writeTo} writes a strategy byte, a hash-count byte and an int word count before the words. */
    private static final int SERIAL_HEADER_BYTES = 1 + 1 + Integer.BYTES;

    private final BloomFilter<Object> filter;

    private GuavaBloomContestant(KeyType keyType, long n, double fpp) {
        filter = BloomFilter.create(KeyFunnels.of(keyType), n, fpp);
    }

    /**
     * The entrant {@code guava}.
     *
     * @return the entrant
     */
    public static Entrant entrant() {
        // Lock-free compare-and-set on its bit array since Guava 23: safe for concurrent use.
        return new Entrant("guava", ClassicProvider.KIND, Side.PEER, Set.of(Ability.CONCURRENT), true,
                "Guava " + LibraryVersions.of("guava")
                        + " com.google.common.hash.BloomFilter (murmur3_128, Funnels.stringFunnel(UTF_8) / longFunnel())",
                GuavaBloomContestant::new);
    }

    // Guava has no primitive path: a long key is boxed by put(T), as it is for every Guava user.
    @Override
    public boolean add(long key) {
        return filter.put(key);
    }

    @Override
    public boolean mightContain(long key) {
        return filter.mightContain(key);
    }

    @Override
    public boolean add(String key) {
        return filter.put(key);
    }

    @Override
    public boolean mightContain(String key) {
        return filter.mightContain(key);
    }

    /** Guava exposes no bit size (google/guava#6866); its serialized form holds exactly the bit array. */
    @Override
    public OptionalLong bitSize() {
        try (CountingOutputStream out = new CountingOutputStream(ByteStreams.nullOutputStream())) {
            filter.writeTo(out);
            return OptionalLong.of((out.getCount() - SERIAL_HEADER_BYTES) * Byte.SIZE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
