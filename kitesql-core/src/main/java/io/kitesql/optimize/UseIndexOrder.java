package io.kitesql.optimize;

import io.kitesql.catalog.TableDef;
import io.kitesql.expr.Expr;
import io.kitesql.plan.Access;
import io.kitesql.plan.Filter;
import io.kitesql.plan.Limit;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.Project;
import io.kitesql.plan.Sort;
import io.kitesql.plan.SortKey;
import io.kitesql.plan.TableScan;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;

/**
 * Drops a sort that the scan beneath it already delivers: a walk of the primary key or of an index
 * yields rows in key order (an index's entries end with the primary key, so ties come in its
 * order), forward or, walked backward, descending. Columns that every range binds to one value may
 * be skipped in the ORDER BY or left out of it; once the primary key is matched, later sort keys
 * cannot reorder anything. A LIMIT above then stops the walk after {@code offset + limit} rows.
 *
 * <pre>
 * Limit(10)                                 Limit(10)
 *   Sort(id DESC)                      =>     Project(...)
 *     Project(...)                              PrimaryKeyScan orders reverse
 *       TableScan orders
 *
 * Sort(id)                                  Project(...)
 *   Project(...)                       =>     IndexRangeScan t using t_a = (3)
 *     IndexRangeScan t using t_a = (3)            (entries (a, id): id ascending within a = 3)
 * </pre>
 *
 * <p>A full scan becomes a walk in key order when that order is the sort's: always for the primary
 * key (the same rows, read in the same order as the table scan), for an index only under a LIMIT or
 * when the index covers the scan (else every row would be looked up to save one sort). Ascending
 * keys must put NULLs first and descending ones last, as keys store them (the defaults), unless the
 * column cannot hold NULL. Only plain columns of one table, through projections and filters.
 */
final class UseIndexOrder {
  private UseIndexOrder() {}

  static PlanNode apply(PlanNode plan) {
    return Plans.bottomUp(
        plan,
        node ->
            switch (node) {
              case Limit l when l.limit().isPresent() && l.input() instanceof Sort s ->
                  ordered(s, true)
                      .<PlanNode>map(in -> new Limit(in, l.limit(), l.offset()))
                      .orElse(node);
              case Sort s -> ordered(s, false).orElse(node);
              default -> node;
            });
  }

  /** The sort's input on a scan that delivers its order, if there is one. */
  private static Optional<PlanNode> ordered(Sort sort, boolean limited) {
    var scan = scanBelow(sort.input());
    var columns = new ArrayList<Integer>();
    for (var key : sort.keys()) {
      var column = tableColumn(sort.input(), key.expression());
      if (column.isEmpty()) {
        return Optional.empty();
      }
      columns.add(column.get());
    }
    if (scan.isEmpty()) {
      return Optional.empty();
    }
    var s = scan.get();
    var table = s.table();
    return switch (s.access()) {
      case Access.KeyRange r ->
          direction(table, r.keyColumns(table), r.constantPrefix(), sort.keys(), columns)
              .map(
                  reverse ->
                      withScan(
                          sort.input(), s.withAccess(reverse == r.reverse() ? r : r.reversed())));
      case Access.FullScan _ ->
          walks(s, limited).stream()
              .flatMap(
                  r ->
                      direction(table, r.keyColumns(table), 0, sort.keys(), columns)
                          .map(
                              reverse ->
                                  withScan(sort.input(), s.withAccess(reverse ? r.reversed() : r)))
                          .stream())
              .findFirst();
      case Access.AnyOf _ -> Optional.empty();
    };
  }

  /**
   * The unbounded walks that may replace a full scan: the primary key's, then (limited or covered)
   * each index's.
   */
  private static List<Access.KeyRange> walks(TableScan scan, boolean limited) {
    var table = scan.table();
    var walks = new ArrayList<Access.KeyRange>();
    if (!table.hasHiddenRowId()) {
      walks.add(new Access.KeyRange(Optional.empty(), Access.Range.all(), false));
    }
    for (var index : table.indexes()) {
      boolean covered = ChooseAccessPath.covers(table, index, scan.columns());
      if (limited || covered) {
        walks.add(new Access.KeyRange(Optional.of(index), Access.Range.all(), covered));
      }
    }
    return walks;
  }

  /**
   * Whether rows in {@code order} (its first {@code constant} columns bound to one value) are
   * sorted by {@code keys} on table columns {@code columns}: empty if not, else whether the walk
   * must run backward.
   */
  static Optional<Boolean> direction(
      TableDef table,
      List<Integer> order,
      int constant,
      List<SortKey> keys,
      List<Integer> columns) {
    var fixed = new HashSet<>(order.subList(0, constant));
    var primary = new HashSet<>(table.hasHiddenRowId() ? List.<Integer>of() : table.primaryKey());
    Boolean descending = null;
    int at = constant;
    for (int k = 0; k < keys.size(); k++) {
      int column = columns.get(k);
      if (fixed.contains(column)) {
        continue; // one value throughout: ordering by it changes nothing
      }
      if (!primary.isEmpty() && fixed.containsAll(primary)) {
        break; // the primary key is matched: no two rows tie on what came before
      }
      var key = keys.get(k);
      boolean nullable = table.columns().get(column).nullable();
      if (at >= order.size()
          || order.get(at) != column
          || (descending != null && descending != key.descending())
          || (nullable && key.nullsFirst() == key.descending())) {
        return Optional.empty();
      }
      descending = key.descending();
      fixed.add(column);
      at++;
    }
    return Optional.of(descending != null && descending);
  }

  /** The scan at the bottom of a chain of projections and filters. */
  static Optional<TableScan> scanBelow(PlanNode node) {
    return switch (node) {
      case TableScan s -> Optional.of(s);
      case Project p -> scanBelow(p.input());
      case Filter f -> scanBelow(f.input());
      default -> Optional.empty();
    };
  }

  /**
   * The table column that output column {@code e} of {@code node} is, through plain-column
   * projections.
   */
  static Optional<Integer> tableColumn(PlanNode node, Expr e) {
    if (!(e instanceof Expr.Column c)) {
      return Optional.empty();
    }
    return switch (node) {
      case TableScan _ -> Optional.of(c.index());
      case Project p -> tableColumn(p.input(), p.expressions().get(c.index()));
      case Filter f -> tableColumn(f.input(), c);
      default -> Optional.empty();
    };
  }

  /** {@code node}'s chain of projections and filters over {@code scan} instead of its own scan. */
  static PlanNode withScan(PlanNode node, TableScan scan) {
    return switch (node) {
      case TableScan _ -> scan;
      case Project p -> new Project(withScan(p.input(), scan), p.expressions(), p.output());
      case Filter f -> new Filter(withScan(f.input(), scan), f.predicate());
      default ->
          throw new IllegalArgumentException(
              "not a chain of projections and filters over a scan: " + node);
    };
  }
}
