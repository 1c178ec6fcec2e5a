package org.bloomery.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TextEscapingTest {

    @Test
    void svgEscapesXmlSpecials() {
        assertThat(Svg.escape("a<b & \"c\" > 'd'")).isEqualTo("a&lt;b &amp; &quot;c&quot; &gt; &#39;d&#39;");
        assertThat(Svg.escape("ε · ≈ ⚠")).isEqualTo("ε · ≈ ⚠");
    }

    @Test
    void csvQuotesOnlyWhatNeedsIt() {
        assertThat(CsvReport.quoted("plain")).isEqualTo("plain");
        assertThat(CsvReport.quoted("a,b")).isEqualTo("\"a,b\"");
        assertThat(CsvReport.quoted("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(CsvReport.quoted("two\nlines")).isEqualTo("\"two\nlines\"");
    }

    @Test
    void csvNumbersArePlainWithTwelveSignificantDigits() {
        assertThat(CsvReport.number(0.01)).isEqualTo("0.01");
        assertThat(CsvReport.number(1e-7)).isEqualTo("0.0000001");
        assertThat(CsvReport.number(1 / 3.0)).isEqualTo("0.333333333333");
        assertThat(CsvReport.number(306.72)).isEqualTo("306.72");
        assertThat(CsvReport.number(Double.NaN)).isEmpty();
    }

    @Test
    void percentagesKeepThreeSignificantDigits() {
        assertThat(Figures.percent(0.010123)).isEqualTo("1.01%");
        assertThat(Figures.percent(0.00094)).isEqualTo("0.094%");
        assertThat(Figures.percent(0.01)).isEqualTo("1%");
        assertThat(Figures.percent(0)).isEqualTo("0%");
        assertThat(Figures.fpp(0.001)).isEqualTo("0.001");
    }

    @Test
    void boundsFollowTheFormulas() {
        // FACTS.md: 9.59 bits per element at 1% and 14.38 at 0.1% for a classic filter.
        assertThat(Figures.classicBits(0.01)).isBetween(9.585, 9.595);
        assertThat(Figures.classicBits(0.001)).isBetween(14.375, 14.385);
        assertThat(Figures.lowerBoundBits(0.01)).isBetween(6.64, 6.65);
    }
}
