package org.bloomery.compare.report;

import java.util.List;

/**
 * One table of the human-readable reports, rendered alike by the Markdown and HTML writers.
 *
 * @param title the heading above it
 * @param headers column headings; the first {@code textColumns} are text, the rest numbers
 * @param textColumns how many leading columns are left-aligned text
 * @param rows the cells, one list per row, each as long as {@code headers}
 */
record Table(String title, List<String> headers, int textColumns, List<List<String>> rows) {
    Table {
        headers = List.copyOf(headers);
        rows = rows.stream().map(List::copyOf).toList();
    }
}
