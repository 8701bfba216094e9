/**
 * The binder: JSqlParser syntax trees to {@link io.kitesql.bind.BoundStatement}s, with names
 * resolved against a {@link io.kitesql.catalog.Catalog}, expressions typed ({@code expr}) and
 * queries as logical plans ({@code plan}). Anything the engine does not implement is refused
 * here by name.
 *
 * <p>Depends on {@code sql} (syntax trees), {@code expr}, {@code plan}, {@code catalog}.
 */
package io.kitesql.bind;
