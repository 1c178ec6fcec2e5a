package org.bloomery.benchmarks.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One benchmark of a JMH result file ({@code -rf json}): its primary metric with JMH's error.
 *
 * @param benchmark the class and method, without the package, e.g. {@code MembershipBenchmark.add}
 * @param params the benchmark's parameters, sorted by name
 * @param mode JMH's mode, e.g. {@code avgt}
 * @param threads the threads JMH ran it with
 * @param score the primary metric's score
 * @param error the 99.9% error JMH reports (NaN when it had too few iterations to compute one)
 * @param unit the score's unit, e.g. {@code ns/op}
 * @param jmhVersion the JMH version that wrote it
 * @param vm the JVM name and version it ran on
 */
public record JmhResult(String benchmark, Map<String, String> params, String mode, int threads, double score,
                        double error, String unit, String jmhVersion, String vm) {
    /** Deepest nesting accepted, so that a hostile file cannot exhaust the stack. */
    private static final int MAX_DEPTH = 64;
    private static final ObjectMapper JSON = new ObjectMapper(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build()).build());

    /** Copies the parameters into name order. */
    public JmhResult {
        params = java.util.Collections.unmodifiableMap(new TreeMap<>(params));
    }

    /**
     * Reads a JMH result file.
     *
     * @param file the file {@code -rff} named
     * @return its benchmarks, in file order
     * @throws IOException if it cannot be read
     * @throws IllegalArgumentException if it is not a JMH JSON result file, naming what is wrong
     */
    public static List<JmhResult> read(Path file) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8));
    }

    /**
     * Parses the text of a JMH result file.
     *
     * @param json the text
     * @return its benchmarks, in file order
     * @throws IllegalArgumentException if it is not a JMH JSON result file, naming what is wrong
     */
    public static List<JmhResult> parse(String json) {
        if (!(readJson(json) instanceof List<?> entries)) {
            throw new IllegalArgumentException("a JMH result file is a JSON array of benchmarks");
        }
        List<JmhResult> results = new ArrayList<>();
        for (Object entry : entries) {
            Map<?, ?> b = map(entry, "benchmark");
            Map<?, ?> metric = map(b.get("primaryMetric"), "primaryMetric");
            Map<String, String> params = new TreeMap<>();
            if (b.get("params") instanceof Map<?, ?> p) {
                p.forEach((k, v) -> params.put(String.valueOf(k), String.valueOf(v)));
            }
            String name = text(b, "benchmark");
            String[] parts = name.split("\\.");
            String shortName = parts.length >= 2 ? parts[parts.length - 2] + "." + parts[parts.length - 1] : name;
            results.add(new JmhResult(shortName, params, text(b, "mode"), (int) number(b.get("threads"), "threads"),
                    number(metric.get("score"), "score"), number(metric.get("scoreError"), "scoreError"),
                    text(metric, "scoreUnit"), String.valueOf(b.get("jmhVersion")),
                    b.get("vmName") + " " + b.get("vmVersion")));
        }
        return results;
    }

    /** JSON text as maps, lists, numbers, strings, booleans and nulls. */
    private static Object readJson(String json) {
        try {
            return JSON.readValue(json, Object.class);
        } catch (JsonProcessingException e) {
            JsonLocation where = e.getLocation();
            throw new IllegalArgumentException("not valid JSON: " + e.getOriginalMessage()
                    + (where == null ? "" : " at line " + where.getLineNr() + ", column " + where.getColumnNr()), e);
        }
    }

    private static Map<?, ?> map(Object value, String what) {
        if (value instanceof Map<?, ?> m) {
            return m;
        }
        throw new IllegalArgumentException("JMH result: " + what + " is not a JSON object");
    }

    private static String text(Map<?, ?> object, String name) {
        if (object.get(name) instanceof String s) {
            return s;
        }
        throw new IllegalArgumentException("JMH result: missing text field '" + name + "'");
    }

    /** A number, or JMH's "NaN" string for a figure it could not compute. */
    private static double number(Object value, String name) {
        if (value instanceof Number n) {
            return n.doubleValue();
        }
        if ("NaN".equals(value)) {
            return Double.NaN;
        }
        throw new IllegalArgumentException("JMH result: field '" + name + "' is not a number: " + value);
    }

    /**
     * The method name alone, e.g. {@code add}.
     *
     * @return the part after the last dot
     */
    public String method() {
        return benchmark.substring(benchmark.lastIndexOf('.') + 1);
    }
}
