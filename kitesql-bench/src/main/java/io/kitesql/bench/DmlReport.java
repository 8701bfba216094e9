package io.kitesql.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The report section of {@link DmlBench}'s cells, and the write targets: read-modify-write and bulk
 * DML from those cells, one-row transactions and batches from {@link WriteBench}'s.
 */
final class DmlReport {
  /** GrausDB's figure: 20,000 read-modify-write cycles in ~55 ms. */
  private static final double GRAUS_MICROS_PER_OP = 55_000.0 / 20_000;

  private final Results r;

  DmlReport(Results results) {
    this.r = results;
  }

  /** The cells, one table per cell kind, engines side by side; empty if nothing ran. */
  String section() {
    return dmlSection() + new GroupKeysReport(r).section();
  }

  private String dmlSection() {
    if (r.dml.isEmpty()) {
      return "";
    }
    var out =
        new StringBuilder(
            """

        ## Read-modify-write and bulk DML

        Durability: KiteSQL `Durability.NO_SYNC`; SQLite WAL, `synchronous=NORMAL`; H2 defaults. \
        Read-modify-write: `%s` over %,d products, each its own transaction (KiteSQL `Database.write`, or \
        `Database.writeOnWriterThread`, or that with `StorageOptions.withWriteMap(true)` and a 1 GiB map, \
        "KiteSQL writeMap"; JDBC autocommit) and all in one transaction. Bulk DML: `INSERT INTO dst \
        SELECT …` of every row of `src` (64 B notes) into a table with a primary key and two secondary indexes, \
        then `DELETE` of half its rows by a non-indexed predicate, each one statement in its own transaction. \
        Median of %d rounds, each on fresh data, after one untimed round.

        """
                .formatted(
                    "update products set stock = stock - 1 where id = ? and stock > 0",
                    DmlBench.PRODUCTS,
                    DmlBench.ROUNDS));
    out.append("| cell | operations | ")
        .append(String.join(" | ", DmlBench.ENGINES))
        .append(" |\n|---|---|");
    out.append("---|".repeat(DmlBench.ENGINES.size())).append('\n');
    for (var cell :
        List.of(DmlBench.RMW_OWN, DmlBench.RMW_ONE, DmlBench.INSERT_SELECT, DmlBench.DELETE_HALF)) {
      var any = r.dml.stream().filter(d -> d.cell().equals(cell)).findFirst();
      if (any.isEmpty()) {
        continue;
      }
      out.append("| ")
          .append(cell)
          .append(" | ")
          .append(String.format("%,d", any.get().operations()));
      for (var engine : DmlBench.ENGINES) {
        out.append(" | ")
            .append(
                find(cell, engine)
                    .map(d -> String.format("%,.1f ms (%,.0f/s)", d.millis(), d.opsPerSecond()))
                    .orElse("–"));
      }
      out.append(" |\n");
    }
    return out.toString();
  }

  /** The targets for these cells, met or missed with figures; no lines when none ran. */
  TargetSection targets() {
    var heading = "## Targets for the writes and GROUP BY";
    if (r.dml.isEmpty()
        && r.writes.isEmpty()
        && r.groupKeys.isEmpty()
        && r.groupCommits.isEmpty()) {
      return new TargetSection(heading, List.of());
    }
    var lines = new ArrayList<TargetSection.Line>();
    for (var engine : List.of(DmlBench.KITE, DmlBench.KITE_ON_WRITER, DmlBench.KITE_WRITE_MAP)) {
      lines.add(
          perOperation(
              DmlBench.RMW_OWN,
              engine,
              2 * GRAUS_MICROS_PER_OP,
              "each its own transaction (NO_SYNC) ≤ 2× GrausDB's 55 ms for 20,000"));
      lines.add(
          perOperation(
              DmlBench.RMW_ONE,
              engine,
              GRAUS_MICROS_PER_OP,
              "all in one transaction ≤ 55 ms for 20,000"));
    }
    for (var cell : List.of(DmlBench.INSERT_SELECT, DmlBench.DELETE_HALF)) {
      lines.add(notSlower(cell, DmlBench.KITE, DmlBench.SQLITE));
    }
    for (int note : List.of(64, 4096)) {
      for (var engine : List.of("KiteSQL", WriteBench.KITE_WRITE, WriteBench.KITE_WRITE_MAP)) {
        lines.add(writeRate(engine, note, 1, "H2"));
      }
      for (var engine : List.of("KiteSQL", WriteBench.KITE_WRITE_MAP)) {
        lines.add(writeRate(engine, note, 1000, "SQLite"));
      }
    }
    var groupCommit = new GroupCommitReport(r);
    lines.add(groupCommit.syncTarget(1, 0.5));
    lines.add(groupCommit.syncTarget(8, 2.0));
    lines.add(new GroupKeysReport(r).target());
    return new TargetSection(heading, List.copyOf(lines));
  }

