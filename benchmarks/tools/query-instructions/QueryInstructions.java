import java.lang.reflect.Constructor;
import java.util.SplittableRandom;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.Filters;
import org.bloomery.api.KeyHasher;
import org.bloomery.api.MembershipFilter;
import org.fastfilter.bloom.BlockedBloom;

/**
 * A fixed number of single-key queries at n = 2^20 long keys, p = 1%, half present and half absent,
 * for counting instructions per query with cachegrind (run.sh runs it twice with different query
 * counts and divides the difference). Arguments: the variant, then the queries after a warm-up of
 * 3·10^6. Variants:
 * <ul>
 *   <li>{@code library}: {@code mightContainLong} of a {@code classic} filter, {@code layout=sectored};
 *   <li>{@code patterned}: the same of a {@code classic} filter, {@code layout=patterned};
 *   <li>{@code inline}: the same sectored positions (block by multiply-high, the low 3 bits for the
 *       first word, a fastrange of the next 32 for the second's distance, 3 bits a word from fields
 *       of one product) written out in one method over a plain {@code long[]}, hashed with the same
 *       XXH3-64: the format's own cost, without the library's layers;
 *   <li>{@code fastfilter}: FastFilter's {@code BlockedBloom} at 11 bits per key, its own hash;
 *   <li>{@code hash}: the loop and the XXH3-64 hash alone.
 * </ul>
 * Before it counts, it checks that the inline code answers every query as the library does.
 */
public class QueryInstructions {
    private static final int N = 1 << 20;
    private static final long STEP = 0x9E3779B97F4A7C15L;

    public static void main(String[] args) throws ReflectiveOperationException {
        String variant = args[0];
        int queries = Integer.parseInt(args[1]);
        SplittableRandom random = new SplittableRandom(42);
        long[] keys = random.longs(N).toArray();
        MembershipFilter<Long> library = Filters.create("classic",
                FilterSpec.of(N, 0.01).withOption("layout", "sectored"), KeyHasher.longs());
        // Patterned only when it is counted: a service holds one layout, so its query's call of the
        // layout class sees one class; a second layout queried in this JVM would make it see two.
        MembershipFilter<Long> patterned = Filters.create("classic", FilterSpec.of(N, 0.01)
                .withOption("layout", variant.equals("patterned") ? "patterned" : "sectored"), KeyHasher.longs());
        long[] words = new long[(int) (library.bitSize() >>> 6)];
        Constructor<BlockedBloom> constructor = BlockedBloom.class.getDeclaredConstructor(int.class, int.class);
        constructor.setAccessible(true);
        BlockedBloom fastFilter = constructor.newInstance(N, 11);
        for (long key : keys) {
            library.addLong(key);
            patterned.addLong(key);
            add(words, KeyHasher.hashLong(key));
            fastFilter.add(key);
        }
        // The check queries the sectored filter, which the patterned count must not see (see above).
        for (int i = 0; i < (variant.equals("patterned") ? 0 : 2 * N); i++) {
            long key = keys[i & (N - 1)] ^ (i & 1);
            if (library.mightContainLong(key) != test(words, KeyHasher.hashLong(key))) {
                throw new IllegalStateException("the inline code answers key " + key + " unlike the library");
            }
        }
        long sink = 0;
        for (int count : new int[] {3_000_000, queries}) {
            // Odd i flips the key's low bit: half the queries are of absent keys.
            switch (variant) {
                case "library" -> {
                    for (int i = 0; i < count; i++) {
                        sink += library.mightContainLong(keys[i & (N - 1)] ^ (i & 1)) ? 1 : 0;
                    }
                }
                case "patterned" -> {
                    for (int i = 0; i < count; i++) {
                        sink += patterned.mightContainLong(keys[i & (N - 1)] ^ (i & 1)) ? 1 : 0;
                    }
                }
                case "inline" -> {
                    for (int i = 0; i < count; i++) {
                        sink += test(words, KeyHasher.hashLong(keys[i & (N - 1)] ^ (i & 1))) ? 1 : 0;
                    }
                }
                case "fastfilter" -> {
                    for (int i = 0; i < count; i++) {
                        sink += fastFilter.mayContain(keys[i & (N - 1)] ^ (i & 1)) ? 1 : 0;
                    }
                }
                case "hash" -> {
                    for (int i = 0; i < count; i++) {
                        sink += KeyHasher.hashLong(keys[i & (N - 1)] ^ (i & 1));
                    }
                }
                default -> throw new IllegalArgumentException("variant " + variant + ": library, patterned, inline, fastfilter or hash");
            }
        }
        System.out.println(sink);
    }

    private static int firstWord(long words, long hash) {
        long blocks = words >>> 3;
        return (int) ((Math.multiplyHigh(hash, blocks) + ((hash >> 63) & blocks)) << 3) + ((int) hash & 7);
    }

    private static int secondWord(long words, long hash) {
        int first = (int) hash & 7;
        return firstWord(words, hash) - first + (first ^ (1 + (int) (((hash >>> 3) & 0xFFFFFFFFL) * 7 >>> 32)));
    }

    private static long firstMask(long hash) {
        long x = hash * STEP;
        return 1L << (x >>> 58) | 1L << (x >>> 52) | 1L << (x >>> 46);
    }

    private static long secondMask(long hash) {
        long x = hash * STEP << 18;
        return 1L << (x >>> 58) | 1L << (x >>> 52) | 1L << (x >>> 46);
    }

    private static void add(long[] words, long hash) {
        words[firstWord(words.length, hash)] |= firstMask(hash);
        words[secondWord(words.length, hash)] |= secondMask(hash);
    }

    private static boolean test(long[] words, long hash) {
        return (~words[firstWord(words.length, hash)] & firstMask(hash)
                | ~words[secondWord(words.length, hash)] & secondMask(hash)) == 0;
    }
}
