package io.kitesql.optimize;

import io.kitesql.catalog.IndexDef;
import io.kitesql.catalog.TableDef;
import io.kitesql.expr.Expr;
import io.kitesql.expr.Exprs;
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

/**
 * Turns a filtered full scan into a key range on the primary key or a secondary index when the
 * filter constrains a prefix of its columns: equalities on the first columns, then at most one
 * range on the next. The filter stays above the scan and rechecks every row, so a range only
 * has to include all matching rows.
 *
 * <pre>
 * Filter(customer_id = ?1 AND status = ?2 AND amount > ?3)
 *   Scan orders                       =>   Filter(...)
 *                                            IndexRangeScan orders using (customer_id, status) = (?1, ?2)
 * </pre>
 *
 * <p>Preference: the longest equality prefix, then a range; on a tie the primary key (no row
 * lookup), then a covered index.
 */
final class ChooseAccessPath {
  private ChooseAccessPath() {}

  static PlanNode apply(PlanNode plan) {
    return Plans.bottomUp(plan, node -> {
      if (node instanceof Filter f && f.input() instanceof TableScan s && s.access() instanceof Access.FullScan) {
        return choose(s, Exprs.conjuncts(f.predicate())).map(a -> (PlanNode) new Filter(s.withAccess(a), f.predicate())).orElse(node);
      }
      return node;
    });
  }

  private static Optional<Access> choose(TableScan scan, List<Expr> conjuncts) {
    var predicates = ColumnPredicates.of(conjuncts, scan.table());
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
    return Optional.ofNullable(best).map(Candidate::access);
  }

  private static boolean covers(TableDef table, IndexDef index, List<Integer> needed) {
    var available = new HashSet<>(index.columns());
    available.addAll(table.primaryKey());
    return !table.hasHiddenRowId() && available.containsAll(needed);
  }

  /** A possible key range and how good it is. */
  private record Candidate(Access.KeyRange access, int equalities, boolean range, boolean primary) {

    static Candidate of(Optional<IndexDef> index, List<Integer> keyColumns, ColumnPredicates predicates, boolean covered) {
      var lower = new ArrayList<Expr>();
      var upper = new ArrayList<Expr>();
      int eq = 0;
      for (int column : keyColumns) {
        var value = predicates.equality(column);
        if (value.isEmpty()) {
          break;
        }
        lower.add(value.get());
        upper.add(value.get());
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
          range = true;
        }
        if (hi.isPresent()) {
          upper.add(hi.get().value());
          upperInclusive = hi.get().inclusive();
          range = true;
        }
      }
      if (eq == 0 && !range) {
        return null;
      }
      var access = new Access.KeyRange(index, lower, lowerInclusive, upper, upperInclusive, index.isPresent() && covered);
      return new Candidate(access, eq, range, index.isEmpty());
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

  /** Comparison conjuncts of the form {@code column op value}, with {@code value} free of columns. */
  private record ColumnPredicates(List<Expr.Column> columns, List<String> ops, List<Expr> values) {

    record Bound(Expr value, boolean inclusive) {}

    static ColumnPredicates of(List<Expr> conjuncts, TableDef table) {
      var p = new ColumnPredicates(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
      for (var conjunct : conjuncts) {
        for (var term : KeyComparison.of(conjunct)) {
          var column = term.column();
          var columnType = table.columns().get(column.index()).type();
          if (Exprs.columns(term.value()).isEmpty() && !Exprs.containsAggregate(term.value())
              && keyCompatible(columnType, term.value().type())) {
            p.columns.add(column);
            p.ops.add(term.op());
            p.values.add(term.value());
          }
        }
      }
      return p;
    }

    Optional<Expr> equality(int column) {
      return find(column, "=").map(Bound::value);
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
          return Optional.of(new Bound(values.get(i), op.length() == 2 || op.equals("=")));
        }
      }
      return Optional.empty();
    }
  }

  /**
   * Whether values of {@code valueType} encode into keys of {@code columnType} without changing
   * the comparison: same kind, or an integer into a wider integer or decimal column. ({@code
   * int_col > 2.5} must not become {@code int_col > 3}.)
   */
  static boolean keyCompatible(DataType columnType, DataType valueType) {
    var c = columnType.kind();
    var v = valueType.kind();
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
