package io.kitesql.boot.autoconfigure;

import io.kitesql.api.Transaction;
import io.kitesql.data.core.StatementMarks;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/** EXPLAIN of a statement's SQL, and whether its plan reads a whole table. */
public final class StatementPlans {
  private static final Pattern TABLE_SCAN = Pattern.compile("(?<![A-Za-z])TableScan\\b");
  private static final Pattern WHOLE_KEY_WALK = Pattern.compile("(?<![A-Za-z])(PrimaryKeyScan|IndexScan)\\b");

  private StatementPlans() {}

  /**
   * The EXPLAIN lines of a query (parameters need no values); null for statements that are not
   * queries; one line saying why when EXPLAIN fails.
   */
  public static @Nullable List<String> explain(Transaction tx, String sql) {
    var head = sql.stripLeading().toLowerCase(Locale.ROOT);
    if (!(head.startsWith("select") || head.startsWith("with") || head.startsWith("values") || head.startsWith("("))) {
      return null;
    }
    // housekeeping, not the application's SQL: not measured as direct SQL
    return StatementMarks.reportedElsewhere(() -> {
      var lines = new ArrayList<String>();
      try (var cursor = tx.query("explain " + sql)) {
        while (cursor.next()) {
          lines.add(cursor.getText(0).toString());
        }
      } catch (RuntimeException e) {
        return List.of("(no plan: " + e.getMessage() + ")");
      }
      return lines;
    });
  }

  /**
   * Whether a plan reads a whole table: a {@code TableScan} (no key or index serves the
   * predicate), or a walk of a whole key ({@code PrimaryKeyScan}, {@code IndexScan}: an ORDER BY
   * served by key order) that no {@code Limit} stops, through projections and filters only.
   */
  public static boolean isFullScan(@Nullable List<String> plan) {
    if (plan == null) {
      return false;
    }
    for (int i = 0; i < plan.size(); i++) {
      var line = plan.get(i);
      if (TABLE_SCAN.matcher(line).find() || (WHOLE_KEY_WALK.matcher(line).find() && !stoppedByLimit(plan, i))) {
        return true;
      }
    }
    return false;
  }

  /** Whether the node on line {@code at} is below a {@code Limit} with only projections and filters between. */
  private static boolean stoppedByLimit(List<String> plan, int at) {
    int depth = indent(plan.get(at));
    for (int i = at - 1; i >= 0; i--) {
      var line = plan.get(i);
      int d = indent(line);
      if (d >= depth) {
        continue;
      }
      var node = line.strip();
      if (node.startsWith("Limit")) {
        return true;
      }
      if (!node.startsWith("Project") && !node.startsWith("Filter")) {
        return false;
      }
      depth = d;
    }
    return false;
  }

  private static int indent(String line) {
    int n = 0;
    while (n < line.length() && line.charAt(n) == ' ') {
      n++;
    }
    return n;
  }
}
