package io.kitesql.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.options.Durability;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** {@code jdbc:kitesql:mem:<name>}: the named in-memory database, shared within the JVM. */
class InMemoryUrlTest {
  @Test
  void connectionsToOneNameShareOneDatabaseUntilTheLastCloses() throws SQLException {
    var url = "jdbc:kitesql:mem:shared-by-connections";
    try (var first = DriverManager.getConnection(url);
        var statement = first.createStatement()) {
      statement.executeUpdate("create table t (id int primary key, name varchar)");
      statement.executeUpdate("insert into t values (1, 'kite')");
      try (var second = DriverManager.getConnection(url);
          var rows = second.createStatement().executeQuery("select name from t where id = 1")) {
        assertThat(second.unwrap(Database.class)).isSameAs(first.unwrap(Database.class));
        assertThat(rows.next()).isTrue();
        assertThat(rows.getString(1)).isEqualTo("kite");
      }
      try (var other = DriverManager.getConnection("jdbc:kitesql:mem:another")) {
        assertThat(other.unwrap(Database.class)).isNotSameAs(first.unwrap(Database.class));
        assertThat(other.unwrap(Database.class).catalog().table("t")).isEmpty();
      }
    }
    try (var later = DriverManager.getConnection(url)) {
      assertThat(later.unwrap(Database.class).catalog().table("t"))
          .as("gone with its last connection")
          .isEmpty();
    }
  }

  @Test
  void theDriverMeetsTheDatabaseOpenedInCode() throws SQLException {
    try (var db = KiteSql.inMemoryShared("opened-in-code")) {
      db.execute("create table t (id int primary key)");
      db.execute("insert into t values (7)");
      try (var connection = DriverManager.getConnection("jdbc:kitesql:mem:opened-in-code");
          var rows = connection.createStatement().executeQuery("select id from t")) {
        assertThat(connection.unwrap(Database.class)).isSameAs(db);
        assertThat(rows.next()).isTrue();
        assertThat(rows.getInt(1)).isEqualTo(7);
      }
      assertThat(db.isClosed()).as("the connection only counted itself out").isFalse();
    }
  }

  @Test
  void urlOptionsStartFromTheInMemoryDefaults() throws SQLException {
    try (var connection =
        DriverManager.getConnection("jdbc:kitesql:mem:with-options?mapSize=16MB")) {
      var options = connection.unwrap(Database.class).storage().options();
      assertThat(options.mapSize()).isEqualTo(16L << 20);
      assertThat(options.durability()).isEqualTo(Durability.NO_SYNC);
    }
    assertThatThrownBy(() -> DriverManager.getConnection("jdbc:kitesql:mem:mapped?writeMap=true"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("writeMap");
  }
}
