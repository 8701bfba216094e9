/**
 * The rule-based optimizer: one rule per file, each a pure function from plan to plan with its
 * rewrite drawn in its Javadoc; {@link io.kitesql.optimize.Optimizer} applies them in order.
 *
 * <p>Depends on {@code plan}, {@code expr}, {@code catalog}, {@code value}, and {@code bind} for
 * the bound statement whose plans it rewrites.
 */
package io.kitesql.optimize;
