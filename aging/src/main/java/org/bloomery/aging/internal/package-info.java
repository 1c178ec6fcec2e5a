/**
 * What kind {@code "aging"} shares with {@code "redis-aging"}: the window's plan and the body's
 * fields, exported to the Redis module only, so that both kinds read the same options into the same
 * generations and write the same snapshots.
 */
package org.bloomery.aging.internal;
