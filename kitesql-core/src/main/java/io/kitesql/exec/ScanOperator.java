package io.kitesql.exec;

import io.kitesql.catalog.IndexDef;
import io.kitesql.codec.RowView;
import io.kitesql.expr.Evaluator;
import io.kitesql.expr.Expr;
import io.kitesql.expr.Subqueries;
import io.kitesql.expr.SubqueryExpr;
import io.kitesql.plan.Access;
import io.kitesql.plan.TableScan;
import io.kitesql.table.KeyRanges;
import io.kitesql.table.TableCursor;
import io.kitesql.value.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Reads a table: a full scan, or primary-key or index ranges whose bounds are evaluated for this
 * execution (parameters included) and placed among the keys exactly ({@link KeyRangeBounds}). A
 * range with a NULL bound matches nothing. With {@code withRefs}, each row carries its {@link
 * io.kitesql.table.RowRef} one past the table's columns, for UPDATE and DELETE.
 *
 * <p>The table cursor and the bound lists are made on the first execution and reopened by every
 * later one; with {@code transientRows} (the consumer keeps no row past its next call) rows are
 * decoded into one reused array too.
 */
final class ScanOperator implements Operator {

  private final TableScan scan;
  private final int[] columns;
  private final boolean withRefs;
  private final boolean transientRows;

  /** The key columns' types, for coercing bound values; empty for a full scan. */
  private final DataType[] keyTypes;

  private final Optional<IndexDef> index;
  private final boolean reverse;

  /** The bounds of one range, refilled per range and execution. */
  private final List<Object> lower = new ArrayList<>();

  private final List<Object> upper = new ArrayList<>();

  /** The ranges of this execution (several), refilled per execution. */
  private final KeyRanges ranges = new KeyRanges();

  /** Made at the first execution, reopened by every later one. */
  private TableCursor cursor;

  /** Whether the current execution reads {@link #cursor} (false: a NULL bound, no rows). */
  private boolean reading;

  /**
   * Whether some columns are read from {@link #currentRow()} instead of decoded ({@link #defer}).
   */
  private boolean deferring;

  /**
   * For {@link Access.AnyOf}: a scan per branch (else none), the one the walk is in, and the
   * execution.
   */
  private final ScanOperator[] branches;

  private int branch;
  private ExecutionContext context;

  ScanOperator(TableScan scan, boolean withRefs, boolean transientRows) {
    this.scan = scan;
    this.columns = scan.columns().stream().mapToInt(Integer::intValue).toArray();
    this.withRefs = withRefs;
    this.transientRows = transientRows && !withRefs;
    var range =
        scan.access() instanceof Access.KeyRange r
            ? Optional.of(r)
            : Optional.<Access.KeyRange>empty();
    this.index = range.flatMap(Access.KeyRange::index);
    this.keyTypes = range.isEmpty() ? new DataType[0] : scan.table().walkTypes(index);
    this.reverse = range.map(Access.KeyRange::reverse).orElse(false);
    this.branches =
        scan.access() instanceof Access.AnyOf a
            ? a.branches().stream()
                .map(b -> new ScanOperator(scan.withAccess(b), withRefs, transientRows))
                .toArray(ScanOperator[]::new)
            : new ScanOperator[0];
  }

  @Override
  public void open(ExecutionContext ctx) {
    if (branches.length > 0) {
      context = ctx;
      branch = 0;
      branches[0].open(ctx);
      reading = true;
      return;
    }
    if (cursor == null) {
      // The plan names one table of one database, so the store never changes for this operator;
      // looking it up per execution would hash the whole TableDef record each time.
      cursor = ctx.stores().apply(scan.table()).cursor(index, columns, reverse, transientRows);
    }
    var params = ctx.parameters();
    reading =
        switch (scan.access()) {
          case Access.FullScan _ -> { // the bound lists stay empty
            cursor.reopen(ctx.transaction(), lower, true, upper, true);
            yield true;
          }
          case Access.KeyRange r
              when r.ranges().size() == 1 && r.ranges().getFirst().subqueryAt() < 0 -> {
            int found =
                KeyRangeBounds.evaluate(r.ranges().getFirst(), keyTypes, params, lower, upper);
            if (found != KeyRangeBounds.EMPTY) {
              cursor.reopen(
                  ctx.transaction(),
                  lower,
                  (found & KeyRangeBounds.LOWER_INCLUSIVE) != 0,
                  upper,
                  (found & KeyRangeBounds.UPPER_INCLUSIVE) != 0);
            }
            yield found != KeyRangeBounds.EMPTY;
          }
          case Access.AnyOf _ -> throw new IllegalStateException("branches open on their own");
          case Access.KeyRange r -> {
            ranges.clear();
            for (var range : r.ranges()) {
              if (range.subqueryAt() < 0) {
                addRange(range, params);
              } else {
                for (var each : expand(range, params)) {
                  addRange(each, params);
                }
              }
            }
            cursor.reopen(ctx.transaction(), ranges);
            yield ranges.size() > 0;
          }
        };
  }

