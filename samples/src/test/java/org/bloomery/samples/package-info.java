/**
 * The Java samples of README.md and docs/: each sits between {@code // sample:name} and
 * {@code // end:name} in a test that runs it and checks what the page says it does.
 */
package org.bloomery.samples;
