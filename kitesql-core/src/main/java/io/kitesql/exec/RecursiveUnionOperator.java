package io.kitesql.exec;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.plan.RecursiveUnion;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

/**
 * {@code WITH RECURSIVE}: streams the anchor's rows, then runs the recursive term once per round
 * over the rows the previous round produced (its {@link WorkTable}), until a round produces no row.
 * Without ALL, a set of the rows produced so far (the rows themselves: text stays borrowed) drops
 * repeats, so a cycle ends. A runaway recursion fails after {@value #MAX_ROUNDS} rounds or {@value
 * #MAX_ROWS} rows. Everything is dropped on open and close.
 */
final class RecursiveUnionOperator implements Operator {
  static final int MAX_ROUNDS = 10_000;
  static final int MAX_ROWS = 1_000_000;

  private final Operator anchor;
  private final Operator recursive;
  private final WorkTable table;
  private final boolean all;
  private final HashSet<RowKey> seen = new HashSet<>();
  private List<Object[]> produced = new ArrayList<>();
  private final HeldMemory held = new HeldMemory("recursive CTE (WITH RECURSIVE)");

  /** Bytes held for the rows of this round, and of the previous round's (the work table). */
  private long producedBytes;

  private long tableBytes;
  private ExecutionContext ctx;
  private boolean inAnchor;
  private boolean recursiveOpen;
  private int rounds;
  private long rows;

  private RecursiveUnionOperator(
      Operator anchor, Operator recursive, WorkTable table, boolean all) {
    this.anchor = anchor;
    this.recursive = recursive;
    this.table = table;
    this.all = all;
  }

  /** Builds the operator, linking the recursive term's work table scans to its work table. */
  static Operator build(RecursiveUnion plan, boolean withRefs) {
    var table = new WorkTable();
    var anchor = Operators.build(plan.anchor(), withRefs);
    var recursive =
        ScopedValue.where(WorkTable.BUILDING, WorkTable.building(plan.workTable(), table))
            .call(() -> Operators.build(plan.recursive(), withRefs));
    return new RecursiveUnionOperator(anchor, recursive, table, plan.all());
  }

  @Override
  public void open(ExecutionContext ctx) {
    this.ctx = ctx;
    seen.clear();
    produced = new ArrayList<>();
    table.rows = List.of();
    inAnchor = true;
    recursiveOpen = false;
    rounds = 0;
    rows = 0;
    held.open(ctx);
    producedBytes = 0;
    tableBytes = 0;
    anchor.open(ctx);
  }

  @Override
  public Object[] next() {
    while (true) {
      if (inAnchor || recursiveOpen) {
        var row = inAnchor ? anchor.next() : recursive.next();
        if (row == null) {
          endInput();
        } else if (all || seen.add(new RowKey(row))) {
          if (++rows > MAX_ROWS) {
            throw new KiteSqlException(
                ErrorCode.INVALID_VALUE, "WITH RECURSIVE produced more than " + MAX_ROWS + " rows");
          }
          long bytes = HeldMemory.rowBytes(row) + (all ? 8 : HeldMemory.HASH_ENTRY);
          held.hold(bytes);
          producedBytes += bytes;
          produced.add(row);
          return row;
        } else {
          held.step(); // a repeat, dropped
        }
      } else if (produced.isEmpty()) {
        return null;
      } else {
        startRound();
      }
    }
  }

  private void endInput() {
    if (inAnchor) {
      inAnchor = false;
    } else {
      recursive.close();
      recursiveOpen = false;
    }
  }

  private void startRound() {
    if (++rounds > MAX_ROUNDS) {
      throw new KiteSqlException(
          ErrorCode.INVALID_VALUE, "WITH RECURSIVE did not end after " + MAX_ROUNDS + " rounds");
    }
    if (all) {
      held.release(tableBytes); // without ALL the set of rows seen keeps every row anyway
    }
    tableBytes = producedBytes;
    producedBytes = 0;
    table.rows = produced;
    produced = new ArrayList<>();
    recursive.open(ctx);
    recursiveOpen = true;
  }

  @Override
  public void close() {
    if (recursiveOpen) {
      recursive.close();
      recursiveOpen = false;
    }
    anchor.close();
    seen.clear();
    held.release();
    produced = new ArrayList<>();
    table.rows = List.of();
    ctx = null;
  }
}