  /**
   * Adds {@code range}'s bounds for this execution to {@link #ranges}, unless no key can be in it.
   */
  private void addRange(Access.Range range, Object[] params) {
    int found = KeyRangeBounds.evaluate(range, keyTypes, params, lower, upper);
    if (found != KeyRangeBounds.EMPTY) {
      ranges.add(
          lower,
          (found & KeyRangeBounds.LOWER_INCLUSIVE) != 0,
          upper,
          (found & KeyRangeBounds.UPPER_INCLUSIVE) != 0);
    }
  }

  /**
   * {@code range} once per value of its IN subquery (the value in the subquery's place, as a
   * literal of the key column's type), or itself if it has none.
   */
  private List<Access.Range> expand(Access.Range range, Object[] params) {
    int at = range.subqueryAt();
    if (at < 0) {
      return List.of(range);
    }
    var values = Subqueries.runtime().values((SubqueryExpr) range.equal().get(at), params);
    var out = new ArrayList<Access.Range>(values.size());
    for (var v : values) {
      var equal = new ArrayList<>(range.equal());
      equal.set(at, new Expr.Literal(v, keyTypes[at]));
      out.add(new Access.Range(equal, range.next()));
    }
    return out;
  }

  @Override
  public Object[] next() {
    if (branches.length > 0) {
      return reading ? nextOfBranches() : null;
    }
    if (!reading || !cursor.next()) {
      return null;
    }
    var row = cursor.row();
    if (!withRefs) {
      return row;
    }
    var withRef = Arrays.copyOf(row, row.length + 1);
    withRef[row.length] = cursor.ref();
    return withRef;
  }

  /**
   * The next row of the branches: a row of branch {@code i}'s ranges if it satisfies branch {@code
   * i}'s condition (the ranges may hold more, a LIKE prefix's) and no earlier branch's, which
   * returned it.
   */
  private Object[] nextOfBranches() {
    var conditions = ((Access.AnyOf) scan.access()).conditions();
    while (true) {
      context.budget().step(); // the branches' rows may be rejected for long
      var row = branches[branch].next();
      if (row == null) {
        branches[branch].close();
        if (++branch == branches.length) {
          reading = false;
          return null;
        }
        branches[branch].open(context);
        continue;
      }
      if (!holds(conditions.get(branch), row)) {
        continue;
      }
      boolean returned = false;
      for (int earlier = 0; earlier < branch && !returned; earlier++) {
        returned = holds(conditions.get(earlier), row);
      }
      if (!returned) {
        return row;
      }
    }
  }

  private boolean holds(Expr condition, Object[] row) {
    return Boolean.TRUE.equals(Evaluator.evaluate(condition, row, context.parameters()));
  }

  /** Steps over rows without decoding them or looking them up (a union of branches: row by row). */
  @Override
  public long skip(long n) {
    if (branches.length > 0 || withRefs) {
      return Operator.super.skip(n);
    }
    return reading ? cursor.skip(n) : 0;
  }

  /**
   * Stops decoding the table columns marked in {@code columns}, which the operators above read from
   * {@link #currentRow()} instead; false if this scan's rows do not come from a stored row (nothing
   * changes). Called once, after the first open.
   */
  boolean defer(boolean[] columns) {
    // The branches' conditions read the decoded row: nothing is deferred.
    deferring = transientRows && branches.length == 0 && cursor.defer(columns);
    return deferring;
  }

  /** Whether {@link #defer} took effect: the current row is read through {@link #currentRow()}. */
  boolean deferring() {
    return deferring;
  }

  /**
   * The ref of the row the scan stands on (for a scan without refs whose consumer wants the ref of
   * some rows).
   */
  io.kitesql.table.RowRef ref() {
    return branches.length > 0 ? branches[branch].ref() : cursor.ref();
  }

  /** The stored row the scan stands on (for deferred columns). */
  RowView currentRow() {
    return cursor.currentRow();
  }

  @Override
  public void close() {
    reading = false;
    if (cursor != null) {
      cursor.close();
    }
    for (var b : branches) {
      b.close();
    }
  }
}
