package io.kitesql.bench;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

/** The Markdown of a {@link JdbcBench} run: the settings, the two tables, and the targets. */
final class JdbcReport {
  private JdbcReport() {}

  static String render(
      JdbcBench.Figures figures,
      Map<String, String> environment,
      String loadBefore,
      String loadAfter,
      double minutes) {
    var config = figures.config();
    var md = new StringBuilder();
    md.append("## JDBC: Table 1 through the drivers, and batch inserts (`--jdbc`)\n\n");
    md.append("| | |\n|---|---|\n");
    environment.forEach((k, v) -> md.append("| ").append(k).append(" | ").append(v).append(" |\n"));
    figures
        .versions()
        .forEach((k, v) -> md.append("| ").append(k).append(" | ").append(v).append(" |\n"));
    md.append(
        String.format(
            Locale.ROOT,
            "| load average (1 / 5 / 15 min) | %s before, %s after; %.1f minutes |%n",
            loadBefore,
            loadAfter,
            minutes));
    md.append(
        String.format(
            Locale.ROOT,
            "| rows | %,d orders rows per note size; %,d rows inserted per engine and round |%n",
            config.rows(),
            config.insertRows()));
    md.append(
        String.format(
            Locale.ROOT,
            "| rounds | one warm-up round, then %d measured rounds of each part; a cell's "
                + "figure is the median of its rounds |%n%n",
            config.rounds()));
    lookupTable(figures, md);
    targets(figures, md);
    insertTable(figures, md);
    return md.toString();
  }

  private static void lookupTable(JdbcBench.Figures figures, StringBuilder md) {
    md.append(
            "### Table 1's lookup: the native API, KiteSQL's driver, the peers' drivers\n\n```sql\n")
        .append(JdbcBench.LOOKUP)
        .append("\n```\n\n");
    md.append(
        "The caller of Table 1 (every string taken, its length and first and last char read). The three KiteSQL "
            + "columns run side by side on one database (each parameter on each in turn, all in one read-only "
            + "transaction: the native API's, and the JDBC connection's with auto-commit off and `setReadOnly(true)`); "
            + "the peers as in Table 1 (read-only connections, autocommit off). Cell: `p50 µs / B allocated per execution`.\n\n");
    md.append("| note | ").append(String.join(" | ", JdbcBench.COLUMNS)).append(" |\n|---");
    md.append("|---".repeat(JdbcBench.COLUMNS.size())).append("|\n");
    for (int t = 0; t < JdbcBench.TIERS.size(); t++) {
      md.append("| ").append(tier(t)).append(" |");
      for (int c = 0; c < JdbcBench.COLUMNS.size(); c++) {
        md.append(' ')
            .append(Report.micros(median(figures.p50()[t][c])))
            .append(String.format(Locale.ROOT, " / %.0f |", median(figures.bytes()[t][c])));
      }
      md.append('\n');
    }
    md.append("\nRatios of the medians (lower is KiteSQL faster):\n\n");
    md.append(
        "| note | JDBC CharSequence / native | JDBC getString / native | KiteSQL getString / SQLite getString "
            + "| KiteSQL getString / H2 default getString | KiteSQL getString / H2 big cache getString |\n|---|---|---|---|---|---|\n");
    for (int t = 0; t < JdbcBench.TIERS.size(); t++) {
      double[] p = new double[JdbcBench.COLUMNS.size()];
      for (int c = 0; c < p.length; c++) {
        p[c] = median(figures.p50()[t][c]);
      }
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %.2fx | %.2fx | %.2fx | %.2fx | %.2fx |%n",
              tier(t),
              p[1] / p[0],
              p[2] / p[0],
              p[2] / p[3],
              p[2] / p[4],
              p[2] / p[5]));
    }
    md.append('\n');
  }

  private static void targets(JdbcBench.Figures figures, StringBuilder md) {
    md.append("### Targets, computed from this run\n\n");
    md.append(
        "Each round gives one figure per target (JDBC's p50 over the native API's in that round; JDBC's bytes "
            + "per execution minus the native API's); a verdict needs every figure on one side of the bound "
            + "(`NoiseVerdict`).\n\n");
    for (int t = 0; t < JdbcBench.TIERS.size(); t++) {
      double[][] p50 = figures.p50()[t];
      double[][] bytes = figures.bytes()[t];
      md.append("- ")
          .append(tier(t))
          .append(
              String.format(
                  Locale.ROOT,
                  ": `getObject(i, CharSequence.class)` p50 ≤ %.1f× the native API's: ",
                  JdbcTargets.P50_RATIO))
          .append(JdbcTargets.p50(p50[1], p50[0]).render())
          .append('\n');
      md.append("- ")
          .append(tier(t))
          .append(
              String.format(
                  Locale.ROOT,
                  ": `getObject(i, CharSequence.class)` allocates ≤ %.0f B per execution more than the native API: ",
                  JdbcTargets.EXTRA_BYTES))
          .append(JdbcTargets.allocation(bytes[1], bytes[0]).render())
          .append('\n');
    }
    md.append('\n');
  }

  private static void insertTable(JdbcBench.Figures figures, StringBuilder md) {
    var config = figures.config();
    md.append(
        String.format(Locale.ROOT, "### JDBC batch insert of %,d rows%n%n", config.insertRows()));
    md.append("`")
        .append(DataSets.ORDERS_INSERT)
        .append(
            "` into a new `orders` table (its index included), 64 B notes: "
                + "one `PreparedStatement`, autocommit off, `addBatch` per row, `executeBatch` and `commit` every "
                + JdbcBench.BATCH
                + " rows; the count checked afterwards. Durability: KiteSQL `NO_SYNC`, SQLite WAL with "
                + "`synchronous=NORMAL`, H2's defaults (no engine fsyncs per commit). Each round inserts into new "
                + "databases, the engines' order rotating.\n\n");
    md.append("| engine | rows/s (median) | rounds | ratio to KiteSQL |\n|---|---|---|---|\n");
    double kite = median(figures.rowsPerSecond()[0]);
    for (int w = 0; w < JdbcBench.WRITERS.size(); w++) {
      double[] rounds = figures.rowsPerSecond()[w];
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %,.0f | %s | %.2fx |%n",
              JdbcBench.WRITERS.get(w),
              median(rounds),
              String.join(
                  " / ",
                  Arrays.stream(rounds)
                      .mapToObj(r -> String.format(Locale.ROOT, "%,.0f", r))
                      .toList()),
              median(rounds) / kite));
    }
    md.append('\n');
  }

  private static String tier(int t) {
    int bytes = JdbcBench.TIERS.get(t);
    return bytes >= 1024 ? bytes / 1024 + " KiB" : bytes + " B";
  }

  static double median(double[] values) {
    return NoiseVerdict.median(Arrays.stream(values).boxed().toList());
  }
}
