package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.util.Set;
import net.sf.jsqlparser.statement.select.ForMode;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;

/** Valid SQL this engine does not implement: refused by name, never ignored. */
final class Unsupported {
  private Unsupported() {}

  static KiteSqlException feature(String what) {
    return new KiteSqlException(ErrorCode.UNSUPPORTED_FEATURE, what + " is not supported");
  }

  /** The row-locking clauses a statement's own SELECT may end with (see {@link #locksRows}). */
  private static final Set<ForMode> LOCKS =
      Set.of(ForMode.UPDATE, ForMode.SHARE, ForMode.NO_KEY_UPDATE, ForMode.KEY_SHARE);

  /**
   * Whether {@code select} is a {@code SELECT ... FOR UPDATE} (or another row-locking clause),
   * which {@link BoundStatement.Query#locksRows} honours by running only in a read-write
   * transaction. Only the statement's own SELECT may lock; NOWAIT, SKIP LOCKED, WAIT and OF change
   * nothing where nothing else holds a lock.
   */
  static boolean locksRows(Select select) {
    return select instanceof PlainSelect ps
        && ps.getForMode() != null
        && LOCKS.contains(ps.getForMode());
  }

  /**
   * Rejects clauses of a plain SELECT that the binder does not handle.
   *
   * @param statementsOwn whether {@code ps} is the statement's own SELECT, which may lock rows
   */
  static void rejectClauses(PlainSelect ps, boolean statementsOwn) {
    if (ps.getIntoTables() != null && !ps.getIntoTables().isEmpty()) {
      throw feature("SELECT INTO");
    }
    if (ps.getForMode() != null && !(statementsOwn && LOCKS.contains(ps.getForMode()))) {
      throw feature(
          "SELECT ... FOR "
              + ps.getForMode().getValue()
              + (LOCKS.contains(ps.getForMode())
                  ? " in a subquery, a CTE or a set operation"
                  : ""));
    }
    if (ps.getTop() != null) {
      throw feature("TOP (use LIMIT)");
    }
    if (ps.getQualify() != null) {
      throw feature("QUALIFY");
    }
    if (ps.getOracleHierarchical() != null) {
      throw feature("CONNECT BY");
    }
  }
}
