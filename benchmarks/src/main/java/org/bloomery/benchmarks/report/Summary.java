package org.bloomery.benchmarks.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.bloomery.benchmarks.contestant.Ability;
import org.bloomery.benchmarks.contestant.Contestant;
import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.contestant.Side;
import org.bloomery.benchmarks.workload.Result;
import org.bloomery.benchmarks.workload.Spread;
import org.bloomery.benchmarks.workload.Workload;

/**
 * The decision summary: one row per need, each naming the Bloomery kind this run's own figures put
 * first, its figures, the runner-up and the best peer; then one paragraph per kind. Which contestants
 * can serve a need is read from their abilities, never from their names, so a kind or peer added
 * later takes part as soon as it runs. Two contestants are called a tie when, on every key type, the
 * median of one lies within the other's min–max range of rounds (the gap is within the run's noise),
 * and sizes within {@link #SIZE_TIE} of each other are a tie too.
 */
final class Summary {
    /** Sizes closer than this ratio are a tie: 1%. */
    static final double SIZE_TIE = 0.01;

    private final List<Result> uniform;
    private final List<Result> growth;
    private final List<Double> fpps;
    private final List<String> workloadsRun;
    private final List<Result> builtFromSets;
    private final Report report;

    private Summary(Report report) {
        this.report = report;
        this.uniform = report.of(Workload.UNIFORM).stream().filter(r -> r.side() != Side.EXACT).toList();
        this.growth = report.of(Workload.GROWTH);
        this.fpps = report.info().fpps();
        this.workloadsRun = report.info().workloads();
        this.builtFromSets = report.results().stream().filter(r -> r.side() != Side.EXACT && r.can(Ability.STATIC))
                .toList();
    }

    /**
     * One need and how this run answers it.
     *
     * @param need what the reader needs
     * @param choice the winning kind (or a tie, or why no kind serves it)
     * @param figures the winner's measured figures
     * @param runnerUp the next kind and its figures, or a dash
     * @param bestPeer the best peer library and its figures, or a dash
     * @param winners the kinds named in {@code choice} (several on a tie, none when no kind serves it)
     */
    record Row(String need, String choice, String figures, String runnerUp, String bestPeer, List<String> winners) {
        Row {
            winners = List.copyOf(winners);
        }
    }

    /** A contestant's standing on one need: its name, the figures shown, and how it ranks. */
    private record Entry(String contestant, Side side, double score, Map<KeyType, Spread> ranges, String figures) {
    }

    static List<Row> rows(Report report) {
        return new Summary(report).rows();
    }

    static List<String> paragraphs(Report report) {
        return new Summary(report).paragraphs();
    }

    /** The summary as a table for the writers. */
    static Table table(Report report) {
        List<List<String>> cells = rows(report).stream()
                .map(r -> List.of(r.need(), r.choice(), r.figures(), r.runnerUp(), r.bestPeer())).toList();
        return new Table("Which filter should I use? (from this run's figures)",
                List.of("need", "choose", "its figures", "runner-up", "best peer"), Set.of(0, 1, 2, 3, 4),
                cells);
    }

