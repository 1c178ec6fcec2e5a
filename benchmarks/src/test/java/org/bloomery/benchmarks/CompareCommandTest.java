package org.bloomery.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.bloomery.benchmarks.contestant.Ability;
import org.bloomery.benchmarks.contestant.Contestant;
import org.bloomery.benchmarks.contestant.Entrant;
import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.exact.ExactSets;
import org.bloomery.benchmarks.keys.KeyGenerator;
import org.bloomery.benchmarks.report.CsvReport;
import org.bloomery.benchmarks.workload.Plan;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.w3c.dom.Document;

/** Runs {@code compare} end to end on a tiny n and checks that the report's numbers are real. */
class CompareCommandTest {
    private static final int N = 2_000;
    private static final long SEED = 7;
    private static final double FPP = 0.01;

    @TempDir
    static Path out;
    private static Run run;
    private static List<Map<String, String>> csv;

    record Run(int exitCode, String stdout, String stderr) {
    }

    @BeforeAll
    static void runCompare() throws IOException {
        run = execute("compare", "--n", Integer.toString(N), "--fpp", Double.toString(FPP), "--seed",
                Long.toString(SEED), "--rounds", "3", "--scaling-max", "20000", "--threads", "2", "--jmh",
                recordedJmh().toString(), "--out", out.toString());
        csv = CsvParser.records(Files.readString(out.resolve("results.csv"), StandardCharsets.UTF_8));
    }

