package org.bloomery.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.bloomery.benchmarks.contestant.Entrant;
import org.bloomery.benchmarks.workload.Comparison;
import org.bloomery.benchmarks.workload.Plan;
import org.bloomery.benchmarks.workload.Progress;
import org.bloomery.benchmarks.workload.RunEstimate;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code --quick} is the preset its help documents, every kind and peer still runs, an option
 * given explicitly wins; and the estimates printed before a run match what the documentation
 * promises: the default run 2–4 minutes, {@code --quick} about a minute, on a quiet 2-core machine.
 * Nothing runs here: the commands are parsed and their plans laid out.
 */
class QuickRunTest {
    private static CompareCommand parsed(String... args) {
        CommandLine line = BloomeryCompare.commandLine();
        String[] withCommand = new String[args.length + 1];
        withCommand[0] = "compare";
        System.arraycopy(args, 0, withCommand, 1, args.length);
        line.parseArgs(withCommand);
        return line.getSubcommands().get("compare").getCommand();
    }

    private static double expectedSeconds(CompareCommand command) {
        Plan plan = command.resolvedPlan();
        Comparison comparison = new Comparison(plan, new Progress(new PrintWriter(new StringWriter()), false));
        RunEstimate estimate = command.estimate(comparison, command.redisSettings(plan, command.redisKeys()));
        return estimate.seconds();
    }

    @Test
    void quickIsTheDocumentedPresetWithEveryKindAndPeer() {
        CompareCommand quick = parsed("--quick");
        Plan plan = quick.resolvedPlan();
        Plan spelledOut = parsed("--n", "500000", "--rounds", "3", "--workload",
                "uniform,churn,growth,exact,static,redis").resolvedPlan();
        Plan standard = parsed().resolvedPlan();

        assertThat(CompareCommand.QUICK_OPTIONS)
                .isEqualTo("--n 500000 --rounds 3 --workload uniform,churn,growth,exact,static,redis");
        assertThat(plan.n()).isEqualTo(spelledOut.n()).isEqualTo(500_000);
        assertThat(plan.rounds()).isEqualTo(spelledOut.rounds()).isEqualTo(3);
        assertThat(plan.workloads()).isEqualTo(spelledOut.workloads());
        assertThat(quick.runsRedis()).isTrue();
        assertThat(plan.fpps()).isEqualTo(standard.fpps());
        assertThat(plan.keyTypes()).isEqualTo(standard.keyTypes());
        assertThat(plan.filters()).extracting(Entrant::name)
                .containsExactlyElementsOf(standard.filters().stream().map(Entrant::name).toList());
        // The help wraps its lines at spaces and after commas: compared without white space.
        assertThat(BloomeryCompare.commandLine().getSubcommands().get("compare").getUsageMessage().replaceAll("\\s+", ""))
                .as("the help of --quick").contains(("the same as " + CompareCommand.QUICK_OPTIONS).replace(" ", ""));
    }

    @Test
    void quickWritesApartFromTheFullReportUnlessToldWhere() {
        CompareCommand quick = parsed("--quick");
        quick.resolvedPlan();
        assertThat(quick.outputDirectory()).isEqualTo(Path.of(CompareCommand.QUICK_OUT)).isEqualTo(Path.of("report-quick"));
        CompareCommand standard = parsed();
        standard.resolvedPlan();
        assertThat(standard.outputDirectory()).isEqualTo(Path.of("report"));
        CompareCommand told = parsed("--quick", "--out", "elsewhere");
        told.resolvedPlan();
        assertThat(told.outputDirectory()).isEqualTo(Path.of("elsewhere"));
    }

    @Test
    void anOptionGivenExplicitlyWinsOverThePreset() {
        Plan plan = parsed("--quick", "--n", "5000", "--workload", "uniform").resolvedPlan();
        assertThat(plan.n()).isEqualTo(5000);
        assertThat(plan.rounds()).isEqualTo(CompareCommand.QUICK_ROUNDS);
        assertThat(plan.workloads()).extracting(w -> w.label()).containsExactly("uniform");
    }

    @Test
    void theDefaultRunIsEstimatedAtTwoToFourMinutesAndQuickAtAboutOne() {
        assertThat(expectedSeconds(parsed())).as("the default run, seconds").isBetween(120.0, 240.0);
        assertThat(expectedSeconds(parsed("--quick"))).as("--quick, seconds").isBetween(40.0, 80.0);
    }
}
