package io.kitesql.optimize;

import io.kitesql.catalog.TableDef;
import io.kitesql.expr.Expr;
import io.kitesql.expr.Exprs;
import io.kitesql.plan.Access;
import io.kitesql.plan.PlanNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The {@link KeyTerm}s of a filter's conjuncts whose values a scan can evaluate before it starts
 * (no column, no aggregate) and that encode into the key of their column's type ({@link
 * ChooseAccessPath#keyCompatible}), each remembering the conjunct it came from.
 *
 * @param terms the usable terms
 * @param sources per usable term, the index of its conjunct
 * @param termsPerConjunct how many terms each conjunct yields, usable or not
 */
record KeyPredicates(List<KeyTerm> terms, List<Integer> sources, int[] termsPerConjunct) {

  /**
   * Values that equate a key column, from an equality (one value) or an IN list, and the term's
   * index.
   */
  record Equality(List<Expr> values, int term) {}

  static KeyPredicates of(List<Expr> conjuncts, TableDef table) {
    var p = new KeyPredicates(new ArrayList<>(), new ArrayList<>(), new int[conjuncts.size()]);
    for (int i = 0; i < conjuncts.size(); i++) {
      var terms = KeyTerm.of(conjuncts.get(i));
      p.termsPerConjunct[i] = terms.size();
      for (var term : terms) {
        var columnType = table.columns().get(term.column().index()).type();
        boolean usable =
            switch (term) {
              case KeyTerm.Compare c ->
                  evaluableFirst(c.value())
                      && ChooseAccessPath.keyCompatible(columnType, c.value());
              case KeyTerm.In in ->
                  in.values().stream()
                      .allMatch(
                          v -> evaluableFirst(v) && ChooseAccessPath.keyCompatible(columnType, v));
              case KeyTerm.Like l -> evaluableFirst(l.pattern()) && evaluableFirst(l.escape());
              case KeyTerm.InSubquery q ->
                  ChooseAccessPath.keyCompatible(
                      columnType, ((PlanNode) q.subquery().plan()).output().getFirst().type());
              case KeyTerm.NotNull _ -> true;
            };
        if (usable) {
          p.terms.add(term);
          p.sources.add(i);
        }
      }
    }
    return p;
  }

  private static boolean evaluableFirst(Expr value) {
    return Exprs.columns(value).isEmpty() && !Exprs.containsAggregate(value);
  }

  /** Whether every term of conjunct {@code conjunct} is among {@code exactTerms}. */
  boolean enforcedExactly(int conjunct, Set<Integer> exactTerms) {
    if (termsPerConjunct[conjunct] == 0) {
      return false;
    }
    int enforced = 0;
    for (int t = 0; t < sources.size(); t++) {
      if (sources.get(t) == conjunct && exactTerms.contains(t)) {
        enforced++;
      }
    }
    return enforced == termsPerConjunct[conjunct];
  }

  /**
   * The values that equate {@code column}: an equality's if there is one, else an IN list's, else
   * an IN subquery (whose one value stands for each of its rows, {@link Access.Range}).
   */
  Optional<Equality> equality(int column) {
    Equality in = null;
    Equality subquery = null;
    for (int t = 0; t < terms.size(); t++) {
      var term = terms.get(t);
      if (term.column().index() != column) {
        continue;
      }
      if (term instanceof KeyTerm.Compare c && c.op().equals("=")) {
        return Optional.of(new Equality(List.of(c.value()), t));
      }
      if (term instanceof KeyTerm.In i && in == null) {
        in = new Equality(i.values(), t);
      }
      if (term instanceof KeyTerm.InSubquery q && subquery == null) {
        subquery = new Equality(List.of(q.subquery()), t);
      }
    }
    return Optional.ofNullable(in != null ? in : subquery);
  }

  /**
   * What a range can require of {@code column}, the key column after the equated ones: its bounds,
   * else a LIKE prefix, else IS NOT NULL, else nothing. The terms it enforces exactly are added to
   * {@code exact}.
   */
  Access.Next next(int column, Set<Integer> exact) {
    int lower = find(column, ">=", ">");
    int upper = find(column, "<=", "<");
    int notNull = -1;
    int like = -1;
    for (int t = 0; t < terms.size(); t++) {
      var term = terms.get(t);
      if (term.column().index() == column && term instanceof KeyTerm.NotNull) {
        notNull = t;
      } else if (term.column().index() == column && term instanceof KeyTerm.Like && like < 0) {
        like = t;
      }
    }
    if (notNull >= 0) {
      exact.add(notNull); // every range below excludes NULL
    }
    if (lower >= 0 || upper >= 0) {
      if (lower >= 0) {
        exact.add(lower);
      }
      if (upper >= 0) {
        exact.add(upper);
      }
      return new Access.Next.Between(
          value(lower), inclusive(lower), value(upper), inclusive(upper), true);
    }
    if (like >= 0) {
      var l = (KeyTerm.Like) terms.get(like);
      return new Access.Next.LikePrefix(l.pattern(), l.escape());
    }
    if (notNull >= 0) {
      return new Access.Next.Between(Optional.empty(), true, Optional.empty(), true, true);
    }
    return new Access.Next.Any();
  }

  /**
   * The first comparison term on {@code column} with operator {@code op}, else with {@code orElse};
   * -1 if none.
   */
  private int find(int column, String op, String orElse) {
    int found = -1;
    for (int t = 0; t < terms.size(); t++) {
      if (terms.get(t) instanceof KeyTerm.Compare c && c.column().index() == column) {
        if (c.op().equals(op)) {
          return t;
        }
        if (c.op().equals(orElse) && found < 0) {
          found = t;
        }
      }
    }
    return found;
  }

  private Optional<Expr> value(int term) {
    return term < 0 ? Optional.empty() : Optional.of(((KeyTerm.Compare) terms.get(term)).value());
  }

  private boolean inclusive(int term) {
    return term < 0 || ((KeyTerm.Compare) terms.get(term)).op().length() == 2;
  }
}
