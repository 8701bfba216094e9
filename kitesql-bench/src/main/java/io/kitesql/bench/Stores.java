package io.kitesql.bench;

import io.kitesql.api.KiteSql;
import io.kitesql.options.Durability;
import io.kitesql.options.StorageOptions;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.function.IntFunction;
import org.sqlite.SQLiteConfig;

/**
 * Creates, loads and opens the physical databases of one data set: a KiteSQL directory, a SQLite
 * file and an H2 file, all loaded with the same DDL and rows.
 */
public final class Stores {
  /** H2's "big" cache in KiB: 1 GiB, more than any data set of the benchmark. */
  public static final int H2_BIG_CACHE_KIB = 1 << 20;

  /** {@code PRAGMA mmap_size} for SQLite: 1 GiB, larger than every database file. */
  public static final long SQLITE_MMAP = 1L << 30;

  /** The five engines of the report, in column order. */
  public enum Kind {
    KITE_BORROWED("KiteSQL read-only"),
    KITE_COPY("KiteSQL forced copy"),
    SQLITE("SQLite"),
    H2_DEFAULT("H2 default cache"),
    H2_BIG("H2 big cache");

    private final String label;

    Kind(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  /**
   * The rows of one table to load.
   *
   * @param insertSql the INSERT with one parameter per column
   * @param rows how many
   * @param row row {@code i}'s parameters
   * @param rowBytes about how large one row is (sizes the batches)
   */
  public record TableLoad(String insertSql, int rows, IntFunction<Object[]> row, int rowBytes) {
    int batch(int wanted) {
      return (int) Math.max(1, Math.min(wanted, (32L << 20) / Math.max(1, rowBytes)));
    }
  }

  private final Path dir;

  public Stores(Path dir) {
    this.dir = dir;
    try {
      java.nio.file.Files.createDirectories(dir);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  public Path kiteDir() {
    return dir.resolve("kite");
  }

  public String sqliteUrl() {
    return "jdbc:sqlite:" + dir.resolve("sqlite.db").toAbsolutePath();
  }

  public String h2Url() {
    return "jdbc:h2:file:" + dir.resolve("h2db").toAbsolutePath();
  }

  /** Loads all three databases; batches of up to {@code batchRows} rows per transaction. */
  public void loadAll(List<String> ddl, List<TableLoad> tables, int batchRows) throws Exception {
    loadKite(ddl, tables, batchRows);
    loadSqlite(ddl, tables, batchRows);
    loadH2(ddl, tables, batchRows);
  }

  /** Loads KiteSQL; returns the nanoseconds spent inserting (DDL excluded). */
  public long loadKite(List<String> ddl, List<TableLoad> tables, int batchRows) {
    return loadKite(ddl, tables, batchRows, KiteEngine.options(Durability.NO_SYNC));
  }

  /** {@link #loadKite(List, List, int)} with other storage options. */
  public long loadKite(
      List<String> ddl, List<TableLoad> tables, int batchRows, StorageOptions options) {
    try (var db = KiteSql.open(kiteDir(), options)) {
      ddl.forEach(db::execute);
      long start = System.nanoTime();
      for (var t : tables) {
        var insert = db.prepare(t.insertSql());
        int batch = t.batch(batchRows);
        for (int from = 0; from < t.rows(); from += batch) {
          int first = from;
          int last = Math.min(t.rows(), from + batch);
          db.writeOnWriterThread(
              tx -> { // the bulk-load API: no hand-off to the writer thread per call
                for (int i = first; i < last; i++) {
                  tx.execute(insert, t.row().apply(i));
                }
                return null;
              });
        }
      }
      return System.nanoTime() - start;
    }
  }

  /** Loads SQLite in WAL mode (synchronous=NORMAL), then checkpoints the WAL into the file. */
  public long loadSqlite(List<String> ddl, List<TableLoad> tables, int batchRows) throws Exception {
    try (var c = DriverManager.getConnection(sqliteUrl())) {
      try (var s = c.createStatement()) {
        s.execute("pragma journal_mode=WAL");
        s.execute("pragma synchronous=NORMAL");
      }
      long nanos = loadJdbc(c, ddl, tables, batchRows);
      try (var s = c.createStatement()) {
        s.execute("pragma wal_checkpoint(TRUNCATE)");
      }
      return nanos;
    }
  }

  /** Loads H2 with its default settings. */
  public long loadH2(List<String> ddl, List<TableLoad> tables, int batchRows) throws Exception {
    try (var c = DriverManager.getConnection(h2Url())) {
      return loadJdbc(c, ddl, tables, batchRows);
    }
  }

  private static long loadJdbc(
      Connection c, List<String> ddl, List<TableLoad> tables, int batchRows) throws Exception {
    try (var s = c.createStatement()) {
      for (var sql : ddl) {
        s.execute(sql);
      }
    }
    c.setAutoCommit(false);
    long start = System.nanoTime();
    for (var t : tables) {
      try (var insert = c.prepareStatement(t.insertSql())) {
        int batch = t.batch(batchRows);
        for (int i = 0; i < t.rows(); i++) {
          var row = t.row().apply(i);
          for (int col = 0; col < row.length; col++) {
            insert.setObject(col + 1, row[col]);
          }
          if (batch == 1) {
            insert.executeUpdate();
            c.commit();
          } else {
            insert.addBatch();
            if ((i + 1) % batch == 0 || i + 1 == t.rows()) {
              insert.executeBatch();
              c.commit();
            }
          }
        }
      }
    }
    long nanos = System.nanoTime() - start;
    c.setAutoCommit(true);
    return nanos;
  }

  /** Opens one engine on the loaded data, the way the report describes. */
  public Engine open(Kind kind) throws Exception {
    return switch (kind) {
      case KITE_BORROWED -> new KiteEngine(kiteDir(), KiteEngine.Mode.BORROWED);
      case KITE_COPY -> new KiteEngine(kiteDir(), KiteEngine.Mode.FORCED_COPY);
      case SQLITE, H2_DEFAULT, H2_BIG -> new JdbcEngine(kind.label(), connection(kind));
    };
  }

  /**
   * A JDBC connection to one of the peers, opened as the report describes (autocommit as the driver
   * sets it).
   */
  public Connection connection(Kind kind) throws Exception {
    return switch (kind) {
      case SQLITE -> openSqliteReadOnly();
      case H2_DEFAULT -> DriverManager.getConnection(h2Url() + ";ACCESS_MODE_DATA=r");
      case H2_BIG ->
          DriverManager.getConnection(
              h2Url() + ";ACCESS_MODE_DATA=r;CACHE_SIZE=" + H2_BIG_CACHE_KIB);
      case KITE_BORROWED, KITE_COPY ->
          throw new IllegalArgumentException(kind + " is not a JDBC database");
    };
  }

  private Connection openSqliteReadOnly() throws Exception {
    var config = new SQLiteConfig();
    config.setReadOnly(true);
    var c = DriverManager.getConnection(sqliteUrl(), config.toProperties());
    try (var s = c.createStatement()) {
      s.execute("pragma mmap_size=" + SQLITE_MMAP);
    }
    return c;
  }
}
