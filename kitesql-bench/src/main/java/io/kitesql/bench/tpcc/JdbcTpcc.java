package io.kitesql.bench.tpcc;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * SQLite or H2 through JDBC, one connection per terminal with every statement prepared once on it.
 * SQLite runs as the harness runs it: WAL, {@code synchronous=NORMAL} (durable pair: {@code FULL}),
 * {@code temp_store=FILE}, {@code foreign_keys=OFF}, {@code busy_timeout=5000}, and every
 * read-write transaction begun with {@code BEGIN IMMEDIATE} (a read-only one with a deferred {@code
 * BEGIN}). H2 runs with its defaults (a commit is written within its 500 ms write delay, not
 * synced); the durable pair sets {@code WRITE_DELAY 0}.
 */
public final class JdbcTpcc implements TpccEngine {

  /** Which engine. */
  public enum Kind {
    SQLITE,
    H2
  }

  private static final DateTimeFormatter SQLITE_TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");

  private final Kind kind;
  private final String url;
  private final boolean durable;
  private final Connection loader;

  public JdbcTpcc(Kind kind, Path directory, boolean durable) throws Exception {
    this.kind = kind;
    this.durable = durable;
    this.url =
        kind == Kind.SQLITE
            ? "jdbc:sqlite:" + directory.resolve("tpcc.db").toAbsolutePath()
            : "jdbc:h2:file:" + directory.resolve("tpcc").toAbsolutePath();
    this.loader = connect();
  }

  @Override
  public String name() {
    return kind == Kind.SQLITE ? "SQLite" : "H2";
  }

  private Connection connect() throws Exception {
    var connection = DriverManager.getConnection(url);
    try (var s = connection.createStatement()) {
      if (kind == Kind.SQLITE) {
        s.execute("PRAGMA journal_mode = WAL");
        s.execute("PRAGMA synchronous = " + (durable ? "FULL" : "NORMAL"));
        s.execute("PRAGMA temp_store = FILE");
        s.execute("PRAGMA foreign_keys = OFF");
        s.execute("PRAGMA busy_timeout = 5000");
      } else if (durable) {
        s.execute("SET WRITE_DELAY 0");
      }
    }
    // SQLite: autocommit on, transactions begun by statement as the harness does (BEGIN IMMEDIATE)
    connection.setAutoCommit(kind == Kind.SQLITE);
    return connection;
  }

  @Override
  public void execute(String ddl) throws Exception {
    try (var s = loader.createStatement()) {
      s.execute(ddl);
    }
    commitLoader();
  }

  @Override
  public void insert(String table, List<Object[]> rows) throws Exception {
    if (kind == Kind.SQLITE) {
      try (var s = loader.createStatement()) {
        s.execute("BEGIN IMMEDIATE");
      }
    }
    try (var insert = loader.prepareStatement(Loader.insertSql(table))) {
      for (var row : rows) {
        bind(insert, row);
        insert.addBatch();
      }
      insert.executeBatch();
    }
    if (kind == Kind.SQLITE) {
      try (var s = loader.createStatement()) {
        s.execute("COMMIT");
      }
    } else {
      loader.commit();
    }
  }

  private void commitLoader() throws Exception {
    if (kind == Kind.H2) {
      loader.commit();
    }
  }

  @Override
  public void afterLoad() throws Exception {
    try (var s = loader.createStatement()) {
      s.execute("ANALYZE");
      if (kind == Kind.SQLITE) {
        s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
      }
    }
    commitLoader();
  }

  @Override
  public Session session() throws Exception {
    return new JdbcSession(connect());
  }

  @Override
  public void close() throws SQLException {
    loader.close();
  }

  private void bind(PreparedStatement statement, Object[] parameters) throws Exception {
    for (int i = 0; i < parameters.length; i++) {
      Object value = parameters[i];
      if (kind == Kind.SQLITE && value instanceof LocalDateTime time) {
        value = SQLITE_TIMESTAMP.format(time); // the harness binds SQLite's timestamps as text
      } else if (value instanceof CharSequence text && !(value instanceof String)) {
        value = text.toString();
      }
      statement.setObject(i + 1, value);
    }
  }

  private final class JdbcSession implements Session {
    private final Connection connection;
    private final PreparedStatement[] statements = new PreparedStatement[Sql.values().length];

    /** SQLite's transaction statements (H2 uses the connection's commit and rollback). */
    private final @Nullable PreparedStatement beginImmediate;

    private final @Nullable PreparedStatement beginDeferred;
    private final @Nullable PreparedStatement commit;
    private final @Nullable PreparedStatement rollback;
    private final Tx tx = new JdbcTx();

    JdbcSession(Connection connection) throws Exception {
      this.connection = connection;
      for (var sql : Sql.values()) {
        statements[sql.ordinal()] = connection.prepareStatement(sql.text());
      }
      boolean sqlite = kind == Kind.SQLITE;
      beginImmediate = sqlite ? connection.prepareStatement("BEGIN IMMEDIATE") : null;
      beginDeferred = sqlite ? connection.prepareStatement("BEGIN") : null;
      commit = sqlite ? connection.prepareStatement("COMMIT") : null;
      rollback = sqlite ? connection.prepareStatement("ROLLBACK") : null;
    }

    @Override
    public void run(boolean readOnly, Body body) throws Exception {
      if (kind == Kind.SQLITE) {
        (readOnly ? beginDeferred : beginImmediate).execute();
      }
      boolean done = false;
      try {
        body.run(tx);
        if (kind == Kind.SQLITE) {
          commit.execute();
        } else {
          connection.commit();
        }
        done = true;
      } finally {
        if (!done) {
          if (kind == Kind.SQLITE) {
            rollback.execute();
          } else {
            connection.rollback();
          }
        }
      }
    }

    @Override
    public void close() throws SQLException {
      connection.close();
    }

    private final class JdbcTx implements Tx {
      @Override
      public Cursor query(Sql sql, Object... parameters) throws Exception {
        var statement = statements[sql.ordinal()];
        bind(statement, parameters);
        return new JdbcCursor(statement.executeQuery(), null);
      }

      @Override
      public long execute(Sql sql, Object... parameters) throws Exception {
        var statement = statements[sql.ordinal()];
        bind(statement, parameters);
        return statement.executeUpdate();
      }

      @Override
      public Cursor query(String sql, Object... parameters) throws Exception {
        var statement = connection.prepareStatement(sql);
        bind(statement, parameters);
        return new JdbcCursor(statement.executeQuery(), statement);
      }
    }
  }

  /** A result set; closes its statement too if it was prepared for this one query. */
  private record JdbcCursor(ResultSet rs, @Nullable PreparedStatement owned) implements Cursor {
    @Override
    public boolean next() throws Exception {
      return rs.next();
    }

    @Override
    public boolean isNull(int column) throws Exception {
      return rs.getObject(column + 1) == null;
    }

    @Override
    public long getLong(int column) throws Exception {
      return rs.getLong(column + 1);
    }

    @Override
    public BigDecimal getDecimal(int column) throws Exception {
      return rs.getBigDecimal(column + 1);
    }

    @Override
    public CharSequence getText(int column) throws Exception {
      return rs.getString(column + 1);
    }

    @Override
    public Object getObject(int column) throws Exception {
      return rs.getObject(column + 1);
    }

    @Override
    public void close() throws SQLException {
      rs.close();
      if (owned != null) {
        owned.close();
      }
    }
  }
}
