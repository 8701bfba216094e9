package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import net.sf.jsqlparser.statement.select.PlainSelect;

/** Valid SQL this engine does not implement: refused by name, never ignored. */
final class Unsupported {
  private Unsupported() {}

  static KiteSqlException feature(String what) {
    return new KiteSqlException(ErrorCode.UNSUPPORTED_FEATURE, what + " is not supported");
  }

  /** Rejects clauses of a plain SELECT that the binder does not handle. */
  static void rejectClauses(PlainSelect ps) {
    if (ps.getIntoTables() != null && !ps.getIntoTables().isEmpty()) {
      throw feature("SELECT INTO");
    }
    if (ps.getForMode() != null) {
      throw feature("SELECT ... FOR " + ps.getForMode());
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
