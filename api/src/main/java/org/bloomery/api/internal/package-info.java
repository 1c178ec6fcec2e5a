/**
 * Bloomery's shared internals: code two of its own modules would otherwise write twice (the
 * cache-line padding of large arrays, the seeded mix and the hash collection of the static kinds,
 * the reading of plain numbers, the static kinds' refusal of adds). Not an API: the package is
 * exported only to Bloomery's modules and may change in any release.
 */
package org.bloomery.api.internal;
