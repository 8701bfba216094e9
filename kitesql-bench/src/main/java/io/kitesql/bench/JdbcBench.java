package io.kitesql.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * KiteSQL's JDBC driver beside its native API and the peers' drivers, in one JVM:
 *
 * <ul>
 *   <li>Table 1's lookup at 64 B and 64 KiB: the native API, the driver's {@code getObject(i,
 *       CharSequence.class)} in a read-only connection transaction, and its {@code getString}, side
 *       by side on one database ({@link Measure#cells}: every parameter on each in turn), then
 *       sqlite-jdbc's and H2's {@code getString} on the same rows; each round measures every
 *       column, a figure is the median of its rounds;
 *   <li>a JDBC batch insert of 100,000 orders rows (64 B notes) into a new table: autocommit off,
 *       {@code executeBatch} and {@code commit} every 1,000 rows, on KiteSQL, SQLite and H2 in
 *       turn, each round into new databases.
 * </ul>
 *
 * Run: {@code BenchMain --jdbc [quick|smoke] [--rounds N] [--rows N] [--out FILE]}; writes {@code
 * kitesql-bench/target/RESULTS-jdbc.md}. The first round of each part warms the JIT and is not
 * counted.
 */
public final class JdbcBench {
  static final List<Integer> TIERS = List.of(64, 64 * 1024);
  static final String LOOKUP = "select id, status, amount, note" + Workload.WHERE;
  static final int BATCH = 1_000;
  static final List<String> COLUMNS =
      List.of(
          "KiteSQL native API",
          "KiteSQL JDBC getObject(i, CharSequence.class)",
          "KiteSQL JDBC getString",
          "SQLite getString",
          "H2 default cache getString",
          "H2 big cache getString");
  static final List<Stores.Kind> PEERS =
      List.of(Stores.Kind.SQLITE, Stores.Kind.H2_DEFAULT, Stores.Kind.H2_BIG);
  static final List<String> WRITERS = List.of("KiteSQL JDBC", "SQLite", "H2");

  /**
   * The sizes of one run.
   *
   * @param rounds measured rounds of each part (after one warm-up round)
   * @param rows orders rows per tier
   * @param insertRows rows of the batch insert
   * @param cell the per-cell settings of {@link Measure}
   */
  record Config(String name, int rounds, int rows, int insertRows, BenchConfig cell) {
    static Config of(String name) {
      return switch (name) {
        case "full" ->
            new Config(
                name,
                5,
                2_000,
                100_000,
                new BenchConfig("jdbc", TIERS, 2_000, 1L << 30, 1, 300, 1200, 5, 30, 5000, 0, 0));
        case "quick" ->
            new Config(
                name,
                3,
                500,
                20_000,
                new BenchConfig("jdbc-quick", TIERS, 500, 1L << 30, 1, 60, 150, 3, 10, 1000, 0, 0));
        case "smoke" ->
            new Config(
                name,
                3,
                100,
                2_000,
                new BenchConfig("jdbc-smoke", TIERS, 100, 1L << 30, 1, 5, 10, 2, 5, 50, 0, 0));
        default -> throw new IllegalArgumentException("unknown size " + name + " (quick or smoke)");
      };
    }
  }

  /**
   * What one run measured: per tier, column and round the p50 (µs) and bytes per execution; per
   * writer and round the rows per second.
   */
  record Figures(
      Config config,
      double[][][] p50,
      double[][][] bytes,
      double[][] rowsPerSecond,
      Map<String, String> versions) {
    Figures(Config config) {
      this(
          config,
          new double[TIERS.size()][COLUMNS.size()][config.rounds()],
          new double[TIERS.size()][COLUMNS.size()][config.rounds()],
          new double[WRITERS.size()][config.rounds()],
          new LinkedHashMap<>());
    }
  }

  private JdbcBench() {}

  public static void main(String[] args) throws Exception {
    var config = Config.of("full");
    Path out = null;
    Path work = Path.of("kitesql-bench", "target", "jdbc-bench");
    int rounds = -1;
    int rows = -1;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "quick", "smoke" -> config = Config.of(args[i]);
        case "--rounds" -> rounds = Integer.parseInt(args[++i]);
        case "--rows" -> rows = Integer.parseInt(args[++i]);
        case "--out" -> out = Path.of(args[++i]);
        case "--work" -> work = Path.of(args[++i]);
        default ->
            throw new IllegalArgumentException(
                "unknown argument "
                    + args[i]
                    + " (use quick, smoke, --rounds N, --rows N, --out FILE, --work DIR)");
      }
    }
    if (rounds > 0 || rows > 0) {
      var c = config;
      config =
          new Config(
              c.name(),
              rounds > 0 ? rounds : c.rounds(),
              rows > 0 ? rows : c.rows(),
              c.insertRows(),
              c.cell());
    }
    if (out == null) {
      var module =
          Files.isDirectory(Path.of("kitesql-bench")) ? Path.of("kitesql-bench") : Path.of(".");
      out =
          module
              .resolve("target")
              .resolve(
                  config.name().equals("full")
                      ? "RESULTS-jdbc.md"
                      : "RESULTS-jdbc-" + config.name() + ".md");
    }
    String loadBefore = loadAverage();
    long start = System.nanoTime();
    var figures = run(config, work, System.out::println);
    String report =
        JdbcReport.render(
            figures,
            BenchMain.environment(),
            loadBefore,
            loadAverage(),
            (System.nanoTime() - start) / 60e9);
    Files.createDirectories(out.toAbsolutePath().getParent());
    Files.writeString(out, report);
    System.out.println(report);
    System.out.println("wrote " + out.toAbsolutePath());
  }

  /** Runs both parts; the scratch databases under {@code work} are deleted afterwards. */
  static Figures run(Config config, Path work, java.util.function.Consumer<String> log)
      throws Exception {
    BenchRunner.delete(work);
    var figures = new Figures(config);
    try {
      lookups(config, work.resolve("lookup"), figures, log);
      inserts(config, work.resolve("insert"), figures, log);
    } finally {
      BenchRunner.delete(work);
    }
    return figures;
  }

  private static void lookups(
      Config config, Path work, Figures figures, java.util.function.Consumer<String> log)
      throws Exception {
    var measure = new Measure(config.cell());
    var params = DataSets.lookupParameters(config.rows());
    var sides = new ArrayList<KiteJdbcSideBySide>();
    var peers = new ArrayList<List<Engine>>();
    try {
      for (int tier : TIERS) {
        var stores = new Stores(work.resolve("t" + tier));
        int rows = config.rows();
        stores.loadAll(
            DataSets.ORDERS_DDL,
            List.of(
                new Stores.TableLoad(
                    DataSets.ORDERS_INSERT,
                    rows,
                    i -> DataSets.orderRow(i, rows, tier),
                    tier + 32)),
            1000);
        sides.add(
            new KiteJdbcSideBySide(
                DriverManager.getConnection("jdbc:kitesql:" + stores.kiteDir())));
        var engines = new ArrayList<Engine>();
        for (var kind : PEERS) {
          engines.add(stores.open(kind));
        }
        peers.add(engines);
        log.accept("loaded " + rows + " rows of " + tier + " B notes");
      }
      versions(sides.getFirst(), peers.getFirst(), figures.versions());
      for (int round = -1; round < config.rounds(); round++) {
        for (int t = 0; t < TIERS.size(); t++) {
          measureTier(measure, params, sides.get(t), peers.get(t), figures, t, round);
        }
        log.accept(
            round < 0
                ? "lookups: warm-up round done"
                : "lookups: round " + (round + 1) + " of " + config.rounds() + " done");
      }
    } finally {
      for (var side : sides) {
        side.close();
      }
      for (var engines : peers) {
        for (var engine : engines) {
          engine.close();
        }
      }
    }
  }

  /**
   * One round of one tier: the three KiteSQL columns side by side, then each peer; round -1 is not
   * kept.
   */
  private static void measureTier(
      Measure measure,
      Object[][] params,
      KiteJdbcSideBySide side,
      List<Engine> peers,
      Figures figures,
      int tier,
      int round)
      throws Exception {
    var outcomes =
        new ArrayList<Results.Outcome>(
            List.of(
                measure.cells(
                    side,
                    new Engine.Query[] {
                      side.prepare(LOOKUP),
                      side.prepareJdbc(LOOKUP, KiteJdbcSideBySide.JdbcText.BORROWED),
                      side.prepareJdbc(LOOKUP, KiteJdbcSideBySide.JdbcText.STRING)
                    },
                    params,
                    Workload::touchLookup)));
    for (var peer : peers) {
      outcomes.add(measure.cell(peer, peer.prepare(LOOKUP), params, Workload::touchLookup));
    }
    for (int c = 0; c < outcomes.size(); c++) {
      if (!(outcomes.get(c) instanceof Results.Measured m)) {
        throw new IllegalStateException(
            COLUMNS.get(c) + " at " + TIERS.get(tier) + " B: " + outcomes.get(c));
      }
      if (round >= 0) {
        figures.p50()[tier][c][round] = m.p50Micros();
        figures.bytes()[tier][c][round] = m.bytesPerExecution();
      }
    }
  }

  private static void versions(
      KiteJdbcSideBySide side, List<Engine> peers, Map<String, String> versions) throws Exception {
    for (var peer : peers) {
      if (peer instanceof JdbcEngine jdbc) {
        var meta = jdbc.connection().getMetaData();
        versions.putIfAbsent(
            meta.getDriverName(),
            meta.getDriverVersion()
                + " ("
                + meta.getDatabaseProductName()
                + " "
                + meta.getDatabaseProductVersion()
                + ")");
      }
    }
    versions.put("H2 big cache", "CACHE_SIZE=" + Stores.H2_BIG_CACHE_KIB + " KiB");
  }

  private static void inserts(
      Config config, Path work, Figures figures, java.util.function.Consumer<String> log)
      throws Exception {
    for (int round = -1; round < config.rounds(); round++) {
      for (int i = 0; i < WRITERS.size(); i++) {
        int w = Math.floorMod(i + round, WRITERS.size()); // who goes first rotates
        var dir = work.resolve("r" + (round + 1) + "-" + w);
        Files.createDirectories(dir);
        double rowsPerSecond;
        try (var connection = writerConnection(w, dir)) {
          rowsPerSecond = batchInsert(connection, config.insertRows());
        }
        BenchRunner.delete(dir);
        if (round >= 0) {
          figures.rowsPerSecond()[w][round] = rowsPerSecond;
        }
      }
      log.accept(
          round < 0
              ? "inserts: warm-up round done"
              : "inserts: round " + (round + 1) + " of " + config.rounds() + " done");
    }
  }

  /**
   * KiteSQL with {@code NO_SYNC}, SQLite in WAL mode with {@code synchronous=NORMAL}, H2 with its
   * defaults.
   */
  private static Connection writerConnection(int writer, Path dir) throws Exception {
    return switch (WRITERS.get(writer)) {
      case "KiteSQL JDBC" ->
          DriverManager.getConnection(
              "jdbc:kitesql:" + dir.resolve("kite") + "?durability=NO_SYNC");
      case "SQLite" -> {
        var c =
            DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("sqlite.db").toAbsolutePath());
        try (var s = c.createStatement()) {
          s.execute("pragma journal_mode=WAL");
          s.execute("pragma synchronous=NORMAL");
        }
        yield c;
      }
      default ->
          DriverManager.getConnection("jdbc:h2:file:" + dir.resolve("h2db").toAbsolutePath());
    };
  }

  /**
   * Creates orders and inserts {@code rows} rows in JDBC batches; returns rows per second (DDL not
   * timed).
   */
  static double batchInsert(Connection connection, int rows) throws Exception {
    try (var s = connection.createStatement()) {
      for (var ddl : DataSets.ORDERS_DDL) {
        s.execute(ddl);
      }
    }
    connection.setAutoCommit(false);
    long start = System.nanoTime();
    try (var insert = connection.prepareStatement(DataSets.ORDERS_INSERT)) {
      for (int i = 0; i < rows; i++) {
        var row = DataSets.orderRow(i, rows, 64);
        for (int c = 0; c < row.length; c++) {
          insert.setObject(c + 1, row[c]);
        }
        insert.addBatch();
        if ((i + 1) % BATCH == 0 || i + 1 == rows) {
          insert.executeBatch();
          connection.commit();
        }
      }
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    try (var s = connection.createStatement();
        var count = s.executeQuery("select count(*) from orders")) {
      count.next();
      if (count.getLong(1) != rows) {
        throw new IllegalStateException("inserted " + rows + " rows, counted " + count.getLong(1));
      }
    }
    return rows / seconds;
  }

  /** {@code /proc/loadavg}'s three averages, or "unknown". */
  static String loadAverage() {
    try {
      var fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
      return fields[0] + " / " + fields[1] + " / " + fields[2];
    } catch (Exception e) {
      return "unknown";
    }
  }
}
