package io.kitesql.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Auto-commit, write and read-only transactions, isolation, savepoints, and closed objects. */
class ConnectionTransactionTest {
  @TempDir Path dir;
  private Connection writer;
  private Connection other;

  @BeforeEach
  void open() throws SQLException {
    writer = DriverManager.getConnection("jdbc:kitesql:" + dir + "?mapSize=16MB");
    other = DriverManager.getConnection("jdbc:kitesql:" + dir);
    writer.createStatement().executeUpdate("create table t (id int primary key, name varchar)");
  }

  @AfterEach
  void close() throws SQLException {
    writer.close();
    other.close();
  }

  private static long count(Connection connection) throws SQLException {
    try (var rows = connection.createStatement().executeQuery("select count(*) from t")) {
      assertThat(rows.next()).isTrue();
      return rows.getLong(1);
    }
  }

  @Test
  void autoCommitCommitsEachStatement() throws SQLException {
    assertThat(writer.getAutoCommit()).isTrue();
    writer.createStatement().executeUpdate("insert into t values (1, 'a')");
    assertThat(count(other)).isEqualTo(1);
  }

  @Test
  void commitAndRollbackEndTheWriteTransaction() throws SQLException {
    writer.setAutoCommit(false);
    var statement = writer.createStatement();
    statement.executeUpdate("insert into t values (1, 'a')");
    assertThat(count(writer)).isEqualTo(1);
    assertThat(count(other)).isZero();
    writer.commit();
    assertThat(count(other)).isEqualTo(1);

    statement.executeUpdate("insert into t values (2, 'b')");
    statement.executeUpdate("delete from t where id = 1");
    writer.rollback();
    assertThat(count(other)).isEqualTo(1);
    assertThat(count(writer)).isEqualTo(1);
    writer.commit();
  }

  @Test
  void schemaChangesAreTransactionalAndUsableInTheirTransaction() throws SQLException {
    writer.setAutoCommit(false);
    var statement = writer.createStatement();
    statement.executeUpdate("create table u (id int primary key)");
    var insert = writer.prepareStatement("insert into u values (?)");
    insert.setInt(1, 7);
    assertThat(insert.executeUpdate()).isEqualTo(1);
    try (var rows = statement.executeQuery("select id from u")) {
      assertThat(rows.next()).isTrue();
      assertThat(rows.getInt(1)).isEqualTo(7);
    }
    writer.rollback();
    assertThatThrownBy(() -> other.createStatement().executeQuery("select id from u"))
        .isInstanceOfSatisfying(
            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("42P01"));
  }

  @Test
  void switchingAutoCommitOnCommits() throws SQLException {
    writer.setAutoCommit(false);
    writer.createStatement().executeUpdate("insert into t values (1, 'a')");
    writer.setAutoCommit(true);
    assertThat(count(other)).isEqualTo(1);
  }

  @Test
  void aReadOnlyTransactionReadsOneSnapshotUntilItEnds() throws SQLException {
    other.setReadOnly(true);
    other.setAutoCommit(false);
    assertThat(count(other)).isZero();
    writer.createStatement().executeUpdate("insert into t values (1, 'a')");
    assertThat(count(other)).isZero();
    other.commit();
    assertThat(count(other)).isEqualTo(1);
    writer.createStatement().executeUpdate("insert into t values (2, 'b')");
    other.rollback();
    assertThat(count(other)).isEqualTo(2);
  }

  @Test
  void aReadOnlyConnectionRefusesWrites() throws SQLException {
    other.setReadOnly(true);
    assertThatThrownBy(() -> other.createStatement().executeUpdate("insert into t values (1, 'a')"))
        .isInstanceOfSatisfying(
            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("25006"))
        .hasMessageContaining("read-only");
    other.setAutoCommit(false);
    count(other);
    assertThatThrownBy(() -> other.setReadOnly(false))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("transaction is open");
    other.rollback();
    other.setReadOnly(false);
    other.createStatement().executeUpdate("insert into t values (1, 'a')");
    assertThat(count(writer)).isZero();
    other.commit();
    assertThat(count(writer)).isEqualTo(1);
  }

  @Test
  void isolationIsSerializableWhateverIsAsked() throws SQLException {
    assertThat(writer.getTransactionIsolation()).isEqualTo(Connection.TRANSACTION_SERIALIZABLE);
    writer.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
    assertThat(writer.getTransactionIsolation()).isEqualTo(Connection.TRANSACTION_SERIALIZABLE);
    assertThatThrownBy(() -> writer.setTransactionIsolation(Connection.TRANSACTION_NONE))
        .isInstanceOf(SQLException.class);
  }

  @Test
  void savepointsAreRefusedNamingThem() throws SQLException {
    writer.setAutoCommit(false);
    assertThatThrownBy(() -> writer.setSavepoint())
        .isInstanceOf(SQLFeatureNotSupportedException.class)
        .hasMessageContaining("Savepoints");
    assertThatThrownBy(() -> writer.setSavepoint("before"))
        .isInstanceOf(SQLFeatureNotSupportedException.class)
        .hasMessageContaining("Savepoints");
    assertThatThrownBy(() -> writer.rollback(null))
        .isInstanceOf(SQLFeatureNotSupportedException.class)
        .hasMessageContaining("Savepoints");
  }

  @Test
  void commitInAutoCommitModeIsAnError() {
    assertThatThrownBy(() -> writer.commit())
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("auto-commit");
    assertThatThrownBy(() -> writer.rollback())
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("auto-commit");
  }

  @Test
  void closedObjectsThrowSqlExceptions() throws SQLException {
    var statement = other.createStatement();
    var rows = statement.executeQuery("select id from t");
    rows.close();
    assertThatThrownBy(rows::next)
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("result set is closed");
    statement.close();
    assertThatThrownBy(() -> statement.executeQuery("select id from t"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("statement is closed");
    other.close();
    assertThat(other.isClosed()).isTrue();
    assertThatThrownBy(other::createStatement)
        .isInstanceOfSatisfying(
            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("08003"));
    assertThatThrownBy(() -> other.setAutoCommit(false)).isInstanceOf(SQLException.class);
    assertThat(other.isValid(0)).isFalse();
  }

  @Test
  void aResultSetOfAnEndedTransactionThrowsAnSqlException() throws SQLException {
    writer.createStatement().executeUpdate("insert into t values (1, 'a'), (2, 'b')");
    other.setAutoCommit(false);
    var rows = other.createStatement().executeQuery("select name from t order by id");
    assertThat(rows.next()).isTrue();
    other.commit();
    assertThatThrownBy(rows::next)
        .isInstanceOf(SQLException.class)
        .isNotInstanceOf(IllegalStateException.class);
  }

  @Test
  void closingAConnectionRollsBackAndClosesItsResultSets() throws SQLException {
    writer.setAutoCommit(false);
    writer.createStatement().executeUpdate("insert into t values (1, 'a')");
    ResultSet rows = writer.createStatement().executeQuery("select id from t");
    writer.close();
    assertThat(rows.isClosed()).isTrue();
    assertThat(count(other)).isZero();
  }
}
