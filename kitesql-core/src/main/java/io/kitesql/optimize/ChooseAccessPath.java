package io.kitesql.optimize;

import io.kitesql.catalog.IndexDef;
import io.kitesql.catalog.TableDef;
import io.kitesql.expr.Expr;
import io.kitesql.expr.Exprs;
import io.kitesql.expr.Types;
import io.kitesql.plan.Access;
import io.kitesql.plan.Filter;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.TableScan;
import io.kitesql.value.DataType;
import io.kitesql.value.TypeKind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Turns a filtered full scan into a key range on the primary key or a secondary index when the
 * filter constrains a prefix of its columns: equalities on the first columns, then at most one
 * range on the next. Conjuncts the range enforces exactly leave the filter (so their columns need
 * not be decoded, nor compared per row); the rest stay above the scan.
 *
 * <pre>
 * Filter(customer_id = ?1 AND status = ?2 AND amount > ?3)
 *   Scan orders                       =>   Filter(amount > ?3)
 *                                            IndexRangeScan orders using (customer_id, status) = (?1, ?2)
 * </pre>
 *
 * <p>Exact means: an equality on a key column, or a lower bound ({@code >}, {@code >=}) on the
 * range column, each of a type that encodes into the key without changing the comparison ({@link
 * #keyCompatible}). A NULL value makes the whole range empty, as the comparison would reject every
 * row. An upper bound alone is not exact: keys order NULL first, so the range also holds the rows
 * whose column is NULL, which the filter must still reject; with a lower bound beside it, it is.
 *
 * <p>Preference: the longest equality prefix, then a range; on a tie the primary key (no row
 * lookup), then a covered index.
 */
final class ChooseAccessPath {
  private ChooseAccessPath() {}

  static PlanNode apply(PlanNode plan) {
    return Plans.bottomUp(plan, node -> {
      if (node instanceof Filter f && f.input() instanceof TableScan s && s.access() instanceof Access.FullScan) {
        var conjuncts = Exprs.conjuncts(f.predicate());
        var predicates = ColumnPredicates.of(conjuncts, s.table());
        return choose(s, predicates).map(c -> withRange(s, c, conjuncts, predicates)).orElse(node);
      }
      return node;
    });
  }

  /** The scan on {@code chosen}'s range, under a filter of the conjuncts the range does not enforce exactly. */
  private static PlanNode withRange(TableScan scan, Candidate chosen, List<Expr> conjuncts, ColumnPredicates predicates) {
    var ranged = scan.withAccess(chosen.access());
    var remaining = new ArrayList<Expr>();
    for (int i = 0; i < conjuncts.size(); i++) {
      if (!predicates.enforcedExactly(i, chosen.exactTerms())) {
        remaining.add(conjuncts.get(i));
      }
    }
    return remaining.isEmpty() ? ranged : new Filter(ranged, Exprs.and(remaining));
  }

  private static Optional<Candidate> choose(TableScan scan, ColumnPredicates predicates) {
    TableDef table = scan.table();
    Candidate best = null;
    if (!table.hasHiddenRowId()) {
      best = Candidate.of(Optional.empty(), table.primaryKey(), predicates, true);
    }
    for (var index : table.indexes()) {
      boolean covered = covers(table, index, scan.columns());
      var c = Candidate.of(Optional.of(index), index.columns(), predicates, covered);
      if (c != null && (best == null || c.betterThan(best))) {
        best = c;
      }
    }
    return Optional.ofNullable(best);
  }

  private static boolean covers(TableDef table, IndexDef index, List<Integer> needed) {
    var available = new HashSet<>(index.columns());
    available.addAll(table.primaryKey());
    return !table.hasHiddenRowId() && available.containsAll(needed);
  }

  /**
   * A possible key range and how good it is.
   *
   * @param exactTerms the predicate terms (indexes into {@link ColumnPredicates}) the range enforces exactly
   */
  private record Candidate(Access.KeyRange access, int equalities, boolean range, boolean primary,
      Set<Integer> exactTerms) {

    static Candidate of(Optional<IndexDef> index, List<Integer> keyColumns, ColumnPredicates predicates, boolean covered) {
      var lower = new ArrayList<Expr>();
      var upper = new ArrayList<Expr>();
      var exact = new HashSet<Integer>();
      int eq = 0;
      for (int column : keyColumns) {
        var value = predicates.equality(column);
        if (value.isEmpty()) {
          break;
        }
        lower.add(value.get().value());
        upper.add(value.get().value());
        exact.add(value.get().term());
        eq++;
      }
      boolean lowerInclusive = true;
      boolean upperInclusive = true;
      boolean range = false;
      if (eq < keyColumns.size()) {
        int next = keyColumns.get(eq);
        var lo = predicates.lower(next);
        var hi = predicates.upper(next);
        if (lo.isPresent()) {
          lower.add(lo.get().value());
          lowerInclusive = lo.get().inclusive();
          exact.add(lo.get().term());
          range = true;
        }
        if (hi.isPresent()) {
          upper.add(hi.get().value());
          upperInclusive = hi.get().inclusive();
          if (lo.isPresent()) { // alone, the range would also hold the NULLs
            exact.add(hi.get().term());
          }
          range = true;
        }
      }
      if (eq == 0 && !range) {
        return null;
      }
      var access = new Access.KeyRange(index, lower, lowerInclusive, upper, upperInclusive, index.isPresent() && covered);
      return new Candidate(access, eq, range, index.isEmpty(), Set.copyOf(exact));
    }

    boolean betterThan(Candidate other) {
      if (equalities != other.equalities) {
        return equalities > other.equalities;
      }
      if (range != other.range) {
        return range;
      }
      if (primary != other.primary) {
        return primary;
      }
      return access.covered() && !other.access.covered();
    }
  }

  /**
   * Comparison terms of the form {@code column op value}, with {@code value} free of columns and
   * key-compatible, each remembering the conjunct it came from ({@code BETWEEN} gives two terms).
   *
   * @param termsPerConjunct how many terms each conjunct yields, usable or not
   */
  private record ColumnPredicates(List<Expr.Column> columns, List<String> ops, List<Expr> values,
      List<Integer> sources, int[] termsPerConjunct) {

    /** A usable term: its value, whether the bound includes it, and its index. */
    record Bound(Expr value, boolean inclusive, int term) {}

    static ColumnPredicates of(List<Expr> conjuncts, TableDef table) {
      var p = new ColumnPredicates(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>(),
          new int[conjuncts.size()]);
      for (int i = 0; i < conjuncts.size(); i++) {
        var terms = KeyComparison.of(conjuncts.get(i));
        p.termsPerConjunct[i] = terms.size();
        for (var term : terms) {
          var column = term.column();
          var columnType = table.columns().get(column.index()).type();
          if (Exprs.columns(term.value()).isEmpty() && !Exprs.containsAggregate(term.value())
              && keyCompatible(columnType, term.value())) {
            p.columns.add(column);
            p.ops.add(term.op());
            p.values.add(term.value());
            p.sources.add(i);
          }
        }
      }
      return p;
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

    Optional<Bound> equality(int column) {
      return find(column, "=");
    }

    Optional<Bound> lower(int column) {
      return find(column, ">=").or(() -> find(column, ">"));
    }

    Optional<Bound> upper(int column) {
      return find(column, "<=").or(() -> find(column, "<"));
    }

    private Optional<Bound> find(int column, String op) {
      for (int i = 0; i < columns.size(); i++) {
        if (columns.get(i).index() == column && ops.get(i).equals(op)) {
          return Optional.of(new Bound(values.get(i), op.length() == 2 || op.equals("="), i));
        }
      }
      return Optional.empty();
    }
  }

  /**
   * {@link #keyCompatible(DataType, DataType)}, or an integer constant that fits the column
   * ({@code smallint_col = 5}: the literal is an INT).
   */
  static boolean keyCompatible(DataType columnType, Expr value) {
    if (keyCompatible(columnType, value.type())) {
      return true;
    }
    return Types.isInteger(columnType) && value instanceof Expr.Literal l && l.value() instanceof Number n
        && (n instanceof Integer || n instanceof Long) && n.longValue() >= columnType.minInteger() && n.longValue() <= columnType.maxInteger();
  }

  /**
   * Whether values of {@code valueType} encode into keys of {@code columnType} without changing
   * the comparison: same kind, or an integer into a wider integer or decimal column. ({@code
   * int_col > 2.5} must not become {@code int_col > 3}.)
   */
  static boolean keyCompatible(DataType columnType, DataType valueType) {
    var c = columnType.kind();
    var v = valueType.kind();
    if (c == TypeKind.INT && v == TypeKind.INT) {
      // an INT value may not fit a SMALLINT key: smallint_col < 100000 is true, not out of range
      return valueType.maxInteger() <= columnType.maxInteger();
    }
    if (c == v) {
      return c != TypeKind.DECIMAL || valueType.scale() <= columnType.scale();
    }
    return switch (c) {
      case BIGINT -> v == TypeKind.INT;
      case DECIMAL -> v == TypeKind.INT || v == TypeKind.BIGINT;
      case DOUBLE -> false;
      default -> false;
    };
  }
}
