package org.bloomery.redis;

import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.bloomery.api.FilterSpec;
import org.bloomery.api.spi.SpecOptions;

/**
 * Where a shared filter lives, read from its spec: options {@code uri}, {@code cluster}, {@code
 * timeoutMillis}, {@code prefix}, {@code name}, the TLS options ({@link TlsOptions}) and what
 * opening may do ({@link OpenPolicy}), the same for every Redis kind.
 *
 * @param uri the server's URI, possibly holding credentials; empty when the user passes a client
 * @param cluster whether {@code uri} names a seed node of a Redis Cluster
 * @param timeoutMillis connect and socket timeout of a client built from {@code uri}
 * @param prefix prepended to every key of the filter
 * @param name the filter's name
 * @param tls how a client built from a {@code rediss://} {@code uri} connects; empty otherwise
 * @param open whether opening may create the name and may use a server that evicts any key
 */
record Location(Optional<String> uri, boolean cluster, int timeoutMillis, String prefix, String name,
        Optional<TlsOptions> tls, OpenPolicy open) {
    static final String URI = "uri";
    static final String CLUSTER = "cluster";
    static final String TIMEOUT_MILLIS = "timeoutMillis";
    static final String PREFIX = "prefix";
    static final String NAME = "name";
    /** The options read here, which no in-process kind knows. */
    static final Set<String> KEYS = Stream.of(Stream.of(URI, CLUSTER, TIMEOUT_MILLIS, PREFIX, NAME),
            TlsOptions.KEYS.stream(), OpenPolicy.KEYS.stream()).flatMap(keys -> keys)
            .collect(Collectors.toUnmodifiableSet());
    /** What a hidden secret shows as. */
    private static final String HIDDEN = "****";

    /** The key prefix when none is given. */
    static final String DEFAULT_PREFIX = "bloomery:";
    /** The client timeout when none is given. */
    static final int DEFAULT_TIMEOUT_MILLIS = 2000;
    /** Longest timeout accepted: ten minutes. */
    static final int MAX_TIMEOUT_MILLIS = 600_000;

    private static final Pattern NAME_PATTERN = Pattern.compile("[A-Za-z0-9._-]{1,128}");
    private static final Pattern PREFIX_PATTERN = Pattern.compile("[A-Za-z0-9._:-]{0,64}");

    /**
     * Reads the location options of a spec whose option keys {@code options} has already checked.
     *
     * @param kind the kind, for messages
     * @param spec the spec
     * @param options the spec's options, read by {@link SpecOptions}
     * @param nameOverride the name given in code, or null to read option {@code name}
     * @return the location
     * @throws IllegalArgumentException for a value out of range, naming it and the allowed range (a
     *     URI is named with its password hidden), or for unusable TLS options (see {@link
     *     TlsOptions#read})
     */
    static Location read(String kind, FilterSpec spec, SpecOptions options, String nameOverride) {
        String name = nameOverride != null ? nameOverride : spec.option(NAME).orElseThrow(
                () -> new IllegalArgumentException("kind '" + kind + "' needs option '" + NAME
                        + "': the filter's name, shared by every process that opens it"));
        checkName(name);
        String prefix = spec.option(PREFIX).orElse(DEFAULT_PREFIX);
        if (!PREFIX_PATTERN.matcher(prefix).matches()) {
            throw new IllegalArgumentException("option '" + PREFIX + "' of kind '" + kind + "' must be 0 to 64 letters,"
                    + " digits, '.', '_', ':' or '-', got '" + prefix + "'");
        }
        int timeout = (int) options.longValue(TIMEOUT_MILLIS, 1, MAX_TIMEOUT_MILLIS, DEFAULT_TIMEOUT_MILLIS);
        boolean cluster = options.booleanValue(CLUSTER, false);
        Optional<String> uri = spec.option(URI);
        if (cluster && uri.filter(SentinelUri::isSentinel).isPresent()) {
            throw new IllegalArgumentException("option '" + CLUSTER + "' of kind '" + kind + "' must be false with a "
                    + SentinelUri.SCHEME + " URI: Sentinel watches a master and its replicas, a Redis Cluster"
                    + " fails over by itself");
        }
        boolean tls = uri.map(Location::parsedTls).orElse(false);
        return new Location(uri, cluster, timeout, prefix, name, TlsOptions.read(kind, spec, options, tls),
                OpenPolicy.read(kind, spec, options));
    }

    /**
     * Parses a URI, so that a bad one fails as the spec is read, naming the part that is wrong.
     *
     * @return whether it asks for TLS ({@code rediss://}; a Sentinel URI never does)
     */
    private static boolean parsedTls(String uri) {
        if (SentinelUri.isSentinel(uri)) {
            SentinelUri.parse(uri);
            return false;
        }
        return RedisUri.parse(uri).tls();
    }

    /** @return the location with the URI's password hidden, and the TLS options without theirs */
    @Override
    public String toString() {
        return "Location[uri=" + uri.map(RedisUri::redact) + ", cluster=" + cluster + ", timeoutMillis=" + timeoutMillis
                + ", prefix=" + prefix + ", name=" + name + ", tls=" + tls + ", open=" + open + "]";
    }

    /**
     * Checks a filter name.
     *
     * @param name the name
     * @throws IllegalArgumentException if it is not 1 to 128 letters, digits, '.', '_' or '-'
     */
    static void checkName(String name) {
        if (name == null || !NAME_PATTERN.matcher(name).matches()) {
            throw new IllegalArgumentException("filter name must be 1 to 128 letters, digits, '.', '_' or '-', got "
                    + (name == null ? "null" : "'" + name + "'"));
        }
    }

    /**
     * The spec without the given options: what the in-process kind is built from.
     *
     * @param spec the spec
     * @param removed the option keys to leave out
     * @return the spec
     */
    static FilterSpec without(FilterSpec spec, Set<String> removed) {
        TreeMap<String, String> kept = new TreeMap<>(spec.options());
        kept.keySet().removeAll(removed);
        return new FilterSpec(spec.expectedInsertions(), spec.fpp(), kept);
    }

    /**
     * The spec as a filter reports it: the URI option, if any, with its password hidden, and the
     * TLS store passwords shown as {@code ****}.
     *
     * @param spec the spec given
     * @return the spec to show
     */
    static FilterSpec shownSpec(FilterSpec spec) {
        FilterSpec shown = spec.option(URI).map(uri -> spec.withOption(URI, RedisUri.redact(uri))).orElse(spec);
        for (String secret : TlsOptions.SECRETS) {
            if (shown.option(secret).isPresent()) {
                shown = shown.withOption(secret, HIDDEN);
            }
        }
        return shown;
    }
}
