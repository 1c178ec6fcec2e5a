/**
 * The Ribbon filter (Dillinger and Walzer, "Ribbon filter: practically smarter than Bloom", 2021),
 * kind {@code "ribbon"}: {@link org.bloomery.ribbon.RibbonFilter}, found through {@link
 * org.bloomery.ribbon.RibbonProvider}. It is built once from a whole set by solving a banded linear
 * system over GF(2), and then only answers queries, each a few parities over one contiguous window
 * of the solution, in about 1.06 times the information-theoretic minimum of space at any fpp.
 */
package org.bloomery.ribbon;
