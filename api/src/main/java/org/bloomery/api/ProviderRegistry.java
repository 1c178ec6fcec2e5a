package org.bloomery.api;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.regex.Pattern;

/** One ServiceLoader pass: the providers found, by kind, and the ones that failed, by name. */
record ProviderRegistry(List<FilterProvider> providers, List<String> failures) {
    private static final Pattern KIND = Pattern.compile("[a-z0-9][a-z0-9-]{0,31}");
    /** Guards against a provider iterator that keeps failing without advancing. */
    private static final int MAX_ENTRIES = 10_000;
    private static final System.Logger LOG = System.getLogger(Filters.class.getName());

    static ProviderRegistry load() {
        Map<String, FilterProvider> byKind = new LinkedHashMap<>();
        List<String> failures = new ArrayList<>();
        Iterator<FilterProvider> it = ServiceLoader.load(FilterProvider.class).iterator();
        for (int entries = 0; entries < MAX_ENTRIES; entries++) {
            FilterProvider provider;
            try {
                if (!it.hasNext()) {
                    break;
                }
                provider = it.next();
            } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
                fail(failures, e.getMessage() + (e.getCause() == null ? "" : " (" + e.getCause() + ")"));
                continue;
            }
            String name = provider.getClass().getName();
            String kind;
            try {
                kind = provider.kind();
            } catch (RuntimeException e) {
                fail(failures, name + ": kind() failed: " + e);
                continue;
            }
            if (kind == null || !KIND.matcher(kind).matches()) {
                fail(failures, name + ": kind '" + kind + "' is not 1 to 32 characters of [a-z0-9-]");
            } else if (byKind.containsKey(kind)) {
                fail(failures, name + ": kind '" + kind + "' is already provided by "
                        + byKind.get(kind).getClass().getName());
            } else {
                byKind.put(kind, provider);
            }
        }
        List<FilterProvider> sorted = new ArrayList<>(byKind.values());
        sorted.sort(Comparator.comparing(FilterProvider::kind));
        return new ProviderRegistry(List.copyOf(sorted), List.copyOf(failures));
    }

    private static void fail(List<String> failures, String message) {
        LOG.log(System.Logger.Level.WARNING, "Bloomery filter provider not loaded: {0}", message);
        failures.add(message);
    }
}