    private List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        double first = fpps.isEmpty() ? Double.NaN : fpps.get(0);
        String atFirst = " (fpp " + Figures.fpp(first) + ")";
        rows.add(fromUniform(speed("fastest query" + atFirst, atFpp(first), Summary::queryRange, "ns/query",
                r -> true)));
        rows.add(fromUniform(speed("fastest batch query" + atFirst + ", " + Contestant.BATCH
                + " keys a call (a peer without one: a loop of single queries)", atFpp(first),
                r -> r.throughput().batchQuery(), "ns/query", r -> true)));
        // Like against like: a filter whose adds are not safe from several threads at once (FastFilter's,
        // and a kind with writers=single) skips the atomic writes that a concurrent one pays for.
        rows.add(fromUniform(speed("fastest add, safe for concurrent adds" + atFirst, atFpp(first),
                r -> r.throughput().add(), "ns/add", r -> r.can(Ability.CONCURRENT))));
        rows.add(fromUniform(speed("fastest add, one writing thread (not safe for concurrent adds)" + atFirst,
                atFpp(first), r -> r.throughput().add(), "ns/add", r -> !r.can(Ability.CONCURRENT)
                        && !r.can(Ability.STATIC))));
        for (double fpp : fpps) {
            rows.add(fromUniform(smallest("fewest bits per item at fpp " + Figures.fpp(fpp), atFpp(fpp), r -> true)));
        }
        rows.add(fromUniform(smallest("deletion: smallest" + atFirst, atFpp(first), r -> r.can(Ability.REMOVE))));
        rows.add(fromUniform(speed("deletion: fastest remove" + atFirst, atFpp(first), r -> r.throughput().remove(),
                "ns/remove", r -> r.can(Ability.REMOVE))));
        rows.add(measuredBy(Workload.GROWTH, smallest("growth from an unknown n" + atFirst,
                growth.stream().filter(r -> r.targetFpp() == first).toList(), r -> r.can(Ability.GROW))));
        // Static filters are built from a set, by whichever workload does that: their rows are read
        // from every workload.
        List<Result> staticAtFirst = builtFromSets.stream().filter(r -> r.targetFpp() == first).toList();
        rows.add(smallest("a set known in advance" + atFirst, staticAtFirst, r -> true));
        // Static kinds trade space for query time (fuse's three reads against ribbon's r parities):
        // the fastest one is a need of its own.
        rows.add(speed("a set known in advance: fastest query" + atFirst, staticAtFirst, Summary::queryRange,
                "ns/query", r -> true));
        List<Result> windowAtFirst = report.of(Workload.WINDOW).stream().filter(r -> r.targetFpp() == first
                && r.falseNegatives() == 0).toList();
        rows.add(measuredBy(Workload.WINDOW, smallest("forget items after a window" + atFirst, windowAtFirst,
                r -> r.can(Ability.WINDOW))));
        // Read from the redis workload's own measurements when it ran; a shared kind given options
        // may also have run in the uniform workload.
        String shared = "shared between processes" + atFirst;
        rows.add(SharedTables.summaryRow(report, shared).orElseGet(() -> fromUniform(speed(shared, atFpp(first),
                Summary::queryRange, "ns/query", r -> r.can(Ability.SHARED)))));
        return rows;
    }

    private Row fromUniform(Row row) {
        return measuredBy(Workload.UNIFORM, row);
    }

    /** The row, or "not measured" when the workload its figures come from was not run. */
    private Row measuredBy(Workload source, Row row) {
        return workloadsRun.contains(source.label()) ? row : new Row(row.need(), "not measured: the "
                + source.label() + " workload was not run", "–", "–", "–", List.of());
    }

    private List<Result> atFpp(double fpp) {
        return uniform.stream().filter(r -> r.targetFpp() == fpp).toList();
    }

    /** Queries: the present and absent rates pooled as the mean of the two medians and ranges. */
    private static Spread queryRange(Result r) {
        Spread present = r.throughput().queryPresent();
        Spread absent = r.throughput().queryAbsent();
        return new Spread((present.median() + absent.median()) / 2, (present.min() + absent.min()) / 2,
                (present.max() + absent.max()) / 2, Math.min(present.rounds(), absent.rounds()));
    }

    private Row speed(String need, List<Result> rows, Function<Result, Spread> rate, String unit,
                      Predicate<Result> serves) {
        Map<String, List<Result>> byContestant = group(rows, serves);
        List<Entry> entries = new ArrayList<>();
        byContestant.forEach((name, list) -> {
            Map<KeyType, Spread> ranges = new LinkedHashMap<>();
            list.forEach(r -> ranges.put(r.keyType(), rate.apply(r)));
            if (ranges.values().stream().allMatch(Spread::measured)) {
                double score = ranges.values().stream().mapToDouble(s -> 1e3 / s.median()).average().orElse(Double.NaN);
                String figures = ranges.entrySet().stream().map(e -> String.format(Locale.ROOT, "%.0f %s (%s)",
                        1e3 / e.getValue().median(), unit, e.getKey().label())).collect(Collectors.joining(", "));
                entries.add(new Entry(name, list.get(0).side(), score, ranges, figures));
            }
        });
        return row(need, entries, Summary::withinNoise);
    }

    private Row smallest(String need, List<Result> rows, Predicate<Result> serves) {
        Map<String, List<Result>> byContestant = group(rows, serves);
        List<Entry> entries = new ArrayList<>();
        byContestant.forEach((name, list) -> {
            // A filter whose measured fpp is clearly above its target does not count as small.
            if (list.stream().allMatch(r -> r.falsePositives().low() <= r.targetFpp())) {
                double bits = list.stream().mapToDouble(Result::bitsPerElement).max().orElse(Double.NaN);
                double fpp = list.stream().mapToDouble(r -> r.falsePositives().rate()).max().orElse(Double.NaN);
                entries.add(new Entry(name, list.get(0).side(), bits, Map.of(), String.format(Locale.ROOT,
                        "%s bits/item, measured fpp %s", Figures.twoDecimals(bits), Figures.percent(fpp))));
            }
        });
        return row(need, entries, (a, b) -> Math.abs(a.score() - b.score()) <= SIZE_TIE * Math.min(a.score(),
                b.score()));
    }

    private static Map<String, List<Result>> group(List<Result> rows, Predicate<Result> serves) {
        Map<String, List<Result>> byContestant = new LinkedHashMap<>();
        rows.stream().filter(serves).forEach(r -> byContestant.computeIfAbsent(r.contestant(), k -> new ArrayList<>())
                .add(r));
        return byContestant;
    }

    @FunctionalInterface
    private interface Tie {
        boolean between(Entry a, Entry b);
    }

    private static Row row(String need, List<Entry> entries, Tie tie) {
        List<Entry> kinds = entries.stream().filter(e -> e.side() == Side.BLOOMERY)
                .sorted(Comparator.comparingDouble(Entry::score)).toList();
        Optional<Entry> peer = entries.stream().filter(e -> e.side() == Side.PEER)
                .min(Comparator.comparingDouble(Entry::score));
        String bestPeer = peer.map(p -> p.contestant() + ": " + p.figures()).orElse("–");
        if (kinds.isEmpty()) {
            return new Row(need, "no kind in this run serves it", "–", "–", bestPeer, List.of());
        }
        Entry winner = kinds.get(0);
        List<String> tied = new ArrayList<>(List.of(winner.contestant()));
        for (Entry other : kinds.subList(1, kinds.size())) {
            if (tie.between(winner, other)) {
                tied.add(other.contestant());
            }
        }
        String choice = tied.size() == 1 ? winner.contestant()
                : String.join(" or ", tied) + " (tied: within the rounds' range)";
        Optional<Entry> next = kinds.stream().filter(e -> !tied.contains(e.contestant())).findFirst();
        String figures = tied.size() == 1 ? winner.figures()
                : kinds.stream().filter(e -> tied.contains(e.contestant()))
                        .map(e -> e.contestant() + ": " + e.figures()).collect(Collectors.joining("; "));
        return new Row(need, choice, figures, next.map(e -> e.contestant() + ": " + e.figures()).orElse("–"),
                bestPeer, tied);
    }

    /** Whether, on every key type both ran, one's median lies within the other's range of rounds. */
    private static boolean withinNoise(Entry a, Entry b) {
        boolean any = false;
        for (Map.Entry<KeyType, Spread> e : a.ranges().entrySet()) {
            Spread mine = e.getValue();
            Spread other = b.ranges().get(e.getKey());
            if (other == null) {
                continue;
            }
            any = true;
            if (!within(mine.median(), other) && !within(other.median(), mine)) {
                return false;
            }
        }
        return any;
    }

    private static boolean within(double value, Spread range) {
        return value >= range.min() && value <= range.max();
    }

    /** One paragraph per Bloomery kind run: what it won, its figures, what it cannot do. */
    private List<String> paragraphs() {
        List<Row> rows = rows();
        List<String> kinds = uniform.stream().filter(r -> r.side() == Side.BLOOMERY).map(Result::contestant)
                .distinct().toList();
        List<String> paragraphs = new ArrayList<>();
        for (String kind : kinds) {
            List<Result> own = uniform.stream().filter(r -> r.contestant().equals(kind)).toList();
            List<String> won = rows.stream().filter(r -> r.winners().equals(List.of(kind))).map(Row::need).toList();
            List<String> tied = rows.stream().filter(r -> r.winners().size() > 1 && r.winners().contains(kind))
                    .map(Row::need).toList();
            StringBuilder p = new StringBuilder(kind).append(": ");
            if (won.isEmpty() && tied.isEmpty()) {
                p.append("first on no need in this run");
            } else {
                p.append(won.isEmpty() ? "" : "choose it for " + String.join("; ", won));
                p.append(won.isEmpty() || tied.isEmpty() ? "" : "; ");
                p.append(tied.isEmpty() ? "" : "tied first for " + String.join("; ", tied));
            }
            p.append(". Measured: ");
            List<String> figures = new ArrayList<>();
            for (double fpp : fpps) {
                own.stream().filter(r -> r.targetFpp() == fpp).findFirst().ifPresent(r -> figures.add(String.format(
                        Locale.ROOT, "%s bits/item for fpp %s (measured %s)", Figures.twoDecimals(r.bitsPerElement()),
                        Figures.fpp(fpp), Figures.percent(r.falsePositives().rate()))));
            }
            double first = fpps.isEmpty() ? Double.NaN : fpps.get(0);
            for (Result r : own) {
                if (r.targetFpp() == first) {
                    figures.add(String.format(Locale.ROOT, "%.0f ns/query and %.0f ns/add on %s keys",
                            1e3 / queryRange(r).median(), 1e3 / r.throughput().add().median(), r.keyType().label()));
                }
            }
            p.append(String.join(", ", figures)).append('.');
            Result any = own.get(0);
            List<String> cannot = new ArrayList<>();
            if (!any.can(Ability.REMOVE)) {
                cannot.add("delete");
            }
            if (!any.can(Ability.GROW)) {
                cannot.add("grow past its capacity");
            }
            if (!any.can(Ability.CONCURRENT)) {
                cannot.add("be shared by threads");
            }
            if (!any.can(Ability.SHARED)) {
                cannot.add("be shared by processes");
            }
            if (!cannot.isEmpty()) {
                p.append(" It cannot ").append(String.join(", ", cannot)).append('.');
            }
            paragraphs.add(p.toString());
        }
        return paragraphs;
    }
}
