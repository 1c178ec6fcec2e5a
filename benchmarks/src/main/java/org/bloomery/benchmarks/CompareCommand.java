package org.bloomery.benchmarks;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.bloomery.api.Filters;
import org.bloomery.benchmarks.contestant.Ability;
import org.bloomery.benchmarks.contestant.Entrant;
import org.bloomery.benchmarks.contestant.KeyType;
import org.bloomery.benchmarks.contestant.Side;
import org.bloomery.benchmarks.exact.ExactSets;
import org.bloomery.benchmarks.redis.RedisComparison;
import org.bloomery.benchmarks.redis.SharedRun;
import org.bloomery.benchmarks.report.Format;
import org.bloomery.benchmarks.report.JmhResult;
import org.bloomery.benchmarks.report.Machine;
import org.bloomery.benchmarks.report.Report;
import org.bloomery.benchmarks.report.RunInfo;
import org.bloomery.benchmarks.workload.Comparison;
import org.bloomery.benchmarks.workload.Plan;
import org.bloomery.benchmarks.workload.Progress;
import org.bloomery.benchmarks.workload.Result;
import org.bloomery.benchmarks.workload.RunEstimate;
import org.bloomery.benchmarks.workload.Workload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code compare}: runs the selected workloads over the selected kinds, peers and exact sets on
 * identical keys, prints the Markdown report to stdout and writes the chosen formats to the output
 * directory.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs identical workloads over every Bloomery kind found and the peer libraries, and"
                + " writes report.md (also printed to stdout), results.csv and index.html.",
            "Throughput is timed around whole phases of one pass: a report figure; use the JMH suite"
                + " (benchmarks/target/benchmarks.jar) for micro-benchmarks."})
final class CompareCommand implements Callable<Integer> {
    /** The default n. */
    static final int DEFAULT_N = 1_000_000;
    /** Timed rounds by default (also the churn rounds). */
    static final int DEFAULT_ROUNDS = 5;
    /**
     * The scaling workload's largest n by default, 10^5.5: what fits the default run in 4 minutes on 2
     * cores (with 10^6 the default run took 246 s on a quiet 2-core machine).
     */
    static final int DEFAULT_SCALING_MAX = 316_228;
    /** The scaling workload's largest n with {@code --full}: 10^7 string keys, 10^8 long keys. */
    static final int FULL_SCALING_MAX = 100_000_000;
    /** The Markdown fragment of JMH figures written next to the report when --jmh is given. */
    static final String PERFORMANCE_FILE = "performance.md";
    /** Most threads the threads workload starts. */
    static final int MAX_THREADS = 256;
    /** Keys of the redis workload by default: a few seconds over loopback. */
    static final int DEFAULT_REDIS_N = 2_000;
    /** Keys of the redis workload with {@code --full}, as the {@code redis} command's default. */
    static final int FULL_REDIS_N = 100_000;
    /** The label that selects the redis workload in {@code --workload}. */
    static final String REDIS_WORKLOAD = "redis";
    /** Share of the heap the key arrays may take; filters and exact sets need the rest. */
    private static final double KEY_HEAP_SHARE = 0.6;
    /**
     * The n of {@code --quick}, which stands for options given on the command line (options given
     * explicitly win): n = 5·10^5 instead of 10^6 (the filters still larger than a 512 KiB L2
     * cache), 3 rounds instead of 5, and every workload but {@code scaling} (whose sizes do not
     * follow n) and {@code threads}; every kind and peer, both fpps and both key types still run,
     * so the report still chooses. About a minute on a quiet 2-core machine.
     */
    static final int QUICK_N = 500_000;
    /** The rounds of {@code --quick}. */
    static final int QUICK_ROUNDS = 3;
    /** The workloads of {@code --quick}. */
    static final String QUICK_WORKLOADS = "uniform,churn,growth,exact,static,redis";
    /** Where a report goes unless {@code --out} says otherwise. */
    static final String DEFAULT_OUT = "report";
    /** Where a {@code --quick} report goes unless {@code --out} says otherwise: apart from the full one. */
    static final String QUICK_OUT = "report-quick";
    /** {@code --quick} as the options it stands for, for its help. */
    static final String QUICK_OPTIONS = "--n " + QUICK_N + " --rounds " + QUICK_ROUNDS + " --workload "
            + QUICK_WORKLOADS;

