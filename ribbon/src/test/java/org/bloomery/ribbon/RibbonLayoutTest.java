package org.bloomery.ribbon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Sizing, fractional result bits and the solution's word layout, and the named bit tricks of {@link KeyRow}. */
class RibbonLayoutTest {

    @ParameterizedTest(name = "fpp={0}")
    @ValueSource(doubles = {0.5, 0.49, 0.3, 0.25, 0.1, 0.01, 1.0 / 256, 0.005, 0.001, 1e-6, 0x1p-31, 0x1p-32})
    void fractionalResultBitsKeepTheFppAtMostTheTarget(double fpp) {
        ResultBits bits = ResultBits.forFpp(fpp);
        assertThat(Math.scalb(1.0, -bits.columns())).isLessThanOrEqualTo(fpp);
        assertThat(Math.scalb(1.0, 1 - bits.columns())).isGreaterThan(fpp);
        for (long items : new long[] {0, 1, 1000, 123_457, 10_000_000}) {
            RibbonLayout layout = RibbonLayout.of(RibbonLayout.shardsFor(items), RibbonLayout.shardSlotsFor(items), bits);
            assertThat(layout.expectedFpp()).as("n=%d", items).isLessThanOrEqualTo(fpp);
            // The fewest r-column groups: one more (r-1)-column group would exceed the target.
            if (layout.upperStartGroup() < layout.groups()) {
                RibbonLayout fewer = new RibbonLayout(layout.shards(), layout.shardSlots(), layout.columns(),
                        layout.upperStartGroup() + 1);
                assertThat(fewer.expectedFpp()).as("n=%d", items).isGreaterThan(fpp);
            }
        }
    }

    @Test
    void wholeResultBitsUseEveryColumnEverywhere() {
        RibbonLayout layout = RibbonLayout.of(RibbonLayout.shardsFor(1_000_000), RibbonLayout.shardSlotsFor(1_000_000),
                ResultBits.forFpp(1.0 / 256));
        assertThat(layout.upperStartGroup()).isZero();
        assertThat(layout.words()).isEqualTo((long) layout.shards() * layout.groups() * 8);
        assertThat(layout.expectedFpp()).isEqualTo(1.0 / 256);
    }

