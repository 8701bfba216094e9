package io.kitesql.exec;

import io.kitesql.codec.RowView;
import io.kitesql.catalog.IndexDef;
import io.kitesql.plan.Access;
import io.kitesql.plan.TableScan;
import io.kitesql.table.TableCursor;
import io.kitesql.value.DataType;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Reads a table: a full scan, or a primary-key or index range whose bounds are evaluated for this
 * execution (parameters included) and placed among the keys exactly ({@link KeyRangeBounds}). A
 * NULL bound matches nothing. With {@code withRefs}, each row
 * carries its {@link io.kitesql.table.RowRef} one past the table's columns, for UPDATE and DELETE.
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
  /** This execution's key bounds (reused). */
  private final KeyRangeBounds bounds = new KeyRangeBounds();
  /** Made at the first execution, reopened by every later one. */
  private TableCursor cursor;
  /** Whether the current execution reads {@link #cursor} (false: a NULL bound, no rows). */
  private boolean reading;
  /** Whether some columns are read from {@link #currentRow()} instead of decoded ({@link #defer}). */
  private boolean deferring;

  ScanOperator(TableScan scan, boolean withRefs, boolean transientRows) {
    this.scan = scan;
    this.columns = scan.columns().stream().mapToInt(Integer::intValue).toArray();
    this.withRefs = withRefs;
    this.transientRows = transientRows && !withRefs;
    var range = scan.access() instanceof Access.KeyRange r ? Optional.of(r) : Optional.<Access.KeyRange>empty();
    this.index = range.flatMap(Access.KeyRange::index);
    this.keyTypes = range.isEmpty() ? new DataType[0] : scan.table().keyTypes(index);
  }

  @Override
  public void open(ExecutionContext ctx) {
    if (cursor == null) {
      // The plan names one table of one database, so the store never changes for this operator;
      // looking it up per execution would hash the whole TableDef record each time.
      cursor = ctx.stores().apply(scan.table()).cursor(index, columns, false, transientRows);
    }
    switch (scan.access()) {
      case Access.FullScan _ -> {
        reading = true;
        cursor.reopen(ctx.transaction(), List.of(), true, List.of(), true);
      }
      case Access.KeyRange r -> {
        reading = bounds.evaluate(r, keyTypes, ctx.parameters());
        if (reading) {
          cursor.reopen(ctx.transaction(), bounds.lower(), bounds.lowerInclusive(), bounds.upper(), bounds.upperInclusive());
        }
      }
    }
  }

  @Override
  public Object[] next() {
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
   * Stops decoding the table columns marked in {@code columns}, which the operators above read
   * from {@link #currentRow()} instead; false if this scan's rows do not come from a stored row
   * (nothing changes). Called once, after the first open.
   */
  boolean defer(boolean[] columns) {
    deferring = transientRows && cursor.defer(columns);
    return deferring;
  }

  /** Whether {@link #defer} took effect: the current row is read through {@link #currentRow()}. */
  boolean deferring() {
    return deferring;
  }

  /** The ref of the row the scan stands on (for a scan without refs whose consumer wants the ref of some rows). */
  io.kitesql.table.RowRef ref() {
    return cursor.ref();
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
  }
}
