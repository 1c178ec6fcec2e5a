package org.bloomery.benchmarks.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.bloomery.benchmarks.Lineup;
import org.bloomery.benchmarks.contestant.Ability;
import org.bloomery.benchmarks.contestant.Contestant;
import org.bloomery.benchmarks.contestant.Entrant;
import org.bloomery.benchmarks.contestant.FastFilterContestant;
import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.contestant.SetBuilder;
import org.bloomery.benchmarks.contestant.Side;
import org.bloomery.benchmarks.keys.KeyGenerator;
import org.junit.jupiter.api.Test;

/** Who races in which heat of the static workload, and what one small run of it measures. */
class StaticWorkloadTest {
    private static final Contestant NONE = () -> OptionalLong.empty();

    private static Entrant entrant(String name, String family, Side side, Set<Ability> abilities,
                                   Optional<SetBuilder> builder) {
        return new Entrant(name, family, side, abilities, true, name, (type, n, fpp) -> NONE, builder);
    }

    private static Plan plan(List<Entrant> filters, List<Double> fpps) {
        return new Plan(1_000, fpps, 3, Set.of(Workload.STATIC), 2, filters, List.of(), List.of(KeyType.LONG),
                Plan.SCALING_MIN, 1);
    }

    @Test
    void eachTargetRacesTheStaticKindsTheBaselinesAndThePeersOfTheNarrowestWidth() {
        SetBuilder sized = SetBuilder.sized((type, keys, fpp) -> NONE);
        List<Entrant> filters = List.of(
                entrant("classic", "classic", Side.BLOOMERY, Set.of(), Optional.of(sized)),
                entrant("classic-blocked", "classic", Side.BLOOMERY, Set.of(), Optional.of(sized)),
                entrant("counting", "counting", Side.BLOOMERY, Set.of(Ability.REMOVE), Optional.of(sized)),
                entrant("cuckoo", "cuckoo", Side.BLOOMERY, Set.of(Ability.REMOVE), Optional.of(sized)),
                entrant("fuse", "fuse", Side.BLOOMERY, Set.of(Ability.STATIC), Optional.of(sized)),
                entrant("guava", "classic", Side.PEER, Set.of(), Optional.empty()),
                entrant("peer8", "fuse", Side.PEER, Set.of(Ability.STATIC),
                        Optional.of(SetBuilder.fingerprintBits(8, (type, keys, fpp) -> NONE))),
                entrant("peer16", "fuse", Side.PEER, Set.of(Ability.STATIC),
                        Optional.of(SetBuilder.fingerprintBits(16, (type, keys, fpp) -> NONE))));
        Plan plan = plan(filters, List.of(0.01, 0.001));
        assertThat(StaticWorkload.contestants(plan, 0.01)).extracting(Entrant::name)
                .containsExactly("fuse", "classic", "cuckoo", "peer8");
        // 2^-8 is above 0.001: the 8-bit peer does not meet it, the 16-bit one is the narrowest that does.
        assertThat(StaticWorkload.contestants(plan, 0.001)).extracting(Entrant::name)
                .containsExactly("fuse", "classic", "cuckoo", "peer16");
        assertThat(StaticWorkload.heats(plan, KeyType.LONG)).extracting(Heat::label)
                .containsExactly("fpp 0.01", "fpp 0.001");
        // Builds are the costly part: at most Plan.STATIC_ROUNDS rounds, fewer when the plan has fewer.
        assertThat(StaticWorkload.heats(plan, KeyType.LONG)).allSatisfy(h -> assertThat(h.rounds(plan)).isEqualTo(2));
        Plan fiveRounds = new Plan(1_000, List.of(0.01), 3, Set.of(Workload.STATIC), 5, filters, List.of(),
                List.of(KeyType.LONG), Plan.SCALING_MIN, 1);
        assertThat(StaticWorkload.heats(fiveRounds, KeyType.LONG)).singleElement()
                .satisfies(h -> assertThat(h.rounds(fiveRounds)).isEqualTo(Plan.STATIC_ROUNDS));
        // Without a static contestant there is nothing to compare the baselines with.
        Plan dynamicOnly = plan(filters.subList(0, 4), List.of(0.01));
        assertThat(StaticWorkload.heats(dynamicOnly, KeyType.LONG)).isEmpty();
        // The workloads that add after construction leave the static ones out.
        assertThat(plan.incremental()).extracting(Entrant::name).containsExactly("classic", "classic-blocked",
                "counting", "cuckoo", "guava");
    }

