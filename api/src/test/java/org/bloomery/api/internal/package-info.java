/** Tests of Bloomery's shared internals. */
package org.bloomery.api.internal;