  private TargetSection.Line perOperation(
      String cell, String engine, double limitMicros, String target) {
    var d = find(cell, engine);
    if (d.isEmpty()) {
      return TargetSection.Line.of(engine + ", read-modify-write " + target, null, "not run");
    }
    double micros = d.get().millis() * 1000 / d.get().operations();
    return TargetSection.Line.of(
        engine + ", read-modify-write " + target,
        micros <= limitMicros,
        String.format(
            "%,.1f ms for %,d = %.2f µs per update, limit %.2f µs",
            d.get().millis(), d.get().operations(), micros, limitMicros));
  }

  private TargetSection.Line notSlower(String cell, String engine, String peer) {
    var k = find(cell, engine);
    var p = find(cell, peer);
    if (k.isEmpty() || p.isEmpty()) {
      return TargetSection.Line.of(
          engine + ", " + cell + ": at least as fast as " + peer, null, "not run");
    }
    double ratio = k.get().millis() / p.get().millis();
    return TargetSection.Line.of(
        engine + ", " + cell + ": at least as fast as " + peer,
        ratio <= 1.0,
        String.format("%,.1f ms vs %,.1f ms = %.2fx", k.get().millis(), p.get().millis(), ratio));
  }

  /** One-row transactions at least H2's rate, 1000-row batches at least SQLite's. */
  private TargetSection.Line writeRate(String engine, int note, int batch, String peer) {
    String target =
        String.format(
            "%s, %s transactions of %d row(s), NO_SYNC, at least %s's rows/s",
            engine, BenchRunner.tierLabel(note), batch, peer);
    var k = write(engine, note, batch);
    var p = write(peer, note, batch);
    if (k.isEmpty() || p.isEmpty()) {
      return TargetSection.Line.of(target, null, "not run");
    }
    double ratio = k.get().rowsPerSecond() / p.get().rowsPerSecond();
    return TargetSection.Line.of(
        target,
        ratio >= 1.0,
        String.format(
            "%,.0f vs %,.0f rows/s = %.2fx",
            k.get().rowsPerSecond(), p.get().rowsPerSecond(), ratio));
  }

  private Optional<Results.Write> write(String engine, int note, int batch) {
    return r.writes.stream()
        .filter(w -> w.engine().equals(engine) && w.noteLength() == note && w.batch() == batch)
        .findFirst();
  }

  private Optional<Results.Dml> find(String cell, String engine) {
    return r.dml.stream()
        .filter(d -> d.cell().equals(cell) && d.engine().equals(engine))
        .findFirst();
  }

  /**
   * Runs only these cells (a focused run) and prints the section and the targets. Arguments: {@code
   * smoke} for tiny sizes (else the full run's), {@code writes} to run {@link WriteBench}'s cells
   * too (the one-row and batch targets), {@code no-groups} to skip {@link GroupKeysBench}.
   */
  public static void main(String[] args) throws Exception {
    var arguments = List.of(args);
    var config = arguments.contains("smoke") ? BenchConfig.smoke() : BenchConfig.full();
    var results = new Results();
    var work = java.nio.file.Path.of(System.getProperty("java.io.tmpdir"), "kitesql-dml-bench");
    BenchRunner.delete(work);
    if (arguments.contains("writes")) {
      new WriteBench(config, work.resolve("writes"), results, System.out::println).run();
    }
    new DmlBench(config, work.resolve("dml"), results, System.out::println).run();
    if (!arguments.contains("no-groups")) {
      new GroupKeysBench(config, work.resolve("group-keys"), results, System.out::println).run();
    }
    BenchRunner.delete(work);
    var report = new DmlReport(results);
    System.out.println(report.section());
    System.out.println(report.targets().render(1));
  }
}
