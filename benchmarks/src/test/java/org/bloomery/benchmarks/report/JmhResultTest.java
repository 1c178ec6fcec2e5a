package org.bloomery.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The JMH import on a recorded file: {@code jmh-membership.json} is the {@code -rf json} output of a
 * short real run of the suite ({@code java -jar benchmarks/target/benchmarks.jar MembershipBenchmark
 * -p contestant=classic,guava -p keyType=string,long -p fpp=0.01 -f 1 -wi 1 -w 1s -i 3 -r 1s}) on a
 * busy shared machine, so its figures are slow and noisy; only their transfer is tested.
 */
class JmhResultTest {

    static String recorded() throws IOException {
        try (InputStream in = JmhResultTest.class.getResourceAsStream("jmh-membership.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void readsEveryBenchmarkWithItsParametersScoreAndError() throws IOException {
        List<JmhResult> results = JmhResult.parse(recorded());
        assertThat(results).hasSize(12);
        JmhResult first = results.get(0);
        assertThat(first.benchmark()).isEqualTo("MembershipBenchmark.add");
        assertThat(first.method()).isEqualTo("add");
        assertThat(first.params()).isEqualTo(Map.of("contestant", "classic", "fpp", "0.01", "keyType", "string"));
        assertThat(first.mode()).isEqualTo("avgt");
        assertThat(first.threads()).isEqualTo(1);
        assertThat(first.score()).isCloseTo(435.206, within(0.001));
        assertThat(first.error()).isCloseTo(897.049, within(0.001));
        assertThat(first.unit()).isEqualTo("ns/op");
        assertThat(first.jmhVersion()).isEqualTo("1.37");
        assertThat(results).extracting(JmhResult::method).containsOnly("add", "mightContainAbsent",
                "mightContainPresent");
    }

    @Test
    void thePerformanceFragmentHasOneRowPerContestantAndOneColumnPerMethodAndKeyType() throws IOException {
        List<JmhResult> results = JmhResult.parse(recorded());
        Table pivot = JmhTables.pivot(results);
        assertThat(pivot.rows()).extracting(row -> row.get(0)).containsExactly("MembershipBenchmark: classic, fpp 0.01",
                "MembershipBenchmark: guava, fpp 0.01");
        assertThat(pivot.headers()).hasSize(7).contains("add, string (ns/op)", "mightContainAbsent, long (ns/op)");
        assertThat(pivot.rows().get(0).get(pivot.headers().indexOf("add, string (ns/op)"))).isEqualTo("435.2 ± 897.0");

        RunInfo info = new RunInfo("./bloomery --jmh x.json", new Machine("jdk", "cpu model", 2,
                new CpuCaches(OptionalLong.of(512 << 10), 3, OptionalLong.of(32 << 20), "sysfs"), "os", 4096, "date"),
                1, List.of(0.01), 42, List.of(), 5, 1, List.of(), List.of(), List.of(), List.of(), List.of(), 1);
        String fragment = JmhTables.performanceFragment(results, info);
        assertThat(fragment).contains("JMH 1.37", "cpu model", "`./bloomery --jmh x.json`",
                "| MembershipBenchmark: guava, fpp 0.01 |");
        assertThat(fragment.lines().filter(l -> l.startsWith("| MembershipBenchmark"))).hasSize(2);
    }

    @Test
    void whatIsNotAJmhResultFileIsRefusedWithTheReason() {
        assertThatThrownBy(() -> JmhResult.parse("{\"benchmark\": 1}")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("JSON array");
        assertThatThrownBy(() -> JmhResult.parse("[{\"benchmark\": \"a.b\"}]"))
                .hasMessageContaining("primaryMetric");
        assertThatThrownBy(() -> JmhResult.parse("[1, 2")).hasMessageContaining("not valid JSON")
                .hasMessageContaining("line 1");
        assertThatThrownBy(() -> JmhResult.parse("[" + "[".repeat(100) + "]".repeat(100) + "]"))
                .hasMessageContaining("not valid JSON").hasMessageContaining("nesting depth");
    }
}