    @Spec
    private CommandSpec spec;

    @Option(names = "--kinds", split = ",", paramLabel = "KIND",
            description = "Bloomery kinds to run, comma-separated (default: every kind found, and the blocked"
                    + " and sectored layouts of each Bloom-family kind that has them, as classic-blocked,"
                    + " classic-sectored, counting-blocked, scalable-blocked, scalable-sectored)."
                    + " A project kind that is not on the class path is reported as missing, not an error.")
    private List<String> kinds;

    @Option(names = "--peers", split = ",", paramLabel = "PEER",
            description = "Peers to run, comma-separated, as the list command names them (guava, commons-simple,"
                    + " datasketches, fastfilter-blocked, …), or none (default: all).")
    private List<String> peers;

    @Option(names = "--n", paramLabel = "N", defaultValue = "" + DEFAULT_N,
            description = "Keys inserted per contestant (default: ${DEFAULT-VALUE}).")
    private int n;

    @Option(names = "--fpp", split = ",", paramLabel = "P", defaultValue = "0.01,0.001",
            description = "Target false-positive probabilities, each in (0, 1) (default: ${DEFAULT-VALUE}).")
    private List<Double> fpps;

    @Option(names = "--workload", split = ",", paramLabel = "W",
            description = "Workloads: uniform, churn, growth, exact, scaling, threads, static, redis (default: all;"
                    + " threads only when --threads is above 1).")
    private List<String> workloads;

    @Option(names = "--redis-uri", paramLabel = "URI",
            description = "The Redis server of the redis workload, e.g. redis://127.0.0.1:6379 (default: an embedded"
                    + " redis-server on a free loopback port, started and stopped by the run). Every key the run"
                    + " writes is deleted afterwards.")
    private String redisUri;

    @Option(names = "--redis-n", paramLabel = "N",
            description = "Keys per contestant of the redis workload, in [1000, 100000000] (default: " + DEFAULT_REDIS_N
                    + ", or " + FULL_REDIS_N + " with --full).")
    private Integer redisN;

