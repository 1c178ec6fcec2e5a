package org.bloomery.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.bloomery.benchmarks.Lineup;
import org.bloomery.benchmarks.contestant.Ability;
import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.contestant.Side;
import org.bloomery.benchmarks.exact.ExactSets;
import org.bloomery.benchmarks.stats.Proportion;
import org.bloomery.benchmarks.workload.Result;
import org.bloomery.benchmarks.workload.Spread;
import org.bloomery.benchmarks.workload.Throughput;
import org.bloomery.benchmarks.workload.Workload;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The HTML page on constructed results: well-formed, every series in a legend, no row label cut off. */
class HtmlReportTest {
    /** The longest contestant name of the real line-up, so the layout is tested where it is tightest. */
    private static final String LONG_NAME = "fastfilter-succinct-counting";
    /** The advance of one character assumed by the charts' label columns (12px sans-serif). */
    private static final double CHAR_WIDTH = 6.8;

    private static Result result(Workload workload, String name, KeyType type, int threads, double rate) {
        Spread spread = new Spread(rate, rate * 0.9, rate * 1.1, 5);
        return new Result(workload, name, name, Side.BLOOMERY, Set.of(Ability.CONCURRENT), type, 100_000, 0.01,
                100_000, threads, 9.6, false, OptionalInt.empty(), new Proportion(1_000, 100_000), 0,
                new Throughput(spread, spread, spread, spread, Spread.NONE), List.of(), "");
    }

    private static Document page() throws Exception {
        return page(List.of("classic", LONG_NAME));
    }

    private static Document page(List<String> names) throws Exception {
        return page(names, List.of());
    }