    /** The recorded JMH result file of the report package's tests. */
    static Path recordedJmh() {
        try {
            return Path.of(CompareCommandTest.class.getResource("report/jmh-membership.json").toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Run execute(String... args) {
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        int code = BloomeryCompare.commandLine().setOut(new PrintWriter(stdout)).setErr(new PrintWriter(stderr)).execute(args);
        return new Run(code, stdout.toString(), stderr.toString());
    }

    @Test
    void succeedsAndWritesEveryFormat() throws IOException {
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(out.resolve("report.md")).exists();
        assertThat(out.resolve("results.csv")).exists();
        assertThat(out.resolve("index.html")).exists();
        assertThat(Files.readString(out.resolve("performance.md"), StandardCharsets.UTF_8))
                .contains("| MembershipBenchmark: classic, fpp 0.01 |");
        assertThat(run.stdout()).isEqualTo(Files.readString(out.resolve("report.md"), StandardCharsets.UTF_8));
        assertThat(run.stderr()).contains("uniform · string keys · fpp 0.01 · round 1 of 3", "] done");
    }

    @Test
    void saysWhatItWillRunAndHowLongBeforeTheFirstWorkload() {
        String stderr = run.stderr();
        int estimate = stderr.indexOf("bloomery: 9 workloads × ");
        assertThat(estimate).as(stderr).isNotNegative().isLessThan(stderr.indexOf("uniform · string keys"));
        assertThat(stderr.substring(estimate)).containsPattern("× n = 2,000 × 3 rounds, string and long keys:"
                + " expect about \\d+–\\d+ (seconds|minutes) on a quiet 2-core machine");
    }

    /**
     * The window workload races kind aging against Commons' layered filter and the segmented rotation,
     * none of which loses a key within the window, and the summary answers the need it serves.
     */
    @Test
    void theWindowWorkloadRacesTheSlidingWindowsAndTheSummaryChoosesOne() throws IOException {
        String markdown = Files.readString(out.resolve("report.md"), StandardCharsets.UTF_8);
        assertThat(markdown).contains("window: five windows of n adds", "| aging |", "| commons-layered |",
                "| segmented-rotation |", "| forget items after a window (fpp 0.01) | aging |");
        assertThat(csv).filteredOn(row -> row.get("workload").equals("window")
                && row.get("figure").equals("false_negatives")).hasSize(6)
                .allSatisfy(row -> assertThat(row.get("median")).isEqualTo("0"));
    }

    @Test
    void everyContestantAppearsInTheCsvAndTheMarkdown() throws IOException {
        String markdown = Files.readString(out.resolve("report.md"), StandardCharsets.UTF_8);
        List<String> names = new ArrayList<>();
        // A static peer of a fixed width serves only the targets it is the narrowest width for.
        Lineup.everyFilter().stream().filter(e -> !e.can(Ability.STATIC) || e.builder().orElseThrow().serves(FPP))
                .forEach(e -> names.add(e.name()));
        ExactSets.entrants().forEach(e -> names.add(e.name()));
        for (String name : names) {
            assertThat(csv).as(name).anyMatch(row -> row.get("contestant").equals(name));
            assertThat(markdown).as(name).contains("| " + name + " |");
        }
        assertThat(markdown).contains("missing: " + (Lineup.missingKinds().isEmpty() ? "none"
                : String.join("; ", Lineup.missingKinds())));
    }

    @Test
    void theDefaultRunComparesTheSharedKindsInRedisAndAnswersTheSharedRowFromThem() {
        assertThat(run.stdout()).contains("## redis: n = 2,000 string keys", "## redis growth:", "| redis-classic |",
                "| redis-counting |", "| redisson |", "| redis-scalable |", "| scalable |");
        assertThat(csv).filteredOn(row -> row.get("workload").equals("redis growth"))
                .extracting(row -> row.get("contestant")).contains("redis-scalable", "scalable");
        assertThat(csv).filteredOn(row -> row.get("workload").equals("redis") && row.get("figure").equals("query_ops"))
                .extracting(row -> row.get("threads")).contains("1", "8");
        String shared = run.stdout().lines().filter(line -> line.startsWith("| shared between processes"))
                .findFirst().orElseThrow();
        assertThat(shared).contains("| redis-c").contains("redis workload").contains("redisson: ");
    }

    @Test
    void csvHasTheDocumentedColumnsAndOneRowPerContestantWorkloadSpecKeyTypeAndFigure() {
        assertThat(csv).isNotEmpty().allSatisfy(row -> assertThat(row.keySet()).containsExactlyElementsOf(
                CsvReport.COLUMNS));
        long distinct = csv.stream().map(r -> List.of(r.get("workload"), r.get("contestant"), r.get("key_type"),
                r.get("target_fpp"), r.get("n"), r.get("threads"), r.get("figure"))).distinct().count();
        assertThat(distinct).isEqualTo(csv.size());
        assertThat(csv).allSatisfy(row -> {
            assertThat(row.get("cores")).isEqualTo(Integer.toString(Runtime.getRuntime().availableProcessors()));
            assertThat(row.get("seed")).isEqualTo(Long.toString(SEED));
            assertThat(Double.parseDouble(row.get("min"))).isLessThanOrEqualTo(Double.parseDouble(row.get("median")));
            assertThat(Double.parseDouble(row.get("median"))).isLessThanOrEqualTo(Double.parseDouble(row.get("max")));
        });
        assertThat(csv).filteredOn(row -> row.get("figure").equals("false_negatives"))
                .isNotEmpty().allSatisfy(row -> assertThat(row.get("median")).isEqualTo("0"));
        assertThat(csv).filteredOn(row -> row.get("figure").equals("add_mops") && row.get("workload").equals("uniform"))
                .isNotEmpty().allSatisfy(row -> assertThat(row.get("rounds")).isEqualTo("3"));
        assertThat(csv).filteredOn(row -> row.get("workload").equals("churn")
                        && row.get("figure").startsWith("round_fpp_"))
                .isNotEmpty()
                .extracting(row -> row.get("figure")).containsOnly("round_fpp_1", "round_fpp_2", "round_fpp_3");
        assertThat(csv).filteredOn(row -> row.get("workload").equals("threads"))
                .extracting(row -> row.get("threads")).contains("1", "2");
        assertThat(csv).anyMatch(row -> row.get("workload").equals("scaling"));
    }

    private static String figure(String workload, String contestant, KeyType type, String figure) {
        return csv.stream()
                .filter(r -> r.get("workload").equals(workload) && r.get("contestant").equals(contestant)
                        && r.get("key_type").equals(type.label()) && r.get("figure").equals(figure))
                .findFirst().orElseThrow().get("median");
    }

    static Stream<Arguments> uniformRows() {
        return Lineup.everyFilter().stream().filter(e -> !e.can(Ability.STATIC))
                .flatMap(e -> Stream.of(KeyType.values()).map(type -> Arguments.of(e.name(), e, type)));
    }

    /**
     * The CSV's fpp is a recount: the test rebuilds the contestant, inserts the same n keys from the
     * same seed, queries the same 5·n absent keys and counts false positives itself. A reproducible
     * contestant must match exactly. CuckooFilter4J salts its hash with SecureRandom, so its two
     * counts are two independent measurements of one rate: at about 3% of 10,000 queries (300
     * expected, σ ≈ 17 each, σ ≈ 24 for the difference) they must agree within 6σ ≈ 145.
     */
    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("uniformRows")
    void csvFppMatchesARecountFromTheSameSeed(String name, Entrant entrant, KeyType type) {
        KeyGenerator generator = new KeyGenerator(SEED);
        Contestant rebuilt = entrant.create(type, N, FPP);
        generator.present(type, N).addTo(rebuilt, 0, N);
        long absent = (long) Plan.ABSENT_PER_KEY * N;
        long recount = generator.absent(type, (int) absent).countContained(rebuilt, 0, (int) absent);

        long falsePositives = Long.parseLong(figure("uniform", name, type, "false_positives"));
        assertThat(Long.parseLong(figure("uniform", name, type, "absent_queries"))).isEqualTo(absent);
        assertThat(Double.parseDouble(figure("uniform", name, type, "measured_fpp")))
                .isCloseTo(falsePositives / (double) absent, within(1e-11));
        if (entrant.reproducible()) {
            assertThat(falsePositives).isEqualTo(recount);
        } else {
            assertThat(Math.abs(falsePositives - recount)).isLessThan(145);
        }
        assertThat(Double.parseDouble(figure("uniform", name, type, "fpp_ci95_low")))
                .isLessThanOrEqualTo(falsePositives / (double) absent);
        assertThat(Double.parseDouble(figure("uniform", name, type, "fpp_ci95_high")))
                .isGreaterThanOrEqualTo(falsePositives / (double) absent);
    }

    @Test
    void theFirstFppRunsEveryRoundAndTheSideHeatsAtMostThreeWithEveryAbsentKeyStillCounted(@TempDir Path dir)
            throws IOException {
        Run side = execute("compare", "--kinds", "counting,scalable", "--peers", "none", "--n", Integer.toString(N), "--fpp",
                "0.01,0.001", "--rounds", "5", "--workload", "uniform,churn,growth", "--keys", "long", "--format", "csv",
                "--out", dir.toString());
        assertThat(side.exitCode()).as(side.stderr()).isZero();
        List<Map<String, String>> rows = CsvParser.records(Files.readString(dir.resolve("results.csv"),
                StandardCharsets.UTF_8));
        for (String workload : List.of("uniform", "churn")) {
            assertThat(rounds(rows, workload, "0.01", "add_mops")).as(workload).isEqualTo("5");
            assertThat(rounds(rows, workload, "0.001", "add_mops")).as(workload).isEqualTo("3");
        }
        // Fewer rounds take larger shares: the fpp is still counted over all 5·n absent keys.
        assertThat(figureOf(rows, "uniform", "0.001", "absent_queries")).isEqualTo(Integer.toString(Plan.ABSENT_PER_KEY * N));
        assertThat(rows).noneMatch(r -> r.get("workload").equals("churn") && r.get("figure").equals("round_fpp_4")
                && r.get("target_fpp").equals("0.001"));
        assertThat(rows).anyMatch(r -> r.get("workload").equals("churn") && r.get("figure").equals("round_fpp_5")
                && r.get("target_fpp").equals("0.01"));
        assertThat(rows).filteredOn(r -> r.get("workload").equals("growth") && r.get("figure").equals("add_mops"))
                .isNotEmpty().allSatisfy(r -> assertThat(r.get("rounds")).isEqualTo("3"));
    }

    private static String rounds(List<Map<String, String>> rows, String workload, String fpp, String figure) {
        return row(rows, workload, fpp, figure).get("rounds");
    }

    private static String figureOf(List<Map<String, String>> rows, String workload, String fpp, String figure) {
        return row(rows, workload, fpp, figure).get("median");
    }

    private static Map<String, String> row(List<Map<String, String>> rows, String workload, String fpp, String figure) {
        return rows.stream().filter(r -> r.get("workload").equals(workload) && r.get("target_fpp").equals(fpp)
                && r.get("figure").equals(figure) && r.get("contestant").equals("counting")).findFirst()
                .orElseThrow(() -> new AssertionError("no " + figure + " row of " + workload + " at " + fpp));
    }

    @Test
    void htmlIsWellFormedXmlWithOneSvgPerChart() throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Document page = factory.newDocumentBuilder().parse(out.resolve("index.html").toFile());
        // Charts: fpp against space, throughput, threads, churn, scaling for each key type, static fpp against
        // space, JMH.
        assertThat(page.getElementsByTagNameNS("http://www.w3.org/2000/svg", "svg").getLength()).isEqualTo(8);
        assertThat(page.getElementsByTagNameNS("http://www.w3.org/1999/xhtml", "script").getLength()).isZero();
        String html = Files.readString(out.resolve("index.html"), StandardCharsets.UTF_8);
        // Self-contained: nothing is loaded from anywhere.
        assertThat(html).doesNotContain("src=", "href=", "@import", "url(")
                .contains("lower bound log2(1/ε)", "classic Bloom 1.44·log2(1/ε)");
        // The decision summary comes first, before the run's description.
        assertThat(html.indexOf("Which filter should I use?")).isLessThan(html.indexOf("<h2>The run</h2>"));
        assertThat(html.indexOf("<h2>The run</h2>")).isLessThan(html.indexOf("<svg"));
    }
}