    @Option(names = "--keys", split = ",", paramLabel = "TYPE", defaultValue = "string,long",
            description = "Key types: string (16 ASCII characters), long (default: ${DEFAULT-VALUE}).")
    private List<String> keyTypes;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "42",
            description = "Seed of the key generator; the same seed gives the same keys (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Option(names = "--rounds", paramLabel = "R", defaultValue = "" + DEFAULT_ROUNDS,
            description = "Timed rounds: every contestant is timed R times, interleaved with the others in an order"
                    + " rotated each round, and each figure is the median of its rounds; also the churn rounds,"
                    + " each replacing 10%% of the live set (default: ${DEFAULT-VALUE}).")
    private int rounds;

    @Option(names = "--threads", paramLabel = "T", defaultValue = "1",
            description = "Threads of the threads workload, which measures the query throughput of the contestants"
                    + " safe for concurrent use at 1 and at T threads; it runs by default when T is above 1"
                    + " (default: ${DEFAULT-VALUE}).")
    private int threads;

    @Option(names = "--scaling-max", paramLabel = "N", defaultValue = "" + DEFAULT_SCALING_MAX,
            description = "Largest n of the scaling workload, which steps from 10^4 by sqrt(10); string keys stop at"
                    + " 10^7 (default: ${DEFAULT-VALUE}).")
    private int scalingMax;

    @Option(names = "--quick",
            description = "A quick run, about a minute on a quiet 2-core machine: the same as " + QUICK_OPTIONS
                    + " (an option given explicitly wins). Every kind and peer still runs, and the report still"
                    + " chooses.")
    private boolean quick;

    @Option(names = "--full",
            description = "Run the largest sizes: the scaling workload up to 10^7 string keys and 10^8 long keys"
                    + " (a long run; give the JVM a large heap).")
    private boolean full;

    @Option(names = "--jmh", paramLabel = "FILE",
            description = "A JMH result file (java -jar benchmarks/target/benchmarks.jar ... -rf json -rff FILE) to add"
                    + " to the report as a table and a chart; also writes performance.md, the README's performance"
                    + " table.")
    private Path jmh;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = DEFAULT_OUT,
            description = "Output directory (default: ${DEFAULT-VALUE}; with --quick, " + QUICK_OUT
                    + ", so a quick run never replaces a full report).")
    private Path out;

    @Option(names = "--format", split = ",", paramLabel = "F", defaultValue = "all",
            description = "Files to write: md, csv, html or all (default: ${DEFAULT-VALUE}).")
    private List<String> formats;

    @Option(names = "--option", paramLabel = "KIND.KEY=VALUE",
            description = "A provider option for one kind, e.g. --option scalable.expansion=4; repeatable.")
    private Map<String, String> options = new LinkedHashMap<>();

    @Override
    public Integer call() throws IOException {
        // Where no redis-server can start, a run that did not ask for the redis workload by name goes on without it.
        boolean redisOptional = redisUri == null && workloads == null;
        applyQuick();
        Lineup.Kinds found = foundKinds();
        Plan plan = plan(found);
        int sharedKeys = runsRedis() ? redisKeys() : 0;
        Set<Format> chosen = formats();
        List<JmhResult> jmhResults = jmhResults();
        checkHeap(plan);
        Machine machine = Machine.current();
        long start = System.nanoTime();
        PrintWriter err = spec.commandLine().getErr();
        Comparison comparison = new Comparison(plan, new Progress(err, System.console() != null));
        RedisComparison.Settings settings = redisSettings(plan, sharedKeys);
        err.println(expectation(plan, estimate(comparison, settings)));
        err.flush();
        List<Result> results = comparison.run();
        Optional<SharedRun> shared = Optional.empty();
        String redisSkipped = null;
        if (runsRedis()) {
            try {
                shared = Optional.of(RedisComparison.run(redisUri, settings, err));
            } catch (IllegalStateException e) {
                if (!redisOptional) {
                    throw e;
                }
                // The default run goes on without it, and says why, where no redis-server can start.
                redisSkipped = "redis: the workload did not run: " + e.getMessage();
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        List<String> notes = new ArrayList<>(comparison.notes());
        if (redisSkipped != null) {
            notes.add(redisSkipped);
        }
        Report report = new Report(runInfo(machine, plan, found, results, notes, seconds, shared.isPresent()),
                results, jmhResults, shared);
        Files.createDirectories(out);
        for (Format format : chosen) {
            Files.writeString(out.resolve(format.fileName()), format.render(report), StandardCharsets.UTF_8);
        }
        if (!jmhResults.isEmpty()) {
            Files.writeString(out.resolve(PERFORMANCE_FILE), Format.performance(report), StandardCharsets.UTF_8);
        }
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.print(Format.MD.render(report));
        stdout.flush();
        for (Format format : chosen) {
            err.println("wrote " + out.resolve(format.fileName()));
        }
        if (!jmhResults.isEmpty()) {
            err.println("wrote " + out.resolve(PERFORMANCE_FILE));
        }
        err.flush();
        return 0;
    }

    /**
     * Applies {@code --quick}: each of its options that was not given explicitly takes the preset's
     * value ({@link #QUICK_OPTIONS}).
     */
    private void applyQuick() {
        if (!quick) {
            return;
        }
        if (full) {
            throw bad("--quick and --full ask for opposite runs: give one of them");
        }
        ParseResult parsed = spec.commandLine().getParseResult();
        if (!parsed.hasMatchedOption("--n")) {
            n = QUICK_N;
        }
        if (!parsed.hasMatchedOption("--rounds")) {
            rounds = QUICK_ROUNDS;
        }
        if (workloads == null) {
            workloads = List.of(QUICK_WORKLOADS.split(","));
        }
        if (!parsed.hasMatchedOption("--out")) {
            out = Path.of(QUICK_OUT);
        }
    }

    /**
     * The output directory of this command line, {@code --quick} applied (after {@link #resolvedPlan}).
     *
     * @return the directory
     */
    Path outputDirectory() {
        return out;
    }

    /**
     * The plan of this command line, {@code --quick} applied, without running it.
     *
     * @return the plan
     */
    Plan resolvedPlan() {
        applyQuick();
        return plan(foundKinds());
    }

    /**
     * How long the run should take: the comparison's heats and, when it runs, the redis workload.
     *
     * @param comparison the comparison of the run's plan, not yet run
     * @param settings the redis workload's settings
     * @return the estimate
     */
    RunEstimate estimate(Comparison comparison, RedisComparison.Settings settings) {
        RunEstimate estimate = comparison.estimate();
        if (runsRedis()) {
            estimate.addSeconds(RedisComparison.expectedSeconds(settings));
        }
        return estimate;
    }

    /** The redis workload's settings for a plan: its keys, the plan's first fpp and seed. */
    RedisComparison.Settings redisSettings(Plan plan, int keys) {
        return new RedisComparison.Settings(keys, plan.fpps().get(0), REDIS_THREADS, REDIS_BATCH, seed);
    }

    /**
     * The line printed before the first workload: what the run holds (workloads × filters × n ×
     * rounds) and how long it should take.
     */
    private String expectation(Plan plan, RunEstimate estimate) {
        return String.format(Locale.ROOT, "bloomery: %d workloads × %d filters × n = %,d × %d rounds, %s keys:"
                + " expect %s on a quiet 2-core machine (longer when the machine is busy).",
                plan.workloads().size() + (runsRedis() ? 1 : 0), plan.filters().size(), plan.n(), plan.rounds(),
                String.join(" and ", plan.keyTypes().stream().map(KeyType::label).toList()), estimate.describe());
    }

    /** Client threads of the redis workload's multi-threaded phases. */
    private static final int REDIS_THREADS = 8;
    /** Keys per batch of the redis workload. */
    private static final int REDIS_BATCH = 1_000;

    /** Whether the redis workload runs: by default, or when --workload names it. */
    boolean runsRedis() {
        return workloads == null || workloads.stream().anyMatch(w -> w.trim().equalsIgnoreCase(REDIS_WORKLOAD));
    }

    int redisKeys() {
        int keys = redisN != null ? redisN : full ? FULL_REDIS_N : DEFAULT_REDIS_N;
        if (keys < 1000 || keys > 100_000_000) {
            throw bad("--redis-n must be in [1000, 100000000], got " + keys);
        }
        return keys;
    }

    /** Reads the --jmh file before anything runs, so that a bad file fails fast. */
    private List<JmhResult> jmhResults() {
        if (jmh == null) {
            return List.of();
        }
        try {
            List<JmhResult> results = JmhResult.read(jmh);
            if (results.isEmpty()) {
                throw bad("--jmh " + jmh + " holds no benchmarks");
            }
            return results;
        } catch (IOException e) {
            throw bad("--jmh " + jmh + " cannot be read: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw bad("--jmh " + jmh + " is not a JMH JSON result file: " + e.getMessage());
        }
    }

    private Plan plan(Lineup.Kinds found) {
        if (n < 1) {
            throw bad("--n must be at least 1, got " + n);
        }
        if (rounds < 1) {
            throw bad("--rounds must be at least 1, got " + rounds);
        }
        if (threads < 1 || threads > MAX_THREADS) {
            throw bad("--threads must be in [1, " + MAX_THREADS + "], got " + threads);
        }
        if (scalingMax < 1) {
            throw bad("--scaling-max must be at least 1, got " + scalingMax);
        }
        for (double fpp : fpps) {
            if (!(fpp > 0 && fpp < 1)) {
                throw bad("--fpp must be in the open range (0, 1), got " + fpp);
            }
        }
        List<Entrant> filters = new ArrayList<>(selectedKinds(found));
        filters.addAll(selectedPeers());
        try {
            return new Plan(n, List.copyOf(new LinkedHashSet<>(fpps)), seed, selectedWorkloads(), rounds, filters,
                    ExactSets.entrants(), selectedKeyTypes(), full ? FULL_SCALING_MAX : scalingMax, threads);
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
    }

    private List<Entrant> selectedKinds(Lineup.Kinds found) {
        if (kinds == null) {
            return found.entrants();
        }
        List<String> known = new ArrayList<>(Lineup.PROJECT_KINDS);
        Filters.kinds().forEach(known::add);
        found.entrants().forEach(e -> known.add(e.name()));
        for (String kind : kinds) {
            if (!known.contains(kind)) {
                throw bad("unknown kind '" + kind + "'; kinds: " + String.join(", ", new LinkedHashSet<>(known)));
            }
        }
        return found.entrants().stream().filter(e -> kinds.contains(e.name())).toList();
    }

    private Lineup.Kinds foundKinds() {
        try {
            return Lineup.kinds(kindOptions());
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
    }

    private Map<String, Map<String, String>> kindOptions() {
        Map<String, Map<String, String>> byKind = new TreeMap<>();
        options.forEach((key, value) -> {
            int dot = key.indexOf('.');
            if (dot <= 0 || dot == key.length() - 1) {
                throw bad("--option must look like KIND.KEY=VALUE, got '" + key + "=" + value + "'");
            }
            String kind = key.substring(0, dot);
            if (!Filters.kinds().contains(kind)) {
                throw bad("--option names kind '" + kind + "', which is not found; kinds found: " + Filters.kinds());
            }
            byKind.computeIfAbsent(kind, k -> new TreeMap<>()).put(key.substring(dot + 1), value);
        });
        return byKind;
    }

    private List<Entrant> selectedPeers() {
        List<Entrant> all = Lineup.peers();
        if (peers == null) {
            return all;
        }
        if (peers.equals(List.of("none"))) {
            return List.of();
        }
        List<String> names = all.stream().map(Entrant::name).toList();
        for (String peer : peers) {
            if (!names.contains(peer)) {
                throw bad("unknown peer '" + peer + "'; peers: " + String.join(", ", names) + ", or none");
            }
        }
        return all.stream().filter(e -> peers.contains(e.name())).toList();
    }

    private Set<Workload> selectedWorkloads() {
        if (workloads == null) {
            Set<Workload> all = EnumSet.allOf(Workload.class);
            if (threads == 1) {
                all.remove(Workload.THREADS);
            }
            return all;
        }
        Set<Workload> selected = EnumSet.noneOf(Workload.class);
        for (String name : workloads) {
            if (!name.trim().equalsIgnoreCase(REDIS_WORKLOAD)) {
                selected.add(byLabel(Workload.values(), Workload::label, name, "workload"));
            }
        }
        if (selected.contains(Workload.THREADS) && threads == 1) {
            throw bad("--workload threads compares 1 thread with --threads T: give T of at least 2");
        }
        return selected;
    }

    private List<KeyType> selectedKeyTypes() {
        Set<KeyType> selected = EnumSet.noneOf(KeyType.class);
        for (String name : keyTypes) {
            selected.add(byLabel(KeyType.values(), KeyType::label, name, "key type"));
        }
        return List.copyOf(selected);
    }

    private Set<Format> formats() {
        Set<Format> selected = EnumSet.noneOf(Format.class);
        for (String name : formats) {
            if (name.equals("all")) {
                selected.addAll(EnumSet.allOf(Format.class));
            } else {
                selected.add(byLabel(Format.values(), Format::label, name, "format"));
            }
        }
        return selected;
    }

    private <E> E byLabel(E[] values, Function<E, String> label, String name, String what) {
        for (E value : values) {
            if (label.apply(value).equals(name.trim().toLowerCase(Locale.ROOT))) {
                return value;
            }
        }
        List<String> labels = new ArrayList<>();
        for (E value : values) {
            labels.add(label.apply(value));
        }
        if (what.equals("format")) {
            labels.add("all");
        }
        throw bad("unknown " + what + " '" + name + "'; " + what + "s: " + String.join(", ", labels));
    }

    private void checkHeap(Plan plan) {
        long max = Runtime.getRuntime().maxMemory();
        if (plan.keyBytes() > KEY_HEAP_SHARE * max) {
            throw bad(String.format(Locale.ROOT, "--n %d needs about %d MiB of keys but this JVM may use %d MiB in"
                    + " all: lower --n or raise -Xmx", n, plan.keyBytes() >> 20, max >> 20));
        }
    }

    private RunInfo runInfo(Machine machine, Plan plan, Lineup.Kinds found, List<Result> results,
                            List<String> runNotes, double seconds, boolean redisRan) {
        List<String> notes = new ArrayList<>(runNotes);
        for (Entrant e : plan.filters()) {
            if (!e.reproducible()) {
                notes.add(e.name() + " salts its hash at random: its figures vary from run to run and are not"
                        + " reproducible from the seed.");
            }
        }
        if (plan.n() != DEFAULT_N) {
            notes.add(String.format(Locale.ROOT, "n = %,d (the default is %,d).", plan.n(), DEFAULT_N));
        }
        found.failures().forEach(failure -> notes.add("A filter kind failed and was left out: " + failure));
        if (plan.runs(Workload.CHURN) && plan.filters().stream().noneMatch(e -> e.can(Ability.REMOVE))) {
            notes.add("churn: no selected contestant can remove, so the workload has no rows.");
        }
        if (plan.runs(Workload.GROWTH) && plan.filters().stream().noneMatch(e -> e.can(Ability.GROW))) {
            notes.add("growth: no selected contestant grows (the scalable kind is missing or not selected),"
                    + " so the workload has no rows.");
        }
        results.stream().filter(r -> r.falseNegatives() > 0).forEach(r -> notes.add(String.format(Locale.ROOT,
                "%s gave %d false negatives in %s (%s keys, fpp %s).", r.contestant(), r.falseNegatives(),
                r.workload().label(), r.keyType().label(), r.targetFpp())));
        List<String> peerLines = plan.filters().stream()
                .filter(e -> e.side() == Side.PEER)
                .map(e -> e.name() + ": " + e.description()).toList();
        List<String> kindsRun = plan.filters().stream()
                .filter(e -> e.side() == Side.BLOOMERY)
                .map(Entrant::name).toList();
        List<String> exactLines = plan.runs(Workload.EXACT)
                ? plan.exactSets().stream().map(e -> e.name() + ": " + e.description()).toList()
                : List.of();
        List<String> workloadsRun = new ArrayList<>(plan.workloads().stream().map(Workload::label).toList());
        if (redisRan) {
            workloadsRun.add(REDIS_WORKLOAD);
            notes.add(String.format(Locale.ROOT, "redis: n = %,d string keys per contestant against %s (--redis-n, or"
                    + " --full for %,d); its rates are over loopback, one timed pass each.", redisKeys(),
                    redisUri == null ? "an embedded redis-server" : "the server of --redis-uri", FULL_REDIS_N));
        }
        return new RunInfo(commandLine(), machine, plan.n(), plan.fpps(), plan.seed(),
                workloadsRun, plan.rounds(), plan.threads(), kindsRun,
                Lineup.missingKinds(), peerLines, exactLines, notes, seconds);
    }

    /** The command as typed through the script, each argument quoted where the shell would need it. */
    private String commandLine() {
        StringBuilder line = new StringBuilder("./bloomery");
        List<String> args = spec.commandLine().getParseResult().originalArgs();
        // The script adds the subcommand itself.
        for (String arg : args.isEmpty() || !args.get(0).equals(spec.name()) ? args : args.subList(1, args.size())) {
            line.append(' ').append(arg.matches("[A-Za-z0-9_./=,:+-]+") ? arg : "'" + arg.replace("'", "'\\''") + "'");
        }
        return line.toString();
    }

    private ParameterException bad(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