    private static Document page(List<String> names, List<String> builtFromSets) throws Exception {
        List<Result> results = new ArrayList<>();
        for (KeyType type : KeyType.values()) {
            for (String name : builtFromSets) {
                results.add(result(Workload.STATIC, name, type, 1, 10));
            }
        }
        for (KeyType type : KeyType.values()) {
            for (String name : names) {
                results.add(result(Workload.UNIFORM, name, type, 1, 10));
                results.add(result(Workload.THREADS, name, type, 1, 10));
                results.add(result(Workload.THREADS, name, type, 2, 18));
            }
        }
        RunInfo info = new RunInfo("./bloomery --threads 2", new Machine("jdk", "cpu", 2,
                new CpuCaches(OptionalLong.empty(), 0, OptionalLong.empty(), "none"), "os", 1024, "date"), 100_000,
                List.of(0.01), 42, List.of("uniform", "threads"), 5, 2, List.of(), List.of(), List.of(), List.of(),
                List.of(), 1);
        String html = HtmlReport.write(new Report(info, results));
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(html.getBytes(StandardCharsets.UTF_8)));
    }

    private static List<String> texts(Element svg) {
        List<String> texts = new ArrayList<>();
        NodeList nodes = svg.getElementsByTagName("text");
        for (int i = 0; i < nodes.getLength(); i++) {
            texts.add(nodes.item(i).getTextContent());
        }
        return texts;
    }

    private static Element chart(Document page, String titleStart) {
        NodeList svgs = page.getElementsByTagName("svg");
        for (int i = 0; i < svgs.getLength(); i++) {
            Element svg = (Element) svgs.item(i);
            if (svg.getElementsByTagName("title").item(0).getTextContent().startsWith(titleStart)) {
                return svg;
            }
        }
        throw new AssertionError("no chart titled " + titleStart);
    }

    @Test
    void throughputAndThreadsChartsNameEverySeriesInTheirLegend() throws Exception {
        Document page = page();
        assertThat(texts(chart(page, "Throughput"))).contains("add", "query present", "query absent", "remove",
                "min–max of the rounds (bar: median)", LONG_NAME + " · string");
        assertThat(texts(chart(page, "Query throughput with 1 and 2 threads"))).contains("present, 1 thread",
                "present, 2 threads", "absent, 1 thread", "absent, 2 threads", LONG_NAME + " · long");
    }

    @Test
    void noRightAlignedLabelRunsOffTheLeftEdge() throws Exception {
        NodeList svgs = page().getElementsByTagName("svg");
        for (int i = 0; i < svgs.getLength(); i++) {
            NodeList texts = ((Element) svgs.item(i)).getElementsByTagName("text");
            for (int t = 0; t < texts.getLength(); t++) {
                Element text = (Element) texts.item(t);
                if (text.getAttribute("text-anchor").equals("end")) {
                    double x = Double.parseDouble(text.getAttribute("x"));
                    assertThat(x - text.getTextContent().length() * CHAR_WIDTH)
                            .as("left edge of label '%s'", text.getTextContent()).isGreaterThanOrEqualTo(0);
                }
            }
        }
    }

    /** Bloomery's kind families have at most eight hues between them, their layouts shades of it; peers are grey. */
    @Test
    void aChartAsksTheReaderToTellAtMostEightColoursApart() {
        assertThat(SeriesColors.FAMILY_SHADES).hasSizeLessThanOrEqualTo(SeriesColors.MAX_KIND_COLOURS);
        assertThat(SeriesColors.FAMILY_SHADES.values().stream().flatMap(List::stream).toList()).doesNotHaveDuplicates();
        for (String grey : SeriesColors.GREYS) {
            int rgb = Integer.parseInt(grey.substring(1), 16);
            assertThat(rgb >> 16).as("a grey: red, green and blue equal").isEqualTo((rgb >> 8) & 0xFF).isEqualTo(rgb & 0xFF);
        }
    }

    /**
     * The fpp chart draws every point at its measured bits per element: the test's contestants all
     * have 9.6 bits per element, so within a panel every marker sits at one x, however many coincide.
     */
    @Test
    void theFppChartDrawsEveryPointAtItsMeasuredBits() throws Exception {
        List<String> names = new ArrayList<>();
        Lineup.everyFilter().forEach(e -> names.add(e.name()));
        Element chart = chart(page(names), "Measured false-positive rate");
        java.util.Map<Boolean, java.util.Set<String>> xs = new java.util.HashMap<>();
        NodeList circles = chart.getElementsByTagName("circle");
        for (int i = 0; i < circles.getLength(); i++) {
            Element circle = (Element) circles.item(i);
            String tip = circle.getTextContent();
            if (tip.contains("bits/element")) {
                xs.computeIfAbsent(tip.contains("string keys"), k -> new java.util.HashSet<>()).add(circle.getAttribute("cx"));
            }
        }
        assertThat(xs).hasSize(2);
        assertThat(xs.values()).allSatisfy(panel -> assertThat(panel).as("the x of every marker in a panel").hasSize(1));
    }

    /** The built-from-a-set chart's legend names the contestants it draws and no other. */
    @Test
    void everyFppLegendListsExactlyWhatItsChartDraws() throws Exception {
        Document page = page(List.of("classic", LONG_NAME), List.of("ribbon"));
        Element uniform = chart(page, "Measured false-positive rate");
        assertThat(texts(uniform)).contains("classic", LONG_NAME).doesNotContain("ribbon");
        NodeList svgs = page.getElementsByTagName("svg");
        List<List<String>> fppCharts = new ArrayList<>();
        for (int i = 0; i < svgs.getLength(); i++) {
            Element svg = (Element) svgs.item(i);
            if (svg.getElementsByTagName("title").item(0).getTextContent().startsWith("Measured false-positive rate")) {
                fppCharts.add(texts(svg));
            }
        }
        assertThat(fppCharts).hasSize(2);
        assertThat(fppCharts.get(1)).contains("ribbon").doesNotContain("classic", LONG_NAME);
    }

    /** With every contestant of a full run the legends grow taller than the plots: the pictures grow too. */
    @Test
    void everyTextOfAFullRunLiesInsideItsChart() throws Exception {
        List<String> names = new ArrayList<>();
        Lineup.everyFilter().forEach(e -> names.add(e.name()));
        NodeList svgs = page(names).getElementsByTagName("svg");
        for (int i = 0; i < svgs.getLength(); i++) {
            Element svg = (Element) svgs.item(i);
            double height = Double.parseDouble(svg.getAttribute("height"));
            NodeList texts = svg.getElementsByTagName("text");
            for (int t = 0; t < texts.getLength(); t++) {
                Element text = (Element) texts.item(t);
                assertThat(Double.parseDouble(text.getAttribute("y")))
                        .as("baseline of '%s' in '%s'", text.getTextContent(),
                                svg.getElementsByTagName("title").item(0).getTextContent())
                        .isBetween(0.0, height);
            }
        }
    }

    @Test
    void figuresWithRangesPutTheRangeOnItsOwnLine() throws Exception {
        NodeList spans = page().getElementsByTagName("span");
        assertThat(spans.getLength()).isPositive();
        assertThat(((Element) spans.item(0)).getAttribute("class")).isEqualTo("range");
        assertThat(spans.item(0).getTextContent()).matches("\\(\\S+–\\S+\\)");
    }
}