    @Test
    void theNarrowestWidthIsTheFirstOfEightSixteenAndThirtyTwoThatMeetsTheTarget() {
        assertThat(SetBuilder.narrowestWidth(0.01)).isEqualTo(8);
        assertThat(SetBuilder.narrowestWidth(0x1p-8)).isEqualTo(8);
        assertThat(SetBuilder.narrowestWidth(0.0039)).isEqualTo(16);
        assertThat(SetBuilder.narrowestWidth(1e-6)).isEqualTo(32);
        assertThat(SetBuilder.narrowestWidth(1e-12)).isZero();
    }

    /**
     * One small run of the real contestants: every one holds its set, reports its size and build, and
     * the fuse kind's fpp is a recount (it is reproducible: the same set builds the same filter).
     */
    @Test
    void aSmallRunMeasuresEveryContestantBuiltFromTheSet() {
        int n = 5_000;
        List<Entrant> filters = new ArrayList<>(Lineup.kinds(Map.of()).entrants());
        filters.addAll(List.of(FastFilterContestant.xor8(), FastFilterContestant.xorFuse8(),
                FastFilterContestant.xor16()));
        Plan plan = new Plan(n, List.of(0.01, 0.001), 5, Set.of(Workload.STATIC), 2, filters, List.of(),
                List.of(KeyType.STRING, KeyType.LONG), Plan.SCALING_MIN, 1);
        List<Result> results = new Comparison(plan, new Progress(new PrintWriter(new StringWriter()), false)).run();

        assertThat(results).extracting(Result::contestant).contains("fuse", "ribbon", "classic", "cuckoo",
                "fastfilter-xor8", "fastfilter-xorfuse8", "fastfilter-xor16");
        // Per key type: fuse, ribbon, classic, cuckoo, Xor8 and XorFuse8 at 0.01; fuse, ribbon, classic, cuckoo and
        // Xor16 at 0.001.
        assertThat(results).hasSize(2 * (6 + 5)).allSatisfy(r -> {
            assertThat(r.workload()).isEqualTo(Workload.STATIC);
            assertThat(r.falseNegatives()).as(r.contestant()).isZero();
            assertThat(r.falsePositives().trials()).isEqualTo((long) Plan.ABSENT_PER_KEY * n);
            assertThat(r.throughput().add().rounds()).isEqualTo(2);
            assertThat(r.bitsPerElement()).isPositive();
        });
        for (KeyType type : KeyType.values()) {
            Result fuse = results.stream().filter(r -> r.contestant().equals("fuse") && r.keyType() == type
                    && r.targetFpp() == 0.01).findFirst().orElseThrow();
            // 1.28 slots per item at n = 5,000 (the paper's size factor for small sets), rounded up to whole segments.
            assertThat(fuse.bitsPerElement()).isLessThan(11);
            // Ribbon serves 1% itself (fractional result bits) where fuse needs 8-bit fingerprints.
            Result ribbon = results.stream().filter(r -> r.contestant().equals("ribbon") && r.keyType() == type
                    && r.targetFpp() == 0.01).findFirst().orElseThrow();
            assertThat(ribbon.bitsPerElement()).isLessThan(7.5);
            Entrant kind = filters.stream().filter(e -> e.name().equals("fuse")).findFirst().orElseThrow();
            KeyGenerator generator = new KeyGenerator(5);
            Contestant rebuilt = kind.builder().orElseThrow().build(type, generator.present(type, n).longs(0, n), 0.01);
            int absent = Plan.ABSENT_PER_KEY * n;
            long recount = generator.absent(type, absent).countContained(rebuilt, 0, absent);
            assertThat(fuse.falsePositives().hits()).isEqualTo(recount);
        }
    }
}
