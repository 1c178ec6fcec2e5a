package org.bloomery.benchmarks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A small RFC 4180 parser for the tests: quoted cells, doubled quotes, CRLF or LF line ends. */
final class CsvParser {
    private CsvParser() {
    }

    /** Parses the text into rows of cells; throws if a quote is left open or a row's width differs. */
    static List<List<String>> parse(String text) {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"' && cell.length() == 0) {
                quoted = true;
            } else if (c == ',') {
                row.add(cell.toString());
                cell.setLength(0);
            } else if (c == '\r' || c == '\n') {
                if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    i++;
                }
                row.add(cell.toString());
                cell.setLength(0);
                rows.add(row);
                row = new ArrayList<>();
            } else {
                cell.append(c);
            }
        }
        if (quoted) {
            throw new IllegalArgumentException("unterminated quoted cell");
        }
        if (cell.length() > 0 || !row.isEmpty()) {
            row.add(cell.toString());
            rows.add(row);
        }
        for (List<String> r : rows) {
            if (r.size() != rows.get(0).size()) {
                throw new IllegalArgumentException("row of " + r.size() + " cells, header has " + rows.get(0).size());
            }
        }
        return rows;
    }

    /** The rows after the header as maps from column name to cell. */
    static List<Map<String, String>> records(String text) {
        List<List<String>> rows = parse(text);
        List<Map<String, String>> records = new ArrayList<>();
        for (List<String> row : rows.subList(1, rows.size())) {
            Map<String, String> record = new LinkedHashMap<>();
            for (int i = 0; i < row.size(); i++) {
                record.put(rows.get(0).get(i), row.get(i));
            }
            records.add(record);
        }
        return records;
    }
}
