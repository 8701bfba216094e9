package io.kitesql.optimize;

import io.kitesql.catalog.IndexDef;
import io.kitesql.catalog.TableDef;
import io.kitesql.expr.Expr;
import io.kitesql.expr.Exprs;
import io.kitesql.expr.SubqueryExpr;
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
 * Turns a filtered full scan into key ranges on the primary key or a secondary index when the
 * filter constrains a prefix of its columns: equalities or IN lists on the first columns, then at
 * most one range, LIKE prefix or IS NOT NULL on the next. An IN list (or an OR of equalities on one
 * column) becomes one range per value, however many; several IN lists, one per combination (up to
 * {@link #MAX_RANGES}). Conjuncts the ranges enforce exactly leave the filter (so their columns
 * need not be decoded, nor compared per row); the rest stay above the scan. An OR that no single
 * key serves may still be served by several ({@link #anyOf}).
 *
 * <pre>
 * Filter(customer_id IN (?1, ?2) AND status = ?3 AND amount > ?4)
 *   Scan orders                   =>   Filter(amount > ?4)
 *                                        IndexRangeScan orders using orders_cs = (?1, ?3) or = (?2, ?3)
 * </pre>
 *
 * <p>Exact means: an equality, IN list, comparison or IS NOT NULL on a key column, each of a type
 * that encodes into the key without changing the comparison ({@link #keyCompatible}). A NULL value
 * makes its range empty, as the comparison would reject every row; a range bounded above only
 * starts after the NULLs, which keys order first. A LIKE prefix is never exact: the range holds
 * every text that starts with the pattern's literal prefix, and the LIKE stays.
 *
 * <p>Preference, for a table ANALYZE measured: the candidate with the least estimated cost ({@link
 * RowEstimates}): the entries its ranges hold, each with a row lookup unless the walk is of the
 * primary key or a covered index, plus sorting the rows if a sort above wants an order the walk
 * does not deliver. A walk that delivers that order under a LIMIT stops early: it reads about
 * {@code limit × its rows / the rows that satisfy the whole filter}, so it may win with a wider
 * range, or with none (a key walked whole, its filter kept):
 *
 * <pre>
 * Limit(5)                                           Limit(5)
 *   Sort(score)                                        Sort(score)       (dropped by UseIndexOrder)
 *     Filter(category = ?1 AND score > ?2)     =>        Filter(category = ?1)
 *       Scan items                                         IndexRangeScan items using items_score (?2, +inf)
 * </pre>
 *
 * <p>For a table not measured (or measured empty), and between candidates of equal cost: a
 * candidate that binds a whole unique key (at most one row per range), then the longest equality
 * prefix, then fewer ranges, then a range on the next column; on a tie the primary key (no row
 * lookup), then a covered index.
 */
final class ChooseAccessPath {
  /**
   * The most ranges several IN lists of one scan are multiplied into; past it a column is left to
   * the filter.
   */
  static final int MAX_RANGES = 1_000;

  /** The most branches of an OR served by a union of key ranges. */
  static final int MAX_BRANCHES = 16;

  /** What reading a row through an index entry costs, beyond the entry: one more B-tree descent. */
  static final double ROW_LOOKUP = 2;

  /** What sorting costs per row sorted, against reading an entry. */
  static final double SORT = 0.5;

  private ChooseAccessPath() {}

  static PlanNode apply(PlanNode plan) {
    var wanted = WantedOrder.of(plan);
    return Plans.bottomUp(
        plan,
        node -> {
          if (node instanceof Filter f
              && f.input() instanceof TableScan s
              && s.access() instanceof Access.FullScan) {
            var conjuncts = Exprs.conjuncts(f.predicate());
            var predicates = KeyPredicates.of(conjuncts, s.table());
            var chosen = choose(s, predicates, Optional.ofNullable(wanted.get(s)));
            if (chosen.isPresent()) {
              return withRange(s, chosen.get(), conjuncts, predicates);
            }
            return anyOf(s, conjuncts)
                .<PlanNode>map(a -> new Filter(s.withAccess(a), f.predicate()))
                .orElse(node);
          }
          return node;
        });
  }

  /**
   * The scan on {@code chosen}'s ranges, under a filter of the conjuncts they do not enforce
   * exactly.
   */
  private static PlanNode withRange(
      TableScan scan, Candidate chosen, List<Expr> conjuncts, KeyPredicates predicates) {
    var ranged = scan.withAccess(chosen.access());
    var remaining = new ArrayList<Expr>();
    for (int i = 0; i < conjuncts.size(); i++) {
      if (!predicates.enforcedExactly(i, chosen.exactTerms())) {
        remaining.add(conjuncts.get(i));
      }
    }
    return remaining.isEmpty() ? ranged : new Filter(ranged, Exprs.and(remaining));
  }

  private static Optional<Candidate> choose(
      TableScan scan, KeyPredicates predicates, Optional<WantedOrder> wanted) {
    TableDef table = scan.table();
    var candidates = new ArrayList<Candidate>();
    if (!table.hasHiddenRowId()) {
      add(
          candidates,
          Candidate.of(
              Optional.empty(),
              table.primaryKey(),
              RowEstimates.uniqueWidth(table, Optional.empty()),
              predicates,
              true));
    }
    for (var index : table.indexes()) {
      boolean covered = covers(table, index, scan.columns());
      add(
          candidates,
          Candidate.of(
              Optional.of(index),
              table.walkOrder(Optional.of(index)),
              RowEstimates.uniqueWidth(table, Optional.of(index)),
              predicates,
              covered));
    }
    if (!table.stats().guidesPlans()) {
      return candidates.stream().reduce((a, b) -> b.betterThan(a) ? b : a);
    }
    if (candidates.isEmpty()) {
      return Optional.empty();
    }
    var estimates = new RowEstimates(table);
    var costs =
        new Cost(estimates, estimates.tableRows() * estimates.selectivity(predicates), wanted);
    wanted.filter(w -> w.rows().isPresent()).ifPresent(w -> candidates.addAll(orderedWalks(scan)));
    Candidate best = null;
    double bestCost = Double.POSITIVE_INFINITY;
    for (var c : candidates) { // each costed once; a tie goes to the fixed preference
      double cost = costs.of(table, c);
      if (best == null || cost < bestCost || (cost == bestCost && c.betterThan(best))) {
        best = c;
        bestCost = cost;
      }
    }
    return Optional.of(best);
  }

  private static void add(List<Candidate> candidates, Candidate c) {
    if (c != null) {
      candidates.add(c);
    }
  }

  /** Every key walked whole: under a LIMIT, one that delivers the wanted order may stop early. */
  private static List<Candidate> orderedWalks(TableScan scan) {
    var table = scan.table();
    var walks = new ArrayList<Candidate>();
    if (!table.hasHiddenRowId()) {
      walks.add(Candidate.whole(Optional.empty(), table.primaryKey(), true));
    }
    for (var index : table.indexes()) {
      walks.add(
          Candidate.whole(
              Optional.of(index),
              table.walkOrder(Optional.of(index)),
              covers(table, index, scan.columns())));
    }
    return walks;
  }

  /**
   * The estimated cost of a candidate: the entries it reads (each with a row lookup unless of the
   * primary key or covered), and a sort of the filtered rows when it does not deliver the wanted
   * order; one that does, under a LIMIT, stops after about {@code limit × rows / matching} entries.
   */
  private record Cost(RowEstimates estimates, double matchingRows, Optional<WantedOrder> wanted) {
    double of(TableDef table, Candidate c) {
      double rows = c.whole() ? estimates.tableRows() : estimates.rows(c.access(), c.uniqueWidth());
      double perEntry = c.primary() || c.access().covered() ? 1 : 1 + ROW_LOOKUP;
      if (wanted.isEmpty()) {
        return rows * perEntry;
      }
      var w = wanted.get();
      double matching = Math.min(rows, matchingRows);
      var access = c.access();
      boolean ordered =
          UseIndexOrder.direction(
                  table, access.keyColumns(table), access.constantPrefix(), w.keys(), w.columns())
              .isPresent();
      if (!ordered) {
        return rows * perEntry + matching * SORT;
      }
      double read =
          w.rows().isEmpty() || matching <= 0
              ? rows
              : Math.min(rows, w.rows().getAsLong() * rows / matching);
      return read * perEntry;
    }
  }

  /**
   * For a filter no single key serves: the first OR among its conjuncts every branch of which a key
   * serves, as the union of those keys' ranges: when every branch chose the same key, one walk of
   * all their ranges (which visits each key once, in key order: a keyset page's {@code c > ? OR (c
   * = ? AND id > ?)}), else {@link Access.AnyOf}. Not exact: the filter stays whole.
   */
  private static Optional<Access> anyOf(TableScan scan, List<Expr> conjuncts) {
    for (var conjunct : conjuncts) {
      var disjuncts = Exprs.disjuncts(conjunct);
      if (disjuncts.size() < 2 || disjuncts.size() > MAX_BRANCHES) {
        continue;
      }
      var branches = new ArrayList<Access.KeyRange>();
      for (var disjunct : disjuncts) {
        var c =
            choose(
                scan, KeyPredicates.of(Exprs.conjuncts(disjunct), scan.table()), Optional.empty());
        if (c.isEmpty()) {
          break;
        }
        branches.add(c.get().access());
      }
      if (branches.size() == disjuncts.size()) {
        return Optional.of(
            oneWalk(branches).orElseGet(() -> new Access.AnyOf(branches, disjuncts)));
      }
    }
    return Optional.empty();
  }

  /**
   * The branches' ranges as one walk, if they are all of one key (and none is an IN subquery's).
   */
  private static Optional<Access> oneWalk(List<Access.KeyRange> branches) {
    var first = branches.getFirst();
    var ranges = new ArrayList<Access.Range>();
    for (var b : branches) {
      if (!b.index().equals(first.index())
          || b.ranges().stream().anyMatch(r -> r.subqueryAt() >= 0)) {
        return Optional.empty();
      }
      ranges.addAll(b.ranges());
    }
    if (ranges.size() > MAX_RANGES) {
      return Optional.empty();
    }
    boolean covered = branches.stream().allMatch(Access.KeyRange::covered);
    return Optional.of(new Access.KeyRange(first.index(), ranges, covered, false));
  }

  /**
   * Whether the entries of {@code index} hold every column in {@code needed} (with the primary
   * key).
   */
  static boolean covers(TableDef table, IndexDef index, List<Integer> needed) {
    var available = new HashSet<>(index.columns());
    available.addAll(table.primaryKey());
    return !table.hasHiddenRowId() && available.containsAll(needed);
  }

  /**
   * Possible key ranges and how good they are.
   *
   * @param unique whether every range binds a whole unique key
   * @param exactTerms the predicate terms (indexes into {@link KeyPredicates}) the ranges enforce
   *     exactly
   */
  private record Candidate(
      Access.KeyRange access,
      boolean unique,
      int equalities,
      int ranges,
      boolean bounded,
      boolean primary,
      Set<Integer> exactTerms,
      int uniqueWidth,
      boolean whole) {

    /** The whole key, walked for its order alone: no range, every conjunct left to the filter. */
    static Candidate whole(Optional<IndexDef> index, List<Integer> keyColumns, boolean covered) {
      var access =
          new Access.KeyRange(
              index, List.of(Access.Range.all()), index.isPresent() && covered, false);
      return new Candidate(
          access, false, 0, 1, false, index.isEmpty(), Set.of(), keyColumns.size() + 1, true);
    }

    /**
     * @param keyColumns the columns the key is ordered by ({@link TableDef#walkOrder})
     * @param uniqueWidth how many leading key columns identify one row
     */
    static Candidate of(
        Optional<IndexDef> index,
        List<Integer> keyColumns,
        int uniqueWidth,
        KeyPredicates predicates,
        boolean covered) {
      var values = new ArrayList<List<Expr>>(); // per equated key column, its values
      var exact = new HashSet<Integer>();
      int combinations = 1;
      boolean subquery = false;
      for (int column : keyColumns) {
        var term = predicates.equality(column);
        int size = term.map(t -> t.values().size()).orElse(0);
        if (term.isEmpty()
            || (combinations > 1 && combinations * size > MAX_RANGES)
            || (subquery && term.get().values().getFirst() instanceof SubqueryExpr)) {
          break; // at most one IN subquery per range (Access.Range)
        }
        subquery |= term.get().values().getFirst() instanceof SubqueryExpr;
        values.add(term.get().values());
        exact.add(term.get().term());
        combinations *= term.get().values().size();
      }
      var next =
          values.size() < keyColumns.size()
              ? predicates.next(keyColumns.get(values.size()), exact)
              : new Access.Next.Any();
      boolean bounded = !(next instanceof Access.Next.Any);
      if (values.isEmpty() && !bounded) {
        return null;
      }
      var ranges = new ArrayList<Access.Range>();
      for (var equal : product(values)) {
        ranges.add(new Access.Range(equal, next));
      }
      var access = new Access.KeyRange(index, ranges, index.isPresent() && covered, false);
      boolean unique = values.size() >= uniqueWidth;
      return new Candidate(
          access,
          unique,
          values.size(),
          ranges.size(),
          bounded,
          index.isEmpty(),
          Set.copyOf(exact),
          uniqueWidth,
          false);
    }

    /** Every combination of one value per list, in list order. */
    private static List<List<Expr>> product(List<List<Expr>> lists) {
      List<List<Expr>> out = List.of(List.of());
      for (var list : lists) {
        var longer = new ArrayList<List<Expr>>(out.size() * list.size());
        for (var prefix : out) {
          for (var value : list) {
            var combination = new ArrayList<>(prefix);
            combination.add(value);
            longer.add(combination);
          }
        }
        out = longer;
      }
      return out;
    }

    boolean betterThan(Candidate other) {
      if (unique != other.unique) {
        return unique;
      }
      if (equalities != other.equalities) {
        return equalities > other.equalities;
      }
      if (ranges != other.ranges) {
        return ranges < other.ranges;
      }
      if (bounded != other.bounded) {
        return bounded;
      }
      if (primary != other.primary) {
        return primary;
      }
      return access.covered() && !other.access.covered();
    }
  }

  /**
   * {@link #keyCompatible(DataType, DataType)}, or an integer constant that fits the column ({@code
   * smallint_col = 5}: the literal is an INT).
   */
  static boolean keyCompatible(DataType columnType, Expr value) {
    if (keyCompatible(columnType, value.type())) {
      return true;
    }
    return Types.isInteger(columnType)
        && value instanceof Expr.Literal l
        && l.value() instanceof Number n
        && (n instanceof Integer || n instanceof Long)
        && n.longValue() >= columnType.minInteger()
        && n.longValue() <= columnType.maxInteger();
  }

  /**
   * Whether values of {@code valueType} encode into keys of {@code columnType} without changing the
   * comparison: same kind, or an integer into a wider integer or decimal column. ({@code int_col >
   * 2.5} must not become {@code int_col > 3}.)
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