    @ParameterizedTest(name = "fpp={0}")
    @ValueSource(doubles = {0.51, 1.0, 0x1p-33, 0.0, Double.NaN})
    void anFppOutsideTheRangeIsRefusedWithTheRange(double fpp) {
        assertThatThrownBy(() -> ResultBits.forFpp(fpp)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("[2^-32 (about 2.3e-10), 0.5]").hasMessageContaining(String.valueOf(fpp));
    }

    @Test
    void groupsStartWhereTheGroupsBeforeThemEnd() {
        RibbonLayout layout = new RibbonLayout(2, 64 * 10, 7, 4);
        int word = 0;
        for (int group = 0; group < layout.groups(); group++) {
            assertThat(layout.firstWord(group)).isEqualTo(word);
            word += layout.columnsOf(group);
        }
        assertThat(layout.shardWords()).isEqualTo(word).isEqualTo(4 * 6 + 6 * 7);
        assertThat(layout.words()).isEqualTo(2 * word);
    }

    @Test
    void rowsPerKeyFollowTheSizingRule() {
        assertThat(RibbonLayout.shardSlotsFor(0)).isEqualTo(RibbonLayout.MIN_SLOTS);
        assertThat(RibbonLayout.shardSlotsFor(1)).isEqualTo(RibbonLayout.MIN_SLOTS);
        for (long items : new long[] {100_000, 1_000_000, 10_000_000, RibbonLayout.MAX_ITEMS}) {
            RibbonLayout layout = RibbonLayout.of(RibbonLayout.shardsFor(items), RibbonLayout.shardSlotsFor(items),
                    ResultBits.forFpp(0.01));
            assertThat((double) layout.slots() / items).as("rows per key at n=%d", items).isBetween(1.036, 1.038);
            assertThat(items / layout.shards()).as("keys per shard at n=%d", items)
                    .isBetween((long) RibbonLayout.SHARD_KEYS / 2, (long) RibbonLayout.SHARD_KEYS);
        }
        assertThat(RibbonLayout.shardsFor(RibbonLayout.SHARD_KEYS)).isOne();
        assertThat(RibbonLayout.shardsFor(RibbonLayout.SHARD_KEYS + 1)).isEqualTo(2);
        assertThat(RibbonLayout.shardsFor(3L * RibbonLayout.SHARD_KEYS)).isEqualTo(4);
        long most = RibbonLayout.mostGrown(RibbonLayout.shardSlotsFor(RibbonLayout.MAX_ITEMS));
        RibbonLayout largest = new RibbonLayout(RibbonLayout.shardsFor(RibbonLayout.MAX_ITEMS), (int) most,
                ResultBits.MAX_COLUMNS, 0);
        assertThat(largest.words()).isLessThan(Integer.MAX_VALUE);
        assertThat(largest.slots()).isLessThan(Integer.MAX_VALUE);
        assertThatThrownBy(() -> RibbonLayout.shardSlotsFor(RibbonLayout.MAX_ITEMS + 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(String.valueOf(RibbonLayout.MAX_ITEMS));
        for (int slots = RibbonLayout.MIN_SLOTS; slots < 1 << 24; slots = RibbonLayout.grown(slots)) {
            assertThat(slots % RibbonLayout.GROUP_ROWS).isZero();
        }
    }

    /** Unsigned order of hashes is the order of their shards, the top bits. */
    @Test
    void theShardIsTheHashsTopBits() {
        int one = new RibbonLayout(1, 256, 7, 0).shardBits();
        int sixteen = new RibbonLayout(16, 256, 7, 0).shardBits();
        assertThat(KeyRow.shard(-1L, KeyRow.shardShift(one))).isZero();
        assertThat(KeyRow.shard(-1L, KeyRow.shardShift(sixteen))).isEqualTo(15);
        assertThat(KeyRow.shard(0x0FFF_FFFF_FFFF_FFFFL, KeyRow.shardShift(sixteen))).isZero();
        assertThat(KeyRow.shard(0x1000_0000_0000_0000L, KeyRow.shardShift(sixteen))).isOne();
        assertThat(KeyRow.shard(Long.MIN_VALUE, KeyRow.shardShift(sixteen))).isEqualTo(8);
    }

    @Test
    void startsAreTheHighHalfScaledToTheRange() {
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 10_000; i++) {
            long mixed = random.nextLong();
            int starts = 1 + random.nextInt(Integer.MAX_VALUE);
            long expected = BigInteger.valueOf(mixed >>> 32).multiply(BigInteger.valueOf(starts)).shiftRight(32).longValueExact();
            assertThat(KeyRow.start(mixed, starts)).isEqualTo((int) expected).isBetween(0, starts - 1);
        }
        assertThat(KeyRow.start(-1L, 100)).isEqualTo(99);
    }

    /**
     * The reader's bound on a version-3 filter's groups holds for every build: keys spread evenly,
     * half the shards empty, or every key in one shard, and every shard grown the most times.
     */
    @Test
    void mostGroupsBoundsEveryShardGrownEveryTime() {
        for (long items : new long[] {0, 1, 1000, 5000, 100_000, 10_000_000, RibbonLayout.MAX_ITEMS}) {
            int shards = NarrowLayout.shardsFor(items);
            long[][] spreads = {new long[shards], new long[shards], new long[shards]};
            for (int shard = 0; shard < shards; shard++) {
                spreads[0][shard] = items / shards + (shard < items % shards ? 1 : 0);
                spreads[1][shard] = shard % 2 == 1 || shards == 1 ? items / Math.max(1, shards / 2) : 0;
            }
            spreads[2][0] = items;
            for (long[] keys : spreads) {
                long total = 0;
                for (long count : keys) {
                    int groups = NarrowLayout.groupsFor((int) count);
                    for (int growth = 0; growth < RibbonLayout.MAX_GROWTHS; growth++) {
                        groups = NarrowLayout.grown(groups);
                    }
                    total += groups;
                }
                assertThat(total).as("groups of %d keys in %d shards", items, shards)
                        .isLessThanOrEqualTo(NarrowLayout.mostGroups(items));
            }
        }
    }

    @Test
    void anOddMultipliersInverseUndoesIt() {
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 1000; i++) {
            int odd = random.nextInt() | 1;
            assertThat(odd * KeyRow.inverse(odd)).isOne();
        }
    }

    @Test
    void positionBitsAreThe32BelowTheShardsBitsAndOnlyThoseAreReplaced() {
        SplittableRandom random = new SplittableRandom(12);
        for (int shardBits = 0; shardBits <= 18; shardBits++) {
            long hash = random.nextLong();
            int position = random.nextInt();
            long replaced = KeyRow.withPosition(hash, shardBits, position);
            assertThat(KeyRow.position(replaced, shardBits)).isEqualTo(position);
            assertThat(KeyRow.withPosition(replaced, shardBits, KeyRow.position(hash, shardBits))).isEqualTo(hash);
            assertThat(KeyRow.position(hash, shardBits)).isEqualTo((int) (hash >>> (32 - shardBits)));
            long others = ~(0xFFFF_FFFFL << (32 - shardBits));
            assertThat(replaced & others).as("the shard's bits and the bits below").isEqualTo(hash & others);
        }
    }

    @Test
    void carryIsTheBitsAShiftMovesIntoTheNextWord() {
        SplittableRandom random = new SplittableRandom(2);
        for (int i = 0; i < 1000; i++) {
            long word = random.nextLong();
            int offset = random.nextInt(64);
            BigInteger shifted = new BigInteger(Long.toUnsignedString(word)).shiftLeft(offset).shiftRight(64);
            assertThat(KeyRow.carry(word, offset)).isEqualTo(shifted.longValue());
        }
        assertThat(KeyRow.carry(-1L, 0)).isZero();
        assertThat(KeyRow.carry(-1L, 63)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void coefficientsAlwaysIncludeTheirFirstRow() {
        assertThat(KeyRow.low(KeyRow.product(0L)) & 1).isOne();
        assertThat(KeyRow.firstLow(0L) & 1).isOne();
        // The result's low byte is the product's top byte: the best mixed bits of a multiplication.
        assertThat(KeyRow.result(0xAB00_0000_0000_0000L) & 0xFF).isEqualTo(0xAB);
        assertThat(KeyRow.resultMask(0)).isZero();
        assertThat(KeyRow.resultMask(7)).isEqualTo(0x7F);
        assertThat(KeyRow.resultMask(32)).isEqualTo(-1);
    }
}
