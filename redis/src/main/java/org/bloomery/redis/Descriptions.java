package org.bloomery.redis;

import org.bloomery.api.FilterProvider;
import org.bloomery.api.Filters;
import org.bloomery.bloom.BloomShape;

/** The providers' descriptions and their link to the in-process kinds. */
final class Descriptions {
    private Descriptions() {
    }

    static String of(CellKind cells) {
        String what = cells == CellKind.BITS
                ? "Classic Bloom filter stored in Redis (bits of a Redis string), shared by every process;"
                        + " one command per add or query, atomic on the server; mergeable from a local classic filter."
                : "Counting Bloom filter stored in Redis (4-bit saturating counters in a Redis string), shared by"
                        + " every process; one command per add or query, one script per remove, atomic on the server.";
        return what + "\n"
                + "Options:\n"
                + "  uri            redis://[user[:password]@]host[:port][/db] or rediss:// (TLS), or\n"
                + "                 " + SentinelUri.SCHEME + "[user[:password]@]host[:port][,host[:port]...][/db]#master;"
                + " required\n"
                + "  name           the filter's name, shared by every process: 1 to 128 letters, digits, '.', '_', '-';"
                + " required\n"
                + "  prefix         prepended to every key; default " + Location.DEFAULT_PREFIX + "\n"
                + "  cluster        true if uri names a Redis Cluster node; default false\n"
                + "  timeoutMillis  connect and socket timeout, in [1, " + Location.MAX_TIMEOUT_MILLIS + "]; default "
                + Location.DEFAULT_TIMEOUT_MILLIS + "\n"
                + TlsOptions.DESCRIPTION
                + OpenPolicy.DESCRIPTION
                + "  layout         standard (default) or blocked: every probe of an item in one 512-bit block\n"
                + "  shards         Redis strings (cluster slots) the cells are spread over, in [1, " + RedisCellsOptions.MAX_SHARDS
                + "]; default 1; more than 1 needs layout=blocked\n"
                + "  " + cells.cellsOption() + ", " + BloomShape.HASHES_OPTION + "   as for kind '" + cells.localKind()
                + "'; at most " + cells.maxCellsMeaning();
    }

    /** The in-process kind a snapshot is read back as. */
    static FilterProvider localProvider(CellKind cells) {
        return Filters.provider(cells.localKind()).orElseThrow(() -> new IllegalStateException(
                "a '" + cells.kind() + "' snapshot is a '" + cells.localKind() + "' filter; put bloomery-"
                        + cells.localKind() + " on the class or module path to read it"));
    }
}
