package io.kitesql.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;

/**
 * SQLite or H2 through JDBC: one connection with autocommit off, statements prepared once on it,
 * and a cell's executions inside one transaction that {@link #end()} commits.
 */
public final class JdbcEngine implements Engine {
  private final String name;
  private final Connection connection;

  /** Takes an open connection; sets autocommit off. */
  public JdbcEngine(String name, Connection connection) throws Exception {
    this.name = name;
    this.connection = connection;
    connection.setAutoCommit(false);
  }

  @Override
  public String name() {
    return name;
  }

  public Connection connection() {
    return connection;
  }

  /**
   * Whether this engine would answer executions with {@code parameters} from a result it kept
   * instead of running the statement: H2 keeps a query's last result and returns it again while the
   * parameters and the tables are unchanged (its database setting {@code OPTIMIZE_REUSE_RESULTS},
   * on by default), so a cell whose every execution has the same parameters (Table 6) would measure
   * a lookup of that result, not a scan.
   */
  public boolean reusesResults(Object[][] parameters) {
    return name.startsWith("H2")
        && Arrays.stream(parameters).allMatch(p -> Arrays.equals(p, parameters[0]));
  }

  /**
   * Turns H2's result reuse off or back on ({@code SET OPTIMIZE_REUSE_RESULTS 0|1}: a setting of
   * the database, kept until changed or closed; on a database opened read-only as well).
   */
  public void reuseResults(boolean on) throws SQLException {
    try (var s = connection.createStatement()) {
      s.execute("SET OPTIMIZE_REUSE_RESULTS " + (on ? 1 : 0));
    }
    connection.commit();
  }

  @Override
  public Query prepare(String sql) throws Exception {
    return new JdbcQuery(connection.prepareStatement(sql));
  }

  @Override
  public void begin() {
    // JDBC begins implicitly with the first statement after a commit.
  }

  @Override
  public void end() throws Exception {
    connection.commit();
  }

  @Override
  public void close() throws SQLException {
    connection.rollback();
    connection.close();
  }

  private static final class JdbcQuery implements Query, Rows {
    private final PreparedStatement statement;
    private ResultSet rs;

    JdbcQuery(PreparedStatement statement) {
      this.statement = statement;
    }

    @Override
    public Rows execute(Object[] parameters) throws Exception {
      for (int i = 0; i < parameters.length; i++) {
        statement.setObject(i + 1, parameters[i]);
      }
      rs = statement.executeQuery();
      return this;
    }

    @Override
    public boolean next() throws Exception {
      return rs.next();
    }

    @Override
    public CharSequence text(int column) throws Exception {
      return rs.getString(column + 1);
    }

    @Override
    public long number(int column) throws Exception {
      return rs.getLong(column + 1);
    }

    @Override
    public void close() throws Exception {
      rs.close();
    }
  }
}
