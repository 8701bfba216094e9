/**
 * The SQL front end: text to JSqlParser syntax trees, with the engine's own syntax errors.
 *
 * <p>Depends on JSqlParser and the root package only; the binder ({@code io.kitesql.bind}) turns
 * the trees into bound statements.
 */
package io.kitesql.sql;
