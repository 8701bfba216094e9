package io.kitesql.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.options.Durability;
import io.kitesql.options.StorageOptions;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The driver: its registration, URLs and options, and the one shared database per directory. */
class DriverTest {
  @TempDir Path dir;

  private String url() {
    return "jdbc:kitesql:" + dir;
  }

  @Test
  void theServiceRegistrationFindsTheDriver() throws SQLException {
    assertThat(DriverManager.getDriver(url())).isInstanceOf(KiteSqlDriver.class);
    try (var connection = DriverManager.getConnection(url());
        var statement = connection.createStatement()) {
      statement.executeUpdate("create table t (id int primary key)");
      assertThat(statement.executeUpdate("insert into t values (1), (2)")).isEqualTo(2);
    }
  }

  @Test
  void urlParametersAreStorageOptions() throws SQLException {
    var url =
        url() + "?mapSize=16MB&durability=no_sync&writerWait=5s&readerWait=PT2S&maxReaders=20";
    try (var connection = DriverManager.getConnection(url)) {
      var options = connection.unwrap(Database.class).storage().options();
      assertThat(options.mapSize()).isEqualTo(16L << 20);
      assertThat(options.durability()).isEqualTo(Durability.NO_SYNC);
      assertThat(options.writerWait()).isEqualTo(Duration.ofSeconds(5));
      assertThat(options.readerWait()).isEqualTo(Duration.ofSeconds(2));
      assertThat(options.maxReaders()).isEqualTo(20);
    }
  }

  @Test
  void badUrlsAndOptionsAreRefusedNamingWhatIsWrong() {
    assertRefused("jdbc:kitesql:", "names no database directory");
    assertRefused(url() + "?mapSzie=16MB", "unknown option mapSzie");
    assertRefused(url() + "?mapSize", "option 'mapSize' is not name=value");
    assertRefused(url() + "?mapSize=lots", "option mapSize=lots is not valid");
    assertRefused(url() + "?durability=SOMETIMES", "option durability=SOMETIMES is not valid");
    assertRefused(url() + "?mapSize=1KB", "mapSize must be between 64 KiB");
    assertRefused(
        url() + "?readOnly=yes", "option readOnly=yes is not valid: expected true or false");
    assertRefused(url() + "?mapSize=16MB&mapSize=32MB", "option mapSize is given twice");
    var properties = new Properties();
    properties.setProperty("user", "sa"); // credentials are ignored
    properties.setProperty("cacheSize", "1000");
    assertThatThrownBy(() -> DriverManager.getConnection(url(), properties))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("unknown option cacheSize");
    assertRefused("jdbc:kitesql:mem:", "names no in-memory database");
  }

  private static void assertRefused(String url, String reason) {
    assertThatThrownBy(() -> DriverManager.getConnection(url))
        .as(url)
        .isInstanceOfSatisfying(
            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("08001"))
        .hasMessageContaining(url)
        .hasMessageContaining(reason);
  }

  @Test
  void otherDriversUrlsAreNotTaken() throws SQLException {
    assertThat(new KiteSqlDriver().connect("jdbc:h2:mem:x", new Properties())).isNull();
    assertThat(new KiteSqlDriver().acceptsURL("jdbc:sqlite:x.db")).isFalse();
  }

  @Test
  void connectionsShareTheDatabaseOfANativeSharedOpener() throws SQLException {
    var options = StorageOptions.defaults().withMapSize(16L << 20);
    var nativeOpener = KiteSql.openShared(dir, options);
    nativeOpener.execute("create table t (id int primary key)");
    try (var first = DriverManager.getConnection(url());
        var second = DriverManager.getConnection(url() + "?mapSize=16MB")) {
      assertThat(first.unwrap(Database.class))
          .isSameAs(nativeOpener)
          .isSameAs(second.unwrap(Database.class));
      first.createStatement().executeUpdate("insert into t values (1)");
      nativeOpener.close();
      assertThat(second.unwrap(Database.class).isClosed()).isFalse();
      assertThatThrownBy(() -> DriverManager.getConnection(url() + "?mapSize=32MB"))
          .isInstanceOfSatisfying(
              SQLException.class,
              e -> {
                assertThat(e.getSQLState()).isEqualTo("55006");
                assertThat(e.getErrorCode()).isEqualTo(1009);
              })
          .hasMessageContaining("other options");
    }
    try (var again =
        KiteSql.open(dir, options)) { // the last connection closed it: an exclusive open succeeds
      assertThat(
              again
                  .read(
                      tx -> {
                        try (var rows = tx.query("select count(*) from t")) {
                          rows.next();
                          return rows.getLong(0);
                        }
                      })
                  .longValue())
          .isEqualTo(1);
      assertThatThrownBy(() -> DriverManager.getConnection(url()))
          .isInstanceOfSatisfying(
              SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("55006"));
    }
  }

  @Test
  void abortAndCloseReleaseTheDatabase() throws SQLException {
    var connection = DriverManager.getConnection(url());
    var database = connection.unwrap(Database.class);
    var later = new java.util.ArrayList<Runnable>();
    connection.abort(later::add);
    assertThat(connection.isClosed()).isTrue();
    later.forEach(Runnable::run); // the executor runs the release after abort returned
    assertThat(database.isClosed()).isTrue();
    connection.close(); // closing again changes nothing
    try (var again = DriverManager.getConnection(url())) {
      assertThat(again.unwrap(Database.class)).isNotSameAs(database);
    }
  }

  @Test
  void aDataSourceKeepsTheDatabaseOpenUntilItCloses() throws SQLException {
    var dataSource = new KiteSqlDataSource(url());
    Database database;
    try (var connection = dataSource.getConnection()) {
      database = connection.unwrap(Database.class);
      connection.createStatement().executeUpdate("create table t (id int primary key)");
    }
    assertThat(database.isClosed()).isFalse();
    try (var connection = dataSource.getConnection()) {
      assertThat(connection.unwrap(Database.class)).isSameAs(database);
    }
    dataSource.close();
    assertThat(database.isClosed()).isTrue();
  }
}
