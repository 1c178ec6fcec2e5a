package org.bloomery.benchmarks.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The imported JMH figures as tables: one row per benchmark and parameter set (the report's), and a
 * pivot with one row per contestant and one column per benchmark method and key type (the
 * {@code performance.md} fragment the README's performance table is pasted from).
 */
final class JmhTables {
    /** The parameter that becomes columns of the pivot, when the benchmarks have it. */
    private static final String KEY_TYPE = "keyType";

    private JmhTables() {
    }

    /** Score ± error in the benchmark's unit, e.g. {@code 32.0 ± 1.2}; the score alone when JMH gave no error. */
    static String score(JmhResult r) {
        String score = String.format(Locale.ROOT, "%.1f", r.score());
        return Double.isNaN(r.error()) ? score : score + " ± " + String.format(Locale.ROOT, "%.1f", r.error());
    }

    static Table list(List<JmhResult> results) {
        Set<String> names = new LinkedHashSet<>();
        results.forEach(r -> names.addAll(r.params().keySet()));
        List<String> headers = new ArrayList<>(List.of("benchmark"));
        headers.addAll(names);
        headers.addAll(List.of("mode", "threads", "score ± error", "unit"));
        List<List<String>> rows = new ArrayList<>();
        for (JmhResult r : results) {
            List<String> row = new ArrayList<>(List.of(r.benchmark()));
            names.forEach(n -> row.add(r.params().getOrDefault(n, "")));
            row.addAll(List.of(r.mode(), Integer.toString(r.threads()), score(r), r.unit()));
            rows.add(row);
        }
        Set<Integer> text = new LinkedHashSet<>();
        for (int i = 0; i <= names.size() + 1; i++) {
            text.add(i);
        }
        text.add(headers.size() - 1);
        return new Table("JMH: per-operation figures imported from " + describe(results)
                + " (score ± JMH's 99.9% error)", headers, text, rows);
    }

    /** One row per parameter set without the key type, one column per method and key type. */
    static Table pivot(List<JmhResult> results) {
        Map<String, Map<String, String>> rows = new LinkedHashMap<>();
        Set<String> columns = new LinkedHashSet<>();
        for (JmhResult r : results) {
            String column = r.method() + (r.params().containsKey(KEY_TYPE) ? ", " + r.params().get(KEY_TYPE) : "")
                    + " (" + r.unit() + ")";
            String row = r.params().entrySet().stream().filter(e -> !e.getKey().equals(KEY_TYPE))
                    .map(e -> e.getKey().equals("contestant") ? e.getValue() : e.getKey() + " " + e.getValue())
                    .collect(Collectors.joining(", "));
            columns.add(column);
            String benchmarkClass = r.benchmark().substring(0, r.benchmark().lastIndexOf('.') + 1);
            rows.computeIfAbsent(benchmarkClass.isEmpty() ? row : benchmarkClass.replace(".", ": ") + row,
                    k -> new LinkedHashMap<>()).put(column, score(r));
        }
        List<String> headers = new ArrayList<>(List.of("benchmark class and parameters"));
        headers.addAll(columns);
        List<List<String>> cells = new ArrayList<>();
        rows.forEach((row, values) -> {
            List<String> line = new ArrayList<>(List.of(row));
            columns.forEach(c -> line.add(values.getOrDefault(c, "–")));
            cells.add(line);
        });
        return new Table("JMH figures", headers, Set.of(0), cells);
    }

    static String describe(List<JmhResult> results) {
        return results.isEmpty() ? "no benchmarks"
                : "JMH " + results.get(0).jmhVersion() + " on " + results.get(0).vm();
    }

    /**
     * The Markdown fragment for the README's performance section.
     *
     * @param results the imported benchmarks
     * @param info the run that imported them, for the machine
     * @return Markdown text ending in a newline
     */
    static String performanceFragment(List<JmhResult> results, RunInfo info) {
        StringBuilder md = new StringBuilder();
        Machine m = info.machine();
        md.append(String.format(Locale.ROOT, "%s; imported by `%s` on %s, a %s with %d cores (caches: %s). JMH's"
                + " file does not record its machine: import it on the machine that ran it. Each figure is JMH's"
                + " score ± its 99.9%% error; lower is better for ns/op.%n%n", describe(results), info.commandLine(),
                m.date(), m.cpu(), m.cores(), m.caches().describe()));
        Table pivot = pivot(results);
        md.append('|');
        pivot.headers().forEach(h -> md.append(' ').append(h).append(" |"));
        md.append("\n|");
        for (int i = 0; i < pivot.headers().size(); i++) {
            md.append(pivot.isText(i) ? "---|" : "---:|");
        }
        md.append('\n');
        for (List<String> row : pivot.rows()) {
            md.append('|');
            row.forEach(c -> md.append(' ').append(c.replace("|", "\\|")).append(" |"));
            md.append('\n');
        }
        return md.toString();
    }
}
