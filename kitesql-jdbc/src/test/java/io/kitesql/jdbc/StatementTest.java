package io.kitesql.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.ParameterMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Statements, prepared statements, batches, generated keys, result sets and their metadata. */
class StatementTest {
  @TempDir Path dir;
  private Connection connection;

  @BeforeEach
  void open() throws SQLException {
    connection = DriverManager.getConnection("jdbc:kitesql:" + dir + "?mapSize=16MB");
    connection
        .createStatement()
        .executeUpdate(
            """
        create table v (id int primary key, small smallint, big bigint, ratio double, price decimal(10, 2),
          name varchar(20), data varbinary, born date, seen timestamp, active boolean)""");
  }

  @AfterEach
  void close() throws SQLException {
    connection.close();
  }

  @Test
  void everyColumnTypeRoundTripsThroughSettersAndGetters() throws SQLException {
    var insert = connection.prepareStatement("insert into v values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert.setInt(1, 1);
    insert.setShort(2, (short) -7);
    insert.setLong(3, 1L << 40);
    insert.setDouble(4, 0.25);
    insert.setBigDecimal(5, new BigDecimal("12.34"));
    insert.setString(6, "kites fly");
    insert.setBytes(7, new byte[] {1, 2, 3});
    insert.setObject(8, LocalDate.of(2024, 2, 29));
    insert.setObject(9, LocalDateTime.of(2024, 2, 29, 13, 14, 15, 123_456_000));
    insert.setBoolean(10, true);
    assertThat(insert.executeUpdate()).isEqualTo(1);

    try (var rows = connection.createStatement().executeQuery("select * from v")) {
      assertThat(rows.next()).isTrue();
      assertThat(rows.getInt("id")).isEqualTo(1);
      assertThat(rows.getShort("small")).isEqualTo((short) -7);
      assertThat(rows.getLong("big")).isEqualTo(1L << 40);
      assertThat(rows.getDouble("ratio")).isEqualTo(0.25);
      assertThat(rows.getBigDecimal("price")).isEqualByComparingTo("12.34");
      assertThat(rows.getString("name")).isEqualTo("kites fly");
      assertThat(rows.getBytes("data")).containsExactly(1, 2, 3);
      assertThat(rows.getDate("born")).isEqualTo(Date.valueOf("2024-02-29"));
      assertThat(rows.getTimestamp("seen"))
          .isEqualTo(Timestamp.valueOf("2024-02-29 13:14:15.123456"));
      assertThat(rows.getBoolean("active")).isTrue();
      assertThat(rows.getObject("born", LocalDate.class)).isEqualTo(LocalDate.of(2024, 2, 29));
      assertThat(rows.getObject("seen", LocalDateTime.class))
          .isEqualTo(LocalDateTime.of(2024, 2, 29, 13, 14, 15, 123_456_000));
      assertThat(rows.getObject("name")).isEqualTo("kites fly");
      assertThat(rows.getObject("born")).isInstanceOf(Date.class);
      assertThat(rows.getObject("data")).isInstanceOf(byte[].class);
      assertThat(rows.getObject("price", BigDecimal.class)).isEqualByComparingTo("12.34");
      assertThat(rows.getObject("active")).isEqualTo(Boolean.TRUE);
      assertThat(rows.wasNull()).isFalse();
      assertThat(rows.next()).isFalse();
    }
  }

  @Test
  void aValueOutOfTheGettersRangeIsAnError() throws SQLException {
    connection
        .createStatement()
        .executeUpdate("insert into v (id, big, name) values (1, 5000000000, 'x')");
    try (var rows = connection.createStatement().executeQuery("select big, name from v")) {
      rows.next();
      assertThatThrownBy(() -> rows.getInt(1))
          .isInstanceOfSatisfying(
              SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("22003"));
      assertThatThrownBy(() -> rows.getLong(2))
          .isInstanceOfSatisfying(
              SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("22018"))
          .hasMessageContaining("text 'x'");
      assertThatThrownBy(() -> rows.getString(3))
          .isInstanceOfSatisfying(
              SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("07009"));
    }
  }

  @Test
  void nullsWithTypesStreamsAndUtilDates() throws SQLException {
    var insert =
        connection.prepareStatement(
            "insert into v (id, name, data, price, seen) values (?, ?, ?, ?, ?)");
    insert.setInt(1, 1);
    insert.setNull(2, Types.VARCHAR);
    insert.setNull(3, Types.VARBINARY);
    insert.setObject(4, null);
    insert.setTimestamp(5, null);
    insert.executeUpdate();
    insert.setInt(1, 2);
    insert.setCharacterStream(2, new StringReader("from a reader"));
    insert.setBinaryStream(3, new ByteArrayInputStream("bytes".getBytes(StandardCharsets.UTF_8)));
    insert.setObject(4, 3);
    insert.setTimestamp(5, Timestamp.valueOf("2020-01-01 00:00:00"));
    insert.executeUpdate();
    try (var rows =
        connection
            .createStatement()
            .executeQuery("select name, data, price, seen from v order by id")) {
      rows.next();
      assertThat(rows.getString(1)).isNull();
      assertThat(rows.wasNull()).isTrue();
      assertThat(rows.getBytes(2)).isNull();
      assertThat(rows.getInt(3)).isZero();
      assertThat(rows.wasNull()).isTrue();
      assertThat(rows.getTimestamp(4)).isNull();
      rows.next();
      assertThat(rows.getString(1)).isEqualTo("from a reader");
      assertThat(new String(rows.getBytes(2), StandardCharsets.UTF_8)).isEqualTo("bytes");
      assertThat(rows.getBigDecimal(3)).isEqualByComparingTo("3");
      assertThat(rows.getObject(4, LocalDateTime.class))
          .isEqualTo(LocalDateTime.of(2020, 1, 1, 0, 0));
    }
  }

  @Test
  void badParametersAreRefusedNamingThem() throws SQLException {
    var insert = connection.prepareStatement("insert into v (id, name) values (?, ?)");
    assertThatThrownBy(() -> insert.setInt(3, 1))
        .isInstanceOfSatisfying(
            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("07009"))
        .hasMessageContaining("parameter index 3")
        .hasMessageContaining("2 parameters");
    assertThatThrownBy(() -> insert.setInt(0, 1)).isInstanceOf(SQLException.class);
    assertThatThrownBy(() -> insert.setObject(2, Instant.EPOCH))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("java.time.Instant");
    insert.setInt(1, 1);
    assertThatThrownBy(insert::executeUpdate)
        .isInstanceOfSatisfying(
            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("07001"))
        .hasMessageContaining("parameter 2 has no value");
    insert.setString(2, "a name longer than twenty characters");
    assertThatThrownBy(insert::executeUpdate).isInstanceOf(SQLException.class);
    assertThat(rowCount()).isZero();
  }

  @Test
  void theMethodMustFitTheStatementAndNothingRunsOtherwise() throws SQLException {
    var statement = connection.createStatement();
    assertThatThrownBy(() -> statement.executeQuery("insert into v (id) values (1)"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("executeUpdate");
    assertThat(rowCount()).isZero();
    assertThatThrownBy(() -> statement.executeUpdate("select * from v"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("executeQuery");
    assertThat(statement.execute("insert into v (id) values (1)")).isFalse();
    assertThat(statement.getUpdateCount()).isEqualTo(1);
    assertThat(statement.execute("select id from v")).isTrue();
    assertThat(statement.getUpdateCount()).isEqualTo(-1);
    assertThat(statement.getResultSet().next()).isTrue();
    assertThat(statement.getMoreResults()).isFalse();
    assertThat(statement.getUpdateCount()).isEqualTo(-1);
  }

  @Test
  void aBatchRunsInOneTransactionAndAFailingOneWritesNothing() throws SQLException {
    var insert = connection.prepareStatement("insert into v (id, name) values (?, ?)");
    for (int id = 1; id <= 3; id++) {
      insert.setInt(1, id);
      insert.setString(2, "n" + id);
      insert.addBatch();
    }
    assertThat(insert.executeBatch()).containsExactly(1, 1, 1);
    assertThat(rowCount()).isEqualTo(3);

    for (int id : new int[] {10, 11, 2, 12}) {
      insert.setInt(1, id);
      insert.addBatch();
    }
    assertThatThrownBy(insert::executeBatch)
        .isInstanceOfSatisfying(
            BatchUpdateException.class,
            e -> {
              assertThat(e.getSQLState()).isEqualTo("23505");
              assertThat(e.getUpdateCounts()).containsExactly(1, 1);
            })
        .hasMessageContaining("batch item 3 of 4")
        .hasMessageContaining("rolled back");
    assertThat(rowCount()).isEqualTo(3);

    var statement = connection.createStatement();
    statement.addBatch("update v set name = 'x' where id <= 2");
    statement.addBatch("delete from v where id = 3");
    assertThat(statement.executeBatch()).containsExactly(2, 1);
    assertThat(rowCount()).isEqualTo(2);
    statement.addBatch("select * from v");
    assertThatThrownBy(statement::executeBatch)
        .isInstanceOf(BatchUpdateException.class)
        .hasMessageContaining("query");
  }

  @Test
  void generatedKeysComeFromTheIdentityColumnOrTheNamedColumns() throws SQLException {
    var statement = connection.createStatement();
    statement.executeUpdate(
        "create table notes (id bigint generated always as identity primary key, body varchar)");
    var insert =
        connection.prepareStatement(
            "insert into notes (body) values (?)", Statement.RETURN_GENERATED_KEYS);
    insert.setString(1, "first");
    assertThat(insert.executeUpdate()).isEqualTo(1);
    try (var keys = insert.getGeneratedKeys()) {
      assertThat(keys.next()).isTrue();
      assertThat(keys.getLong(1)).isEqualTo(1);
      assertThat(keys.getMetaData().getColumnName(1)).isEqualTo("id");
      assertThat(keys.next()).isFalse();
    }
    for (var body : new String[] {"second", "third"}) {
      insert.setString(1, body);
      insert.addBatch();
    }
    assertThat(insert.executeBatch()).containsExactly(1, 1);
    try (var keys = insert.getGeneratedKeys()) {
      assertThat(keys.next()).isTrue();
      assertThat(keys.getLong(1)).isEqualTo(2);
      assertThat(keys.next()).isTrue();
      assertThat(keys.getLong(1)).isEqualTo(3);
    }
    assertThat(
            statement.executeUpdate(
                "insert into notes (body) values ('fourth')", new String[] {"id", "body"}))
        .isEqualTo(1);
    try (var keys = statement.getGeneratedKeys()) {
      assertThat(keys.next()).isTrue();
      assertThat(keys.getLong("id")).isEqualTo(4);
      assertThat(keys.getString("body")).isEqualTo("fourth");
    }
    try (var returned =
        statement.executeQuery("insert into notes (body) values ('fifth') returning id")) {
      assertThat(returned.next()).isTrue();
      assertThat(returned.getLong(1)).isEqualTo(5);
    }
    statement.executeUpdate(
        "update notes set body = 'x' where id = 1", Statement.RETURN_GENERATED_KEYS);
    assertThat(statement.getGeneratedKeys().next()).isFalse();
  }

  @Test
  void metadataDescribesResultsAndParameters() throws SQLException {
    var query =
        connection.prepareStatement(
            "select id, price, name, born from v where id = ? and price > ?");
    var columns = query.getMetaData();
    assertThat(columns.getColumnCount()).isEqualTo(4);
    assertThat(columns.getColumnLabel(1)).isEqualTo("id");
    assertThat(columns.getColumnType(1)).isEqualTo(Types.INTEGER);
    assertThat(columns.getColumnType(2)).isEqualTo(Types.DECIMAL);
    assertThat(columns.getPrecision(2)).isEqualTo(10);
    assertThat(columns.getScale(2)).isEqualTo(2);
    assertThat(columns.getColumnType(3)).isEqualTo(Types.VARCHAR);
    assertThat(columns.getPrecision(3)).isEqualTo(20);
    assertThat(columns.getColumnClassName(3)).isEqualTo(String.class.getName());
    assertThat(columns.getColumnTypeName(4)).isEqualTo("DATE");
    ParameterMetaData parameters = query.getParameterMetaData();
    assertThat(parameters.getParameterCount()).isEqualTo(2);
    assertThat(parameters.getParameterType(1)).isEqualTo(Types.INTEGER);
    assertThat(parameters.getParameterType(2)).isEqualTo(Types.DECIMAL);
    assertThat(parameters.getParameterMode(1)).isEqualTo(ParameterMetaData.parameterModeIn);
    assertThat(connection.prepareStatement("delete from v").getMetaData()).isNull();
  }

  @Test
  void maxRowsStopsTheResult() throws SQLException {
    var statement = connection.createStatement();
    statement.executeUpdate("insert into v (id) values (1), (2), (3)");
    statement.setMaxRows(2);
    try (var rows = statement.executeQuery("select id from v order by id")) {
      assertThat(rows.next()).isTrue();
      assertThat(rows.next()).isTrue();
      assertThat(rows.next()).isFalse();
    }
  }

  private long rowCount() throws SQLException {
    try (var rows = connection.createStatement().executeQuery("select count(*) from v")) {
      rows.next();
      return rows.getLong(1);
    }
  }
}
