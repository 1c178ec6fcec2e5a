package org.bloomery.classic;

import java.io.IOException;
import java.io.InputStream;
import java.util.stream.LongStream;
import org.bloomery.api.Capability;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.bloomery.api.spi.AbstractProvider;
import org.bloomery.api.spi.MappedBody;
import org.bloomery.bloom.BloomKinds;
import org.bloomery.bloom.BloomLayout;
import org.bloomery.bloom.BloomShape;
import org.bloomery.bloom.Writers;

/**
 * Registers {@link ClassicFilter} with {@link org.bloomery.api.Filters} as kind {@code "classic"},
 * with capabilities {@link Capability#CONCURRENT} and {@link Capability#MERGE}.
 */
public final class ClassicProvider extends AbstractProvider {
    /** The kind's name, {@code "classic"}. */
    public static final String KIND = BloomKinds.CLASSIC;

    /** The provider; stateless, as {@link java.util.ServiceLoader} needs. */
    public ClassicProvider() {
        super(KIND, ClassicFilter.CAPABILITIES);
    }

    @Override
    public String description() {
        return "Classic Bloom filter: m bits, k probes per item from one 64-bit hash; lock-free,"
                + " mergeable (OR, AND), no removal.\n"
                + "Options:\n"
                + "  " + BloomLayout.OPTION + "      standard (default: probes over the whole array) or blocked (every"
                + " probe of a key in one 512-bit block: one cache miss per query, a few more bits per item) or"
                + " sectored (k/2 probes in each of two 64-bit words of one block: one miss and two loads per query;"
                + " about blocked's bits at 1%, more below) or patterned (as sectored, but each word's bits a rotated"
                + " pattern from a fixed table: the cheapest query, about sectored's bits)\n"
                + "  " + ClassicFilter.BITS_OPTION + "        m, an integer in [64, 2^37] (2^37 bits is 16 GiB), rounded up to a"
                + " multiple of 64 (512 when blocked); default ceil(-n ln p / (ln 2)^2), or when blocked the fewest"
                + " blocks whose blocked- (or sectored- or patterned-) model fpp is at most p\n"
                + "  " + BloomShape.BITS_PER_KEY_OPTION + "  LevelDB sizing, an integer in [1, 1024]: m = n * bitsPerKey,"
                + " k = floor(0.69 * bitsPerKey) in [1, 30]; not together with " + ClassicFilter.BITS_OPTION + "\n"
                + "  " + BloomShape.HASHES_OPTION + "      k, an integer in [1, 64]; default max(1, round(-ln p / ln 2)),"
                + " or when blocked the k among 1, 2, 4 and the multiples of 8 that minimises the blocked-model fpp,"
                + " or when sectored the even k in [2, 16] (it must be one) that minimises the sectored-model fpp,"
                + " or when patterned the even k in [2, 32] (it must be one) that minimises the patterned-model fpp";
    }

    /** The spec with {@code writers=single}, unless it already sets {@code writers}. */
    @Override
    public FilterSpec forOneWriter(FilterSpec spec) {
        return Writers.forOneWriter(spec);
    }

    @Override
    public <T> MembershipFilter<T> create(FilterSpec spec, KeyHasher<? super T> hasher) {
        return ClassicFilter.create(spec, hasher);
    }

    /**
     * Builds the filter in bulk ({@link ClassicFilter#build}): plain writes, on every core for a
     * large set, the same bits as adding each hash.
     */
    @Override
    public <T> MembershipFilter<T> build(FilterSpec spec, KeyHasher<? super T> hasher, LongStream hashes) {
        return ClassicFilter.build(spec, hasher, hashes);
    }

    /** {@link #build} from the array where it is, each thread reading it whole and writing its own part. */
    @Override
    public <T> MembershipFilter<T> buildFromHashes(FilterSpec spec, KeyHasher<? super T> hasher, long[] hashes) {
        return ClassicFilter.build(spec, hasher, hashes);
    }

    @Override
    public <T> MembershipFilter<T> readFrom(InputStream in, KeyHasher<? super T> hasher) throws IOException {
        return ClassicFilter.readFrom(in, hasher);
    }

    /** A classic filter of any layout whose words stay in the mapped file, read in place by every query. */
    @Override
    public <T> MembershipFilter<T> map(MappedBody body, KeyHasher<? super T> hasher) throws IOException {
        return ClassicCodec.map(body, hasher);
    }
}
