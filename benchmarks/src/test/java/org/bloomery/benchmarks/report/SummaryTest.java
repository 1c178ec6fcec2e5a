package org.bloomery.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import org.bloomery.benchmarks.contestant.Ability;
import org.bloomery.benchmarks.contestant.Contestant;
import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.contestant.Side;
import org.bloomery.benchmarks.stats.Proportion;
import org.bloomery.benchmarks.workload.Result;
import org.bloomery.benchmarks.workload.Spread;
import org.bloomery.benchmarks.workload.Throughput;
import org.bloomery.benchmarks.workload.Workload;
import org.junit.jupiter.api.Test;

/** The summary's choices on constructed results, where the right answer is known. */
class SummaryTest {
    private static final double FPP = 0.01;

    /** A uniform row: bits per item, query and add rates (M ops/s, ±5% range), remove rate or NaN. */
    private static Result uniform(String name, Side side, Set<Ability> abilities, KeyType type, double bits,
                                  double query, double add, double remove) {
        return result(Workload.UNIFORM, name, side, abilities, type, bits, 10_000, query, add, remove);
    }

    private static Result result(Workload workload, String name, Side side, Set<Ability> abilities, KeyType type,
                                 double bits, long falsePositives, double query, double add, double remove) {
        return new Result(workload, name, name, side, abilities, type, 1_000_000, FPP, 1_000_000, 1, bits, false,
                OptionalInt.empty(), new Proportion(falsePositives, 1_000_000), 0,
                new Throughput(rate(add), rate(query), rate(query), rate(query), rate(remove)), List.of(), "");
    }

    private static Spread rate(double median) {
        return Double.isNaN(median) ? Spread.NONE : new Spread(median, median * 0.95, median * 1.05, 5);
    }

    private static Report report(List<Result> results) {
        return report(results, List.of("uniform", "growth"));
    }

    private static Report report(List<Result> results, List<String> workloads) {
        RunInfo info = new RunInfo("./bloomery", new Machine("jdk", "cpu", 2,
                new CpuCaches(OptionalLong.empty(), 0, OptionalLong.empty(), "none"), "os", 1024, "date"), 1_000_000,
                List.of(FPP), 42, workloads, 5, 1, List.of(), List.of(), List.of(), List.of(), List.of(), 1);
        return new Report(info, results);
    }

    private static Summary.Row row(Report report, String need) {
        return Summary.rows(report).stream().filter(r -> r.need().startsWith(need)).findFirst().orElseThrow();
    }

    @Test
    void picksTheFastestAndSmallestKindsWithTheirRunnersUpAndTheBestPeer() {
        List<Result> rows = new ArrayList<>();
        for (KeyType type : KeyType.values()) {
            rows.add(uniform("small", Side.BLOOMERY, Set.of(), type, 9.6, 20, 10, Double.NaN));
            rows.add(uniform("quick", Side.BLOOMERY, Set.of(Ability.REMOVE), type, 12, 50, 30, 25));
            rows.add(uniform("big", Side.BLOOMERY, Set.of(Ability.REMOVE), type, 40, 10, 5, 8));
            rows.add(uniform("peer", Side.PEER, Set.of(), type, 9.0, 100, 60, Double.NaN));
        }
        Report report = report(rows);

        Summary.Row query = row(report, "fastest query");
        assertThat(query.winners()).containsExactly("quick");
        assertThat(query.figures()).contains("20 ns/query (string)", "20 ns/query (long)");
        assertThat(query.runnerUp()).startsWith("small: 50 ns/query");
        assertThat(query.bestPeer()).startsWith("peer: 10 ns/query");

        assertThat(row(report, "fastest add, one writing thread").winners()).containsExactly("quick");
        Summary.Row bits = row(report, "fewest bits per item at fpp 0.01");
        assertThat(bits.winners()).containsExactly("small");
        assertThat(bits.figures()).contains("9.60 bits/item", "measured fpp 1%");
        assertThat(bits.runnerUp()).startsWith("quick: 12.00");

        // Only contestants that can delete serve the deletion rows.
        assertThat(row(report, "deletion: smallest").winners()).containsExactly("quick");
        assertThat(row(report, "deletion: smallest").runnerUp()).startsWith("big");
        assertThat(row(report, "deletion: fastest remove").winners()).containsExactly("quick");
    }

