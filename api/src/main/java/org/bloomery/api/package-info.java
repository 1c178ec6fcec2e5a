/**
 * The Bloomery SPI: {@link org.bloomery.api.MembershipFilter}, the filters' common contract; {@link
 * org.bloomery.api.FilterProvider}, the ServiceLoader service each kind registers; {@link
 * org.bloomery.api.Filters}, the facade that finds kinds by name or capability; {@link
 * org.bloomery.api.FilterSpec} and {@link org.bloomery.api.KeyHasher}, what a filter is built from.
 */
package org.bloomery.api;
