/**
 * Query plans: immutable records of a sealed {@link io.kitesql.plan.PlanNode}, shared by every
 * execution of a prepared statement. Built by {@code bind}, rewritten by {@code optimize}, executed
 * by {@code exec}, printed by {@link io.kitesql.plan.PlanPrinter} for EXPLAIN.
 *
 * <p>Depends on {@code expr}, {@code catalog} and {@code value}.
 */
package io.kitesql.plan;
