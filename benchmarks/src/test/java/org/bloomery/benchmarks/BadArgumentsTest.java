package org.bloomery.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** A bad argument gives exit code 2 and one line on stderr that names the problem, and writes nothing. */
class BadArgumentsTest {
    @TempDir
    Path out;

    static Stream<Arguments> badArguments() {
        return Stream.of(
                Arguments.of(new String[] {"--n", "0"}, "--n must be at least 1, got 0"),
                Arguments.of(new String[] {"--n", "-5"}, "--n must be at least 1"),
                Arguments.of(new String[] {"--n", "many"}, "many"),
                Arguments.of(new String[] {"--fpp", "1.5"}, "(0, 1), got 1.5"),
                Arguments.of(new String[] {"--fpp", "0"}, "(0, 1), got 0.0"),
                Arguments.of(new String[] {"--fpp", "0.01,NaN"}, "got NaN"),
                Arguments.of(new String[] {"--kinds", "bogus"}, "unknown kind 'bogus'"),
                Arguments.of(new String[] {"--peers", "redis"}, "unknown peer 'redis'"),
                Arguments.of(new String[] {"--workload", "uniform,soak"}, "unknown workload 'soak'"),
                Arguments.of(new String[] {"--format", "pdf"}, "unknown format 'pdf'"),
                Arguments.of(new String[] {"--keys", "uuid"}, "unknown key type 'uuid'"),
                Arguments.of(new String[] {"--rounds", "0"}, "--rounds must be at least 1"),
                Arguments.of(new String[] {"--threads", "0"}, "--threads must be in [1, 256], got 0"),
                Arguments.of(new String[] {"--workload", "threads"}, "--threads T"),
                Arguments.of(new String[] {"--scaling-max", "0"}, "--scaling-max must be at least 1, got 0"),
                Arguments.of(new String[] {"--redis-n", "10"}, "--redis-n must be in [1000, 100000000], got 10"),
                Arguments.of(new String[] {"--quick", "--full"}, "--quick and --full ask for opposite runs"),
                Arguments.of(new String[] {"--option", "nosuch.key=1"}, "kind 'nosuch'"),
                Arguments.of(new String[] {"--option", "novalue"}, "novalue"),
                Arguments.of(new String[] {"--frobnicate"}, "--frobnicate"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("badArguments")
    void exitsTwoWithOneLine(String[] args, String expected) {
        String[] full = new String[args.length + 3];
        full[0] = "compare";
        System.arraycopy(args, 0, full, 1, args.length);
        full[args.length + 1] = "--out";
        full[args.length + 2] = out.resolve("report").toString();

        CompareCommandTest.Run run = CompareCommandTest.execute(full);

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr().lines()).hasSize(1);
        assertThat(run.stderr()).startsWith("bloomery-compare: ").contains(expected);
        assertThat(run.stdout()).isEmpty();
        assertThat(out.resolve("report")).doesNotExist();
    }

    @Test
    void aCommandIsRequired() {
        CompareCommandTest.Run run = CompareCommandTest.execute();
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr().lines()).hasSize(1);
        assertThat(run.stderr()).contains("compare");
    }

    @Test
    void helpExplainsEveryOption() {
        CompareCommandTest.Run run = CompareCommandTest.execute("compare", "--help");
        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).contains("--kinds", "--peers", "--n", "--fpp", "--workload", "--seed", "--out",
                "--format", "--rounds", "--keys", "--option", "--threads", "--scaling-max", "--full",
                "default: 1000000", "default: 0.01,0.001");
    }

    @Test
    void listNamesThePeersAndTheProjectKinds() {
        CompareCommandTest.Run run = CompareCommandTest.execute("list");
        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).contains("guava", "commons-simple", "commons-counting", "cuckoofilter4j",
                "hashset", "fastutil", "hppc", "uniform churn growth exact scaling threads");
        for (String kind : Lineup.PROJECT_KINDS) {
            assertThat(run.stdout()).contains(kind);
        }
    }
}
