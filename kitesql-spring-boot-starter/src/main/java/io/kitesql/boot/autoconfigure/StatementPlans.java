package io.kitesql.boot.autoconfigure;

import io.kitesql.api.Transaction;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * EXPLAIN of a statement's SQL (what the plan checks of {@link
 * io.kitesql.api.PreparedStatement#fullScans()} show alongside).
 */
public final class StatementPlans {
  /**
   * The label of the starter's own statements (EXPLAINs, the actuator endpoint's row counts): the
   * statement metrics do not record them.
   */
  public static final String HOUSEKEEPING = "kitesql.housekeeping";

  private StatementPlans() {}

  /**
   * The EXPLAIN lines of a query (parameters need no values); null for statements that are not
   * queries; one line saying why when EXPLAIN fails.
   */
  public static @Nullable List<String> explain(Transaction tx, String sql) {
    var head = sql.stripLeading().toLowerCase(Locale.ROOT);
    if (!(head.startsWith("select")
        || head.startsWith("with")
        || head.startsWith("values")
        || head.startsWith("("))) {
      return null;
    }
    var lines = new ArrayList<String>();
    try (var cursor = tx.queryLabelled(HOUSEKEEPING, "explain " + sql)) {
      while (cursor.next()) {
        lines.add(cursor.getText(0).toString());
      }
    } catch (RuntimeException e) {
      return List.of("(no plan: " + e.getMessage() + ")");
    }
    return lines;
  }
}
