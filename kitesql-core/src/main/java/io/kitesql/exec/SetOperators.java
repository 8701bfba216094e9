package io.kitesql.exec;

import io.kitesql.plan.SetOperation;

/** Chooses the operator of a set operation. */
final class SetOperators {
  private SetOperators() {}

  static Operator build(SetOperation s, Operator left, Operator right) {
    return switch (s.kind()) {
      case UNION -> new UnionOperator(left, right, s.all());
      case INTERSECT, EXCEPT -> new HashSetOperator(s.kind(), s.all(), left, right);
    };
  }
}
