package org.bloomery.ribbon;

/**
 * Sorts a range of a {@code long[]} as unsigned numbers in place, allocating nothing, so that the
 * build's heap check ({@link BuildMemory}) covers all it allocates. {@link java.util.Arrays#sort(long[])}
 * may allocate: a merge buffer as large as the range when the input is a few long runs (every JDK
 * since 14), and on JDK 22 and later a two-int array per partitioning step (about 0.6 bytes per
 * key, garbage at once, left to the JIT's escape analysis), which an unchecked allocation counter
 * sees as the build's.
 */
final class UnsignedSort {
    /** Ranges this short are sorted by insertion. */
    private static final int INSERTION = 24;

    private UnsignedSort() {
    }

    /**
     * Sorts {@code values[from..to)} into unsigned ascending order: introsort (quicksort on the
     * median of three, heapsort past twice the depth of a balanced split, insertion sort for
     * short ranges). Not stable; equal values are indistinguishable.
     *
     * @param values the values
     * @param from the first index sorted
     * @param to the index after the last
     */
    static void sort(long[] values, int from, int to) {
        // Flipping the sign bit maps unsigned order onto signed order, which compares in one instruction.
        flipSigns(values, from, to);
        introsort(values, from, to, 2 * (32 - Integer.numberOfLeadingZeros(Math.max(1, to - from))));
        flipSigns(values, from, to);
    }

    private static void flipSigns(long[] values, int from, int to) {
        for (int i = from; i < to; i++) {
            values[i] ^= Long.MIN_VALUE;
        }
    }

    /** Sorts in signed order; recurses into the shorter side, loops on the longer. */
    private static void introsort(long[] a, int from, int to, int depth) {
        while (to - from > INSERTION) {
            if (depth-- == 0) {
                heapsort(a, from, to);
                return;
            }
            int middle = (from + to) >>> 1;
            sortThree(a, from, middle, to - 1);
            long pivot = a[middle];
            // Hoare partition: a[from] <= pivot <= a[to - 1] stop both scans inside the range.
            int i = from;
            int j = to - 1;
            while (true) {
                do {
                    i++;
                } while (a[i] < pivot);
                do {
                    j--;
                } while (a[j] > pivot);
                if (i >= j) {
                    break;
                }
                swap(a, i, j);
            }
            // a[from..j] <= pivot <= a[j+1..to)
            if (j + 1 - from < to - (j + 1)) {
                introsort(a, from, j + 1, depth);
                from = j + 1;
            } else {
                introsort(a, j + 1, to, depth);
                to = j + 1;
            }
        }
        insertion(a, from, to);
    }

    /** Orders a[x] <= a[y] <= a[z]. */
    private static void sortThree(long[] a, int x, int y, int z) {
        if (a[y] < a[x]) {
            swap(a, x, y);
        }
        if (a[z] < a[y]) {
            swap(a, y, z);
            if (a[y] < a[x]) {
                swap(a, x, y);
            }
        }
    }

    private static void insertion(long[] a, int from, int to) {
        for (int i = from + 1; i < to; i++) {
            long value = a[i];
            int j = i - 1;
            while (j >= from && a[j] > value) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = value;
        }
    }

    private static void heapsort(long[] a, int from, int to) {
        int n = to - from;
        for (int parent = n / 2 - 1; parent >= 0; parent--) {
            siftDown(a, from, parent, n);
        }
        for (int end = n - 1; end > 0; end--) {
            swap(a, from, from + end);
            siftDown(a, from, 0, end);
        }
    }

    private static void siftDown(long[] a, int base, int node, int size) {
        long value = a[base + node];
        while (true) {
            int child = 2 * node + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && a[base + child + 1] > a[base + child]) {
                child++;
            }
            if (a[base + child] <= value) {
                break;
            }
            a[base + node] = a[base + child];
            node = child;
        }
        a[base + node] = value;
    }

    private static void swap(long[] a, int i, int j) {
        long t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
