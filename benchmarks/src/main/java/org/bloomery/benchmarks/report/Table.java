package org.bloomery.benchmarks.report;

import java.util.List;
import java.util.Set;

/**
 * One table of the human-readable reports, rendered alike by the Markdown and HTML writers.
 *
 * @param title the heading above it
 * @param headers column headings
 * @param textColumns the indexes of the left-aligned text columns; the others hold numbers
 * @param rows the cells, one list per row, each as long as {@code headers}
 */
record Table(String title, List<String> headers, Set<Integer> textColumns, List<List<String>> rows) {
    Table {
        headers = List.copyOf(headers);
        textColumns = Set.copyOf(textColumns);
        rows = rows.stream().map(List::copyOf).toList();
    }

    boolean isText(int column) {
        return textColumns.contains(column);
    }
}
