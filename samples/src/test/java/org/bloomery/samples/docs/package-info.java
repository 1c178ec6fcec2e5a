/**
 * Checks of the user pages themselves: every Java block on README.md and docs/ is a region of a test
 * that the build compiles and runs, and every relative link resolves.
 */
package org.bloomery.samples.docs;
