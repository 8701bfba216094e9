package io.kitesql.jdbc;

import io.kitesql.api.Database;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * A {@link DataSource} for a {@code jdbc:kitesql:} URL. No pool is needed: a connection is a cheap
 * view of the shared {@link Database}. The data source keeps the database open from its first
 * connection until {@link #close()} (Spring calls it when the bean is destroyed), so connections
 * opened one after the other do not reopen it each time.
 */
public final class KiteSqlDataSource implements DataSource, AutoCloseable {
  private @Nullable String url;
  private @Nullable Database held;
  private @Nullable PrintWriter logWriter;
  private int loginTimeout;

  /** A data source whose URL is set with {@link #setUrl} before the first connection. */
  public KiteSqlDataSource() {}

  public KiteSqlDataSource(String url) {
    this.url = url;
  }

  public synchronized void setUrl(String url) throws SQLException {
    if (held != null) {
      throw new SQLException(
          "the URL cannot change once connections were opened (close the data source first)",
          "HY000");
    }
    this.url = url;
  }

  public synchronized @Nullable String getUrl() {
    return url;
  }

  @Override
  public synchronized Connection getConnection() throws SQLException {
    if (url == null) {
      throw new SQLException("no URL set: setUrl(\"jdbc:kitesql:<path>\") first", "08001");
    }
    if (!JdbcUrl.accepts(url)) {
      throw new SQLException(
          "invalid KiteSQL JDBC URL " + url + ": it does not start with " + JdbcUrl.PREFIX,
          "08001");
    }
    var parsed = JdbcUrl.parse(url, new Properties());
    if (held == null || held.isClosed()) {
      held = KiteSqlDriver.open(parsed);
    }
    return new KiteSqlConnection(KiteSqlDriver.open(parsed), url);
  }

  /** The same as {@link #getConnection()}: an embedded database has no accounts. */
  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    return getConnection();
  }

  /** Lets go of the database; it closes when its last connection (or other user) closes. */
  @Override
  public synchronized void close() throws SQLException {
    var database = held;
    held = null;
    if (database != null) {
      KiteSqlDriver.release(database);
    }
  }

  @Override
  public @Nullable PrintWriter getLogWriter() {
    return logWriter;
  }

  @Override
  public void setLogWriter(@Nullable PrintWriter out) {
    this.logWriter = out;
  }

  @Override
  public void setLoginTimeout(int seconds) {
    this.loginTimeout = seconds;
  }

  @Override
  public int getLoginTimeout() {
    return loginTimeout;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw SqlErrors.unsupported("java.util.logging (KiteSQL logs through System.Logger)");
  }

  @Override
  public <T> T unwrap(Class<T> type) throws SQLException {
    return Wrappers.unwrap(this, type, "a KiteSQL data source");
  }

  @Override
  public boolean isWrapperFor(Class<?> type) {
    return type.isInstance(this);
  }
}