    @Test
    void overlappingRangesAndEqualSizesAreTies() {
        List<Result> rows = new ArrayList<>();
        for (KeyType type : KeyType.values()) {
            // 41 M ops/s lies within 40 ± 5%; 9.6 and 9.65 bits are within 1%.
            rows.add(uniform("a", Side.BLOOMERY, Set.of(), type, 9.6, 40, 10, Double.NaN));
            rows.add(uniform("b", Side.BLOOMERY, Set.of(), type, 9.65, 41, 10, Double.NaN));
            rows.add(uniform("c", Side.BLOOMERY, Set.of(), type, 20, 10, 10, Double.NaN));
        }
        Report report = report(rows);
        Summary.Row query = row(report, "fastest query");
        assertThat(query.winners()).containsExactly("b", "a");
        assertThat(query.choice()).contains("b or a", "tied");
        assertThat(query.runnerUp()).startsWith("c");
        Summary.Row bits = row(report, "fewest bits per item");
        assertThat(bits.winners()).containsExactly("a", "b");
        assertThat(Summary.paragraphs(report)).anySatisfy(p -> assertThat(p)
                .startsWith("a: tied first for fastest query").contains("fewest bits per item"));
        // All three add at the same rate: c ties on that need only.
        assertThat(Summary.paragraphs(report)).anySatisfy(p -> assertThat(p).startsWith("c: tied first for fastest add")
                .doesNotContain("fastest query"));
    }

    @Test
    void addsAreComparedLikeAgainstLikeAndBatchQueriesHaveTheirOwnRow() {
        List<Result> rows = new ArrayList<>();
        for (KeyType type : KeyType.values()) {
            // A filter that is not safe for concurrent adds (a peer's, or a kind with one writer) skips
            // the atomic writes, so it must not set the bar for the thread-safe ones.
            rows.add(uniform("safe", Side.BLOOMERY, Set.of(Ability.CONCURRENT), type, 10, 40, 20, Double.NaN));
            rows.add(uniform("safe-peer", Side.PEER, Set.of(Ability.CONCURRENT), type, 10, 30, 10, Double.NaN));
            rows.add(uniform("single", Side.BLOOMERY, Set.of(), type, 10, 40, 60, Double.NaN));
            rows.add(uniform("unsafe-peer", Side.PEER, Set.of(), type, 10, 50, 80, Double.NaN));
        }
        Report report = report(rows);
        Summary.Row safe = row(report, "fastest add, safe for concurrent adds");
        assertThat(safe.winners()).containsExactly("safe");
        assertThat(safe.runnerUp()).isEqualTo("–");
        assertThat(safe.bestPeer()).startsWith("safe-peer: 100 ns/add");
        Summary.Row one = row(report, "fastest add, one writing thread");
        assertThat(one.winners()).containsExactly("single");
        assertThat(one.bestPeer()).startsWith("unsafe-peer: 13 ns/add");
        Summary.Row batch = row(report, "fastest batch query");
        assertThat(batch.need()).contains(Integer.toString(Contestant.BATCH), "a loop of single queries");
        assertThat(batch.winners()).containsExactly("safe", "single");
        assertThat(batch.bestPeer()).startsWith("unsafe-peer: 20 ns/query");
    }

    @Test
    void rangesThatOnlyTouchAreNotATie() {
        List<Result> rows = new ArrayList<>();
        // 40 ± 5% = [38, 42] and 44 ± 5% = [41.8, 46.2] overlap, but neither median is in the other's range.
        rows.add(uniform("slower", Side.BLOOMERY, Set.of(), KeyType.LONG, 9.6, 40, 10, Double.NaN));
        rows.add(uniform("faster", Side.BLOOMERY, Set.of(), KeyType.LONG, 9.6, 44, 10, Double.NaN));
        Summary.Row query = row(report(rows), "fastest query");
        assertThat(query.winners()).containsExactly("faster");
        assertThat(query.runnerUp()).startsWith("slower: 25 ns/query (long)");
    }

    @Test
    void needsThatNoKindServesSaySo() {
        List<Result> rows = new ArrayList<>();
        rows.add(uniform("plain", Side.BLOOMERY, Set.of(), KeyType.LONG, 9.6, 40, 10, Double.NaN));
        rows.add(uniform("peer", Side.PEER, Set.of(Ability.REMOVE), KeyType.LONG, 300, 4, 2, 2));
        Report report = report(rows);
        for (String need : List.of("deletion: smallest", "deletion: fastest remove", "growth from an unknown n",
                "a set known in advance", "a set known in advance: fastest query", "shared between processes")) {
            Summary.Row row = row(report, need);
            assertThat(row.choice()).as(need).isEqualTo("no kind in this run serves it");
            assertThat(row.winners()).as(need).isEmpty();
        }
        // The peer that can delete is still shown, so the reader sees what exists.
        assertThat(row(report, "deletion: smallest").bestPeer()).startsWith("peer: 300.00 bits/item");
        assertThat(Summary.paragraphs(report)).singleElement().asString()
                .startsWith("plain: choose it for fastest query").contains("It cannot delete, grow past its capacity");
    }

