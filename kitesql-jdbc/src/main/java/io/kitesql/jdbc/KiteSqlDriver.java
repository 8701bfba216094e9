package io.kitesql.jdbc;

import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;
import org.jspecify.annotations.Nullable;

/**
 * The JDBC driver for {@code jdbc:kitesql:<path>[?option=value&...]}, registered through {@code
 * META-INF/services/java.sql.Driver}.
 *
 * <p>The options are the storage options ({@code mapSize=1GB}, {@code durability=NO_META_SYNC},
 * {@code readOnly=true}, {@code writerWait=5s}, ...; see the module's README). An unknown option or
 * a malformed URL is refused with an {@link SQLException} naming it. LMDB allows one open instance
 * of a database per process, so every connection to a directory shares the instance already open
 * (by other connections, {@link KiteSql#openShared}, or the Spring Boot starter); the database
 * closes when its last user closes. {@code user} and {@code password} properties are ignored: an
 * embedded database has no accounts.
 *
 * <p>{@code jdbc:kitesql:mem:<name>} is the in-memory database of that name ({@link
 * KiteSql#inMemoryShared}): connections (and the Spring Boot starter's {@code
 * kitesql.path=mem:<name>}) meet on the name, and its data is gone once its last user closed it.
 * Not durable.
 */
public final class KiteSqlDriver implements Driver {
  static {
    try {
      DriverManager.registerDriver(new KiteSqlDriver());
    } catch (SQLException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Null for a URL of another driver, as {@link Driver#connect} asks. */
  @Override
  public @Nullable Connection connect(String url, @Nullable Properties info) throws SQLException {
    if (url == null) {
      throw new SQLException("the JDBC URL is null", "08001");
    }
    if (!acceptsURL(url)) {
      return null;
    }
    return new KiteSqlConnection(
        open(JdbcUrl.parse(url, info == null ? new Properties() : info)), url);
  }

  /** One more user of the shared database the URL names. */
  static Database open(JdbcUrl url) throws SQLException {
    try {
      return switch (url.database()) {
        case JdbcUrl.Directory(var path) ->
            url.options().isPresent()
                ? KiteSql.openShared(path, url.options().get())
                : KiteSql.openShared(path);
        case JdbcUrl.InMemory(var name) ->
            url.options().isPresent()
                ? KiteSql.inMemoryShared(name, url.options().get())
                : KiteSql.inMemoryShared(name);
      };
    } catch (RuntimeException e) {
      throw SqlErrors.translate(e);
    }
  }

  /** One user fewer of {@code database}; the last one closes it. */
  static void release(Database database) throws SQLException {
    try {
      database.close();
    } catch (RuntimeException e) {
      throw SqlErrors.translate(e);
    }
  }

  @Override
  public boolean acceptsURL(String url) {
    return url != null && JdbcUrl.accepts(url);
  }

  @Override
  public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
    String[][] options = {
      {"readOnly", "true to open the database read-only (LMDB's MDB_RDONLY)"},
      {"mapSize", "bytes of address space reserved for the map (e.g. 1GB)"},
      {"maxMapSize", "the map never grows beyond this (e.g. 1TB)"},
      {"durability", "SYNC, NO_META_SYNC or NO_SYNC"},
      {"maxReaders", "LMDB reader slots"},
      {"readPoolSize", "read transactions open at once"},
      {"readerWait", "wait for a free read transaction (e.g. 30s)"},
      {"writerWait", "wait for the write lock (e.g. 60s)"},
      {"drainWait", "wait for readers when growing the map or closing (e.g. 10s)"},
      {"replayLimitBytes", "write bytes remembered to replay after a map growth"},
      {"accessMode", "READ_WRITE, READ_ONLY or READ_ONLY_NO_WRITERS"},
      {"writeMap", "true for LMDB's MDB_WRITEMAP"},
    };
    var infos = new DriverPropertyInfo[options.length];
    for (int i = 0; i < options.length; i++) {
      infos[i] =
          new DriverPropertyInfo(
              options[i][0], info == null ? null : info.getProperty(options[i][0]));
      infos[i].description = options[i][1];
    }
    return infos;
  }

  @Override
  public int getMajorVersion() {
    return 0;
  }

  @Override
  public int getMinorVersion() {
    return 1;
  }

  /**
   * Not a full SQL-92 entry-level implementation, so not JDBC compliant in the specification's
   * sense.
   */
  @Override
  public boolean jdbcCompliant() {
    return false;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw SqlErrors.unsupported("java.util.logging (KiteSQL logs through System.Logger)");
  }
}
