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
            RibbonLayout layout = RibbonLayout.of(RibbonLayout.slotsFor(items), bits);
            assertThat(layout.expectedFpp()).as("n=%d", items).isLessThanOrEqualTo(fpp);
            // The fewest r-column groups: one more (r-1)-column group would exceed the target.
            if (layout.upperStartGroup() < layout.groups()) {
                RibbonLayout fewer = new RibbonLayout(layout.slots(), layout.columns(), layout.upperStartGroup() + 1);
                assertThat(fewer.expectedFpp()).as("n=%d", items).isGreaterThan(fpp);
            }
        }
    }

    @Test
    void wholeResultBitsUseEveryColumnEverywhere() {
        RibbonLayout layout = RibbonLayout.of(RibbonLayout.slotsFor(1_000_000), ResultBits.forFpp(1.0 / 256));
        assertThat(layout.upperStartGroup()).isZero();
        assertThat(layout.words()).isEqualTo(layout.groups() * 8);
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
        RibbonLayout layout = new RibbonLayout(64 * 10, 7, 4);
        int word = 0;
        for (int group = 0; group < layout.groups(); group++) {
            assertThat(layout.firstWord(group)).isEqualTo(word);
            word += layout.columnsOf(group);
        }
        assertThat(layout.words()).isEqualTo(word).isEqualTo(4 * 6 + 6 * 7);
    }

    @Test
    void rowsPerKeyFollowTheSizingRule() {
        assertThat(RibbonLayout.slotsFor(0)).isEqualTo(RibbonLayout.MIN_SLOTS);
        assertThat(RibbonLayout.slotsFor(1)).isEqualTo(RibbonLayout.MIN_SLOTS);
        assertThat(RibbonLayout.slotsFor(100_000) / 100_000.0).isBetween(1.036, 1.037);
        assertThat(RibbonLayout.slotsFor(1_000_000) / 1e6).isBetween(1.047, 1.048);
        int most = RibbonLayout.maxSlotsFor(RibbonLayout.MAX_ITEMS);
        assertThat(most).isPositive();
        assertThat((long) new RibbonLayout(most, ResultBits.MAX_COLUMNS, 0).words()).isLessThan(Integer.MAX_VALUE);
        assertThatThrownBy(() -> RibbonLayout.slotsFor(RibbonLayout.MAX_ITEMS + 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(String.valueOf(RibbonLayout.MAX_ITEMS));
        for (int slots = RibbonLayout.MIN_SLOTS; slots < 1 << 24; slots = RibbonLayout.grown(slots)) {
            assertThat(slots % RibbonLayout.GROUP_ROWS).isZero();
        }
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
        assertThat(KeyRow.low(0L) & 1).isOne();
        assertThat(KeyRow.resultMask(0)).isZero();
        assertThat(KeyRow.resultMask(7)).isEqualTo(0x7F);
        assertThat(KeyRow.resultMask(32)).isEqualTo(-1);
    }
}
