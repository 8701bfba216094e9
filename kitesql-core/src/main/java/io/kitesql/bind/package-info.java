/**
 * The binder: JSqlParser syntax trees to {@link io.kitesql.bind.BoundStatement}s, with names
 * resolved against a {@link io.kitesql.catalog.Catalog}, expressions typed ({@code expr}) and
 * queries as logical plans ({@code plan}). Anything the engine does not implement is refused here
 * by name.
 *
 * <p>Expressions are bound here too ({@link io.kitesql.bind.ExpressionBinder} and its helpers for
 * functions, literals, predicates, windows and subqueries), so JSqlParser's types stop at this
 * package: {@code expr} below it holds only the typed trees and their evaluation.
 *
 * <p>Depends on JSqlParser, {@code sql} (syntax trees), {@code expr}, {@code plan}, {@code catalog}
 * and {@code value}.
 */
package io.kitesql.bind;
