package io.kitesql.bind;

import io.kitesql.plan.PlanNode;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The CTEs and views one statement's binding has bound, so that each is bound once however often it
 * is referenced: a chain of CTEs each reading the one before it twice ({@code c1 AS (SELECT x FROM
 * c0 UNION ALL SELECT x FROM c0)}, ...) binds in linear time, not in 2^n. The plans are immutable,
 * so every reference shares its definition's plan; each reference executes its own operators over
 * it (the same rows, computed per reference).
 */
final class Expansions {
  private static final ScopedValue<Map<Object, PlanNode>> CURRENT = ScopedValue.newInstance();

  private Expansions() {}

  /** Runs one statement's binding with a fresh memory of what it bound. */
  static <T> T during(Supplier<T> binding) {
    return ScopedValue.where(CURRENT, new IdentityHashMap<Object, PlanNode>()).call(binding::get);
  }

  /**
   * The plan of {@code definition} (compared by identity): bound by {@code bind} at its first
   * reference in the statement, the same plan afterwards.
   */
  static PlanNode of(Object definition, Supplier<PlanNode> bind) {
    if (!CURRENT.isBound()) {
      return bind.get();
    }
    var bound = CURRENT.get();
    var plan = bound.get(definition);
    if (plan == null) {
      plan = bind.get(); // may bind other definitions first: no computeIfAbsent around it
      bound.put(definition, plan);
    }
    return plan;
  }
}