    @Test
    void aWorkloadThatWasNotRunIsNotPassedOffAsANeedNoKindServes() {
        Report report = report(List.of(), List.of("churn"));
        assertThat(row(report, "fastest query").choice()).isEqualTo("not measured: the uniform workload was not run");
        assertThat(row(report, "growth from an unknown n").choice())
                .isEqualTo("not measured: the growth workload was not run");
        assertThat(Summary.paragraphs(report)).isEmpty();
    }

    @Test
    void capabilitiesNotNamesDecideWhoServesANeed() {
        List<Result> rows = new ArrayList<>();
        rows.add(uniform("remote", Side.BLOOMERY, Set.of(Ability.SHARED), KeyType.LONG, 9.6, 1, 0.5, Double.NaN));
        // A static filter's row may come from whichever workload builds filters from a set.
        rows.add(result(Workload.EXACT, "built", Side.BLOOMERY, Set.of(Ability.STATIC), KeyType.LONG, 9.0, 10_000,
                60, 20, Double.NaN));
        rows.add(result(Workload.GROWTH, "grower", Side.BLOOMERY, Set.of(Ability.GROW), KeyType.LONG, 23, 10_000, 5,
                2, Double.NaN));
        Report report = report(rows);
        assertThat(row(report, "shared between processes").winners()).containsExactly("remote");
        assertThat(row(report, "a set known in advance").winners()).containsExactly("built");
        assertThat(row(report, "growth from an unknown n").winners()).containsExactly("grower");
    }

    @Test
    void theStaticWorkloadNamesTheSmallestStaticKindAndTheBestStaticPeer() {
        List<Result> rows = new ArrayList<>();
        for (KeyType type : KeyType.values()) {
            rows.add(uniform("classic", Side.BLOOMERY, Set.of(), type, 9.6, 40, 10, Double.NaN));
            rows.add(result(Workload.STATIC, "fuse", Side.BLOOMERY, Set.of(Ability.STATIC), type, 9.04, 3_900, 30,
                    4, Double.NaN));
            // The dynamic kinds built from the same set are baselines: they do not serve this need.
            rows.add(result(Workload.STATIC, "classic", Side.BLOOMERY, Set.of(), type, 9.6, 10_000, 40, 8,
                    Double.NaN));
            rows.add(result(Workload.STATIC, "xor8", Side.PEER, Set.of(Ability.STATIC), type, 9.84, 4_100, 40, 4,
                    Double.NaN));
        }
        Summary.Row row = row(report(rows, List.of("uniform", "static")), "a set known in advance");
        assertThat(row.winners()).containsExactly("fuse");
        assertThat(row.figures()).contains("9.04 bits/item");
        assertThat(row.runnerUp()).isEqualTo("–");
        assertThat(row.bestPeer()).startsWith("xor8: 9.84 bits/item");
    }

    /** The smaller static kind wins on space, the faster one on queries: each need names its own. */
    @Test
    void theStaticNeedsPickTheSmallestAndTheFastestStaticKind() {
        List<Result> rows = new ArrayList<>();
        for (KeyType type : KeyType.values()) {
            rows.add(result(Workload.STATIC, "fuse", Side.BLOOMERY, Set.of(Ability.STATIC), type, 9.04, 3_900, 40,
                    4, Double.NaN));
            rows.add(result(Workload.STATIC, "ribbon", Side.BLOOMERY, Set.of(Ability.STATIC), type, 7.05, 9_900, 25,
                    2, Double.NaN));
        }
        Report report = report(rows, List.of("uniform", "static"));
        Summary.Row smallest = row(report, "a set known in advance (");
        assertThat(smallest.winners()).containsExactly("ribbon");
        assertThat(smallest.figures()).contains("7.05 bits/item");
        assertThat(smallest.runnerUp()).startsWith("fuse: 9.04 bits/item");
        Summary.Row fastest = row(report, "a set known in advance: fastest query");
        assertThat(fastest.winners()).containsExactly("fuse");
        assertThat(fastest.runnerUp()).startsWith("ribbon: 40 ns/query");
    }

    @Test
    void aFilterClearlyAboveItsTargetIsNotTheSmallest() {
        List<Result> rows = new ArrayList<>();
        rows.add(result(Workload.UNIFORM, "over", Side.BLOOMERY, Set.of(), KeyType.LONG, 8, 30_000, 40, 10,
                Double.NaN));
        rows.add(uniform("honest", Side.BLOOMERY, Set.of(), KeyType.LONG, 9.6, 40, 10, Double.NaN));
        assertThat(row(report(rows), "fewest bits per item").winners()).containsExactly("honest");
    }
}
