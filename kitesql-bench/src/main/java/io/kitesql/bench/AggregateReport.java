package io.kitesql.bench;

import java.sql.DriverManager;
import java.util.List;

/** The Markdown section of Table 5's aggregate rows, from {@link AggregateBench}'s figures. */
final class AggregateReport {
  private AggregateReport() {}

  static String render(
      AggregateBench.Run run,
      List<AggregateBench.Row> rows,
      int borrowed,
      String loadBefore,
      String loadAfter,
      double minutes) {
    var out = new StringBuilder();
    out.append(
        String.format(
            """
        ## Table 5, aggregate rows: a thread and its posts through both modules

        ```java
        @Table("discussion_thread")
        record DiscussionThread(@Id Long id, CharSequence title,
            @MappedCollection(idColumn = "thread_id", keyColumn = "position") List<Post> posts) {}
        @Table("post") record Post(Integer replyTo, CharSequence author, CharSequence body) {}
        interface DiscussionThreadRepository extends KiteSqlRepository<DiscussionThread, Long> {}
        ```

        %d threads of 50 posts and %d of 5 (bodies of 60 to 220 chars), saved through each module's repository \
        into the same tables. One execution is one repository call: `findById` of a 50-post thread (the next of \
        %d), or `findAllById` of %d 5-post threads; the caller takes every post's thread id and its author's and \
        body's length and first and last char. Each cell's calls run inside one read-only transaction as in \
        Table 5 (`@ReadOnlyTxn`, so every post's text is a borrowed `Text`: %d values checked against the map; \
        Spring Data JDBC: `@Transactional(readOnly = true)` over one H2 connection, file database, default cache, \
        `ACCESS_MODE_DATA=r`). Warm-up per cell %d ms, then %d rounds. Statements per load: counted by the \
        database's `ExecutionListener` (KiteSQL) and by a wrapper of the H2 connection counting prepared \
        statements (Spring Data JDBC). Cell: `p50 µs / KiB allocated per execution` (allocation: \
        `ThreadMXBean`, heap bytes of the measuring thread). %s Machine load average (`/proc/loadavg`) \
        before: %s; after: %s; %.1f minutes.

        | load | KiteSQL repository | Spring Data JDBC + H2 | Spring Data JDBC + PostgreSQL | p50 ratio (target ≤ %.1fx) | allocation ratio (target ≤ %.1fx) | statements per load (KiteSQL / Spring Data JDBC) | p50 / allocation ratio to PostgreSQL (statements) |
        |---|---|---|---|---|---|---|---|
        """,
            run.bigThreads(),
            run.smallThreads(),
            run.bigThreads(),
            AggregateBench.PAGE,
            borrowed,
            run.config().warmupMillis(),
            run.config().rounds(),
            run.postgresqlUrl().isPresent()
                ? "Spring Data JDBC + PostgreSQL: the same repository over one connection to "
                    + postgresqlServer(run.postgresqlUrl().get())
                    + " (tables dropped, created, loaded through Spring Data JDBC and analyzed by"
                    + " the run; `@Transactional(readOnly = true)`, a read-only READ COMMITTED"
                    + " transaction per cell); its statements counted as H2's. Ratios: KiteSQL ÷"
                    + " Spring Data JDBC + H2 (the targets), and KiteSQL ÷ Spring Data JDBC +"
                    + " PostgreSQL."
                : "Spring Data JDBC + PostgreSQL: not measured (no `--postgresql URL`).",
            loadBefore,
            loadAfter,
            minutes,
            AggregateBench.MAX_P50_RATIO,
            AggregateBench.MAX_ALLOCATION_RATIO));
    for (var row : rows) {
      out.append(
          String.format(
              "| %s | %s | %s | %s | %s | %s | %.0f / %.0f | %s |%n",
              row.load(),
              Report.cell(row.kite()),
              Report.cell(row.jdbc()),
              row.postgresql() == null ? "not measured" : Report.cell(row.postgresql()),
              ratio(row.kite(), row.jdbc(), true),
              ratio(row.kite(), row.jdbc(), false),
              row.kiteStatements(),
              row.jdbcStatements(),
              row.postgresql() == null
                  ? "not measured"
                  : plainRatio(row.kite(), row.postgresql(), true)
                      + " / "
                      + plainRatio(row.kite(), row.postgresql(), false)
                      + String.format(" (%.0f)", row.postgresqlStatements())));
    }
    out.append(
        "\np99 µs, and the round-to-round spread of the median (slowest / fastest of the rounds):\n\n"
            + "| load | KiteSQL repository | Spring Data JDBC + H2 | Spring Data JDBC + PostgreSQL |\n"
            + "|---|---|---|---|\n");
    for (var row : rows) {
      out.append(
          String.format(
              "| %s | %s | %s | %s |%n",
              row.load(),
              p99(row.kite()),
              p99(row.jdbc()),
              row.postgresql() == null ? "not measured" : p99(row.postgresql())));
    }
    return out.toString();
  }

  private static String ratio(Results.Outcome kite, Results.Outcome peer, boolean latency) {
    var plain = plainRatio(kite, peer, latency);
    if (plain.equals("n/a")) {
      return plain;
    }
    double ratio = Double.parseDouble(plain.substring(0, plain.length() - 1));
    double target = latency ? AggregateBench.MAX_P50_RATIO : AggregateBench.MAX_ALLOCATION_RATIO;
    return plain + (ratio <= target ? " (met)" : " (missed)");
  }

  private static String plainRatio(Results.Outcome kite, Results.Outcome peer, boolean latency) {
    if (!(kite instanceof Results.Measured k) || !(peer instanceof Results.Measured p)) {
      return "n/a";
    }
    return String.format(
        java.util.Locale.ROOT,
        "%.3fx",
        latency ? k.p50Micros() / p.p50Micros() : k.bytesPerExecution() / p.bytesPerExecution());
  }

  /** The server's version and where it listens (no credentials: the URL's query is left out). */
  private static String postgresqlServer(String url) {
    var address = url.replaceFirst("\\?.*$", "");
    try (var connection = DriverManager.getConnection(url)) {
      return "PostgreSQL "
          + connection.getMetaData().getDatabaseProductVersion()
          + " at `"
          + address
          + "`";
    } catch (java.sql.SQLException e) {
      return "`" + address + "`";
    }
  }

  private static String p99(Results.Outcome outcome) {
    return outcome instanceof Results.Measured m
        ? String.format("%.2f (spread %.2fx)", m.p99Micros(), m.roundSpread())
        : "n/a";
  }
}
