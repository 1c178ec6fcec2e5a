package org.bloomery.ribbon;

/**
 * How a Ribbon filter's solution stores fractional result bits, in every body version: rows in
 * groups of 64, groups before the first r-column group {@code u} with r - 1 columns and the others
 * with r, one 64-bit word per column, groups one after another. So group g has {@link #columnsOf}
 * columns and starts at word {@link #firstWord} = g·r - min(g, u) of its run of groups.
 */
final class GroupColumns {
    private GroupColumns() {
    }

    /**
     * The columns of one group.
     *
     * @param group a group
     * @param columns r
     * @param upperStartGroup u, the first group with r columns
     * @return r - 1 before u, r from it on
     */
    static int columnsOf(int group, int columns, int upperStartGroup) {
        return group < upperStartGroup ? columns - 1 : columns;
    }

    /**
     * The index of a group's first word.
     *
     * @param group a group
     * @param columns r
     * @param upperStartGroup u, the first group with r columns
     * @return {@code group·r - min(group, u)}
     */
    static int firstWord(int group, int columns, int upperStartGroup) {
        return group * columns - Math.min(group, upperStartGroup);
    }
}
