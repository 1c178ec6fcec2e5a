package org.bloomery.benchmarks.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.bloomery.benchmarks.contestant.LibraryVersions;
import org.bloomery.benchmarks.workload.Plan;

/** The header lines and the reading guide, shared by the Markdown and HTML reports. */
final class ReportHeader {
    /** The short JMH command documented in the benchmark class. */
    static final String JMH_COMMAND = "java -jar benchmarks/target/benchmarks.jar -f 1";

    private ReportHeader() {
    }

    static List<String> lines(RunInfo info) {
        Machine m = info.machine();
        List<String> lines = new ArrayList<>();
        lines.add("Command: " + info.commandLine());
        lines.add(String.format(Locale.ROOT, "n = %s keys · fpp %s · seed %d · workloads %s · %s",
                Figures.count(info.n()), info.fpps().stream().map(Figures::fpp).collect(Collectors.joining(", ")),
                info.seed(), String.join(", ", info.workloads()), rounds("timed ", info.rounds()))
                + (info.workloads().contains("threads") ? " · threads " + info.threads() : ""));
        lines.add(String.format(Locale.ROOT, "Machine: %s · %d cores · caches: %s · %s · %s · max heap %d MiB · %s"
                + " · run took %.0f s", m.cpu(), m.cores(), m.caches().describe(), m.os(), m.jdk(), m.maxHeapMiB(),
                m.date(), info.seconds()));
        lines.add("Bloomery " + LibraryVersions.of("bloomery") + " kinds found: " + listOrNone(info.kindsFound()) + " · missing: "
                + listOrNone(info.kindsMissing()));
        lines.add("Peers: " + listOrNone(info.peers()));
        lines.add("Exact sets: " + listOrNone(info.exactSets()));
        lines.add("Timing: every contestant is warmed (untimed) before any is timed; then each is timed in "
                + rounds("", info.rounds()) + " (at most " + Plan.SIDE_ROUNDS + " in the heats the summary takes no"
                + " time from: uniform and churn after the first fpp, growth, exact; scaling at most "
                + Plan.SCALING_ROUNDS + ", static at most " + Plan.STATIC_ROUNDS + "; the CSV's rounds column gives"
                + " each figure's count), interleaved with the others in an order rotated each round. A figure is"
                + " the median of its rounds, with the min–max in brackets. These are whole-phase timings"
                + " (System.nanoTime around a loop over all keys, through one adapter per contestant): good for"
                + " comparing contestants within one run, not a micro-benchmark. For per-operation figures run the"
                + " JMH suite: " + JMH_COMMAND);
        for (String note : info.notes()) {
            lines.add("Note: " + note);
        }
        return lines;
    }

    static List<String> howToRead(RunInfo info) {
        List<String> lines = new ArrayList<>();
        lines.add("bits/element is the structure's size divided by n: read from the filter (bitSize, the"
                + " peer's bit/cell/bucket array) or, for HashSet, measured from the heap (approximate).");
        for (double fpp : info.fpps()) {
            lines.add(String.format(Locale.ROOT,
                    "At fpp %s no filter can use fewer than log2(1/ε) = %.2f bits/element; a classic Bloom"
                            + " filter needs 1.44·log2(1/ε) = %.2f.",
                    Figures.fpp(fpp), Figures.lowerBoundBits(fpp), Figures.classicBits(fpp)));
        }
        lines.add("measured fpp is false positives / absent-key queries (" + Plan.ABSENT_PER_KEY + "·n absent keys in"
                + " uniform, growth and static, n in exact, n per churn round); the 95% Wilson interval shows how much of a gap is noise.");
        lines.add("false neg. counts present keys answered \"definitely not\": it must be 0. A ⚠ marks a"
                + " contestant that broke that promise.");
        lines.add("Throughput is in millions of operations per second on this machine, with a megamorphic call"
                + " through one adapter per contestant; compare contestants within one run, not across machines.");
        lines.add("uniform: each round builds a fresh filter and inserts the n keys; the rounds share out the n"
                + " present keys (queried, then removed where the contestant can delete) and the " + Plan.ABSENT_PER_KEY
                + "·n absent keys.");
        lines.add("churn: the live set stays n; each round removes the oldest n/10 keys, adds n/10 new ones,"
                + " queries every live key (false negatives) and n absent keys (fpp).");
        lines.add("growth: the growing filter starts sized for n/1000 and takes n keys; the pre-sized classic"
                + " filter is what knowing n up front would cost.");
        lines.add("scaling: each n from 10^4 upwards in steps of √10 builds a fresh filter at the first fpp, adds n"
                + " keys and queries " + Figures.count(Plan.SCALING_QUERIES)
                + " present and as many absent keys; the chart marks where each filter's size passes the L2 and"
                + " last-level caches, after which every query is a cache miss.");
        lines.add("threads: the contestants safe for concurrent use, filled with n keys, are queried by one thread"
                + (info.threads() > 1 ? " and by " + info.threads() + " threads at once" : "")
                + "; the figure is all threads together.");
        lines.add("static: each round builds every contestant from the whole set of n keys at once (build"
                + " time per key includes hashing string keys) and queries its share of the present and "
                + Plan.ABSENT_PER_KEY + "·n absent keys;"
                + " static filters (fuse, FastFilter's xor and fuse filters, with the narrowest fingerprint that"
                + " meets the target) beside the classic and cuckoo kinds built from the same set.");
        lines.add("window: kind aging, Commons' LayeredBloomFilter and a rotation of five classic filters, each for a"
                + " window of n adds, take " + Plan.ABSENT_PER_KEY + " windows of distinct keys in chunks of n/10;"
                + " after each chunk the oldest chunk within the window is queried (false negatives), and from 1.5"
                + " windows on a chunk of never-added keys (the fpp); the slack is measured at the end in steps of 5%"
                + " of the window, and the bits are per window item.");
        lines.add("The summary's choices come from this run's own figures among the Bloomery kinds run, by their"
                + " abilities (delete, grow, built from a set, shared between processes); two kinds whose medians"
                + " lie within each other's range of rounds are tied.");
        return lines;
    }

    /** "1 timed round", "5 timed rounds". */
    private static String rounds(String adjective, int rounds) {
        return rounds + " " + adjective + (rounds == 1 ? "round" : "rounds");
    }

    private static String listOrNone(List<String> items) {
        return items.isEmpty() ? "none" : String.join("; ", items);
    }
}
