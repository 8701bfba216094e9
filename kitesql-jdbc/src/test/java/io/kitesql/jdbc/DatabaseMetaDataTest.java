package io.kitesql.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** DatabaseMetaData as tools read it, and its claims checked against what the engine does. */
class DatabaseMetaDataTest {
  @TempDir Path dir;
  private Connection connection;
  private DatabaseMetaData meta;

  @BeforeEach
  void open() throws SQLException {
    connection = DriverManager.getConnection("jdbc:kitesql:" + dir + "?mapSize=16MB");
    var statement = connection.createStatement();
    statement.executeUpdate(
        "create table Orders (id bigint generated always as identity primary key, "
            + "customer varchar(40) not null, total decimal(10, 2) default 0, note varchar)");
    statement.executeUpdate("create index orders_customer_idx on orders (customer, total)");
    statement.executeUpdate("create unique index orders_note_idx on orders (note)");
    statement.executeUpdate("create table \"Mixed\" (a int, b int, primary key (b, a))");
    statement.executeUpdate("create table log (line varchar)");
    statement.executeUpdate(
        "create view big_orders as select id, total from orders where total > 100");
    meta = connection.getMetaData();
  }

  @AfterEach
  void close() throws SQLException {
    connection.close();
  }

  private static List<List<Object>> rows(ResultSet rs, String... columns) throws SQLException {
    var rows = new ArrayList<List<Object>>();
    try (rs) {
      while (rs.next()) {
        var row = new ArrayList<Object>();
        for (var column : columns) {
          row.add(rs.getObject(column));
        }
        rows.add(row);
      }
    }
    return rows;
  }

  @Test
  void tablesAndViewsWithTheirStoredNames() throws SQLException {
    assertThat(rows(meta.getTables(null, null, "%", null), "TABLE_NAME", "TABLE_TYPE"))
        .containsExactly(
            List.of("Mixed", "TABLE"),
            List.of("log", "TABLE"),
            List.of("orders", "TABLE"),
            List.of("big_orders", "VIEW"));
    assertThat(rows(meta.getTables(null, null, "%", null), "TABLE_SCHEM", "TABLE_CAT"))
        .allSatisfy(row -> assertThat(row).containsOnlyNulls());
    assertThat(rows(meta.getTables(null, null, "ord%", new String[] {"TABLE"}), "TABLE_NAME"))
        .containsExactly(List.of("orders"));
    assertThat(rows(meta.getTables(null, "public", "%", null), "TABLE_NAME")).isEmpty();
    assertThat(rows(meta.getTableTypes(), "TABLE_TYPE"))
        .containsExactly(List.of("TABLE"), List.of("VIEW"));
  }

  @Test
  void columnsWithTypesNullabilityDefaultsAndIdentity() throws SQLException {
    assertThat(
            rows(
                meta.getColumns(null, null, "orders", "%"),
                "COLUMN_NAME",
                "DATA_TYPE",
                "TYPE_NAME",
                "COLUMN_SIZE",
                "NULLABLE",
                "IS_NULLABLE",
                "IS_AUTOINCREMENT",
                "ORDINAL_POSITION"))
        .containsExactly(
            List.of(
                "id", Types.BIGINT, "BIGINT", 19, DatabaseMetaData.columnNoNulls, "NO", "YES", 1),
            List.of(
                "customer",
                Types.VARCHAR,
                "VARCHAR",
                40,
                DatabaseMetaData.columnNoNulls,
                "NO",
                "NO",
                2),
            List.of(
                "total",
                Types.DECIMAL,
                "DECIMAL",
                10,
                DatabaseMetaData.columnNullable,
                "YES",
                "NO",
                3),
            List.of(
                "note",
                Types.VARCHAR,
                "VARCHAR",
                0,
                DatabaseMetaData.columnNullable,
                "YES",
                "NO",
                4));
    try (var total = meta.getColumns(null, null, "orders", "total")) {
      assertThat(total.next()).isTrue();
      assertThat(total.getInt("DECIMAL_DIGITS")).isEqualTo(2);
      assertThat(total.getString("COLUMN_DEF")).isEqualTo("0");
    }
    assertThat(rows(meta.getColumns(null, null, "big\\_orders", null), "COLUMN_NAME"))
        .containsExactly(List.of("id"), List.of("total"));
  }

  @Test
  void primaryKeysAndIndexes() throws SQLException {
    assertThat(rows(meta.getPrimaryKeys(null, null, "Mixed"), "COLUMN_NAME", "KEY_SEQ", "PK_NAME"))
        .containsExactly(List.of("a", 2, "Mixed_pkey"), List.of("b", 1, "Mixed_pkey"));
    assertThat(rows(meta.getPrimaryKeys(null, null, "log"), "COLUMN_NAME")).isEmpty();
    assertThat(
            rows(
                meta.getIndexInfo(null, null, "orders", false, true),
                "INDEX_NAME",
                "NON_UNIQUE",
                "COLUMN_NAME",
                "ORDINAL_POSITION"))
        .containsExactly(
            List.of("orders_note_idx", false, "note", 1),
            List.of("orders_pkey", false, "id", 1),
            List.of("orders_customer_idx", true, "customer", 1),
            List.of("orders_customer_idx", true, "total", 2));
    assertThat(rows(meta.getIndexInfo(null, null, "orders", true, true), "INDEX_NAME"))
        .containsExactly(List.of("orders_note_idx"), List.of("orders_pkey"));
  }

  @Test
  void typeInfoListsTypesThatCreateTableTakes() throws SQLException {
    var types = rows(meta.getTypeInfo(), "TYPE_NAME", "DATA_TYPE");
    assertThat(types)
        .extracting(row -> row.get(0))
        .containsExactlyInAnyOrder(
            "BOOLEAN",
            "SMALLINT",
            "INT",
            "BIGINT",
            "DOUBLE",
            "DECIMAL",
            "VARCHAR",
            "VARBINARY",
            "DATE",
            "TIMESTAMP");
    var statement = connection.createStatement();
    int i = 0;
    for (var row : types) {
      statement.executeUpdate("create table typed_" + i++ + " (c " + row.get(0) + ")");
    }
    try (var columns = meta.getColumns(null, null, "typed\\_%", "c")) {
      var declared = new ArrayList<Integer>();
      while (columns.next()) {
        declared.add(columns.getInt("DATA_TYPE"));
      }
      assertThat(declared)
          .containsExactlyInAnyOrderElementsOf(
              types.stream().map(row -> (Integer) row.get(1)).toList());
    }
  }

  @Test
  void identifierRulesAreWhatTheEngineDoes() throws SQLException {
    assertThat(meta.getIdentifierQuoteString()).isEqualTo("\"");
    assertThat(meta.storesLowerCaseIdentifiers()).isTrue();
    assertThat(meta.supportsMixedCaseQuotedIdentifiers()).isTrue();
    var statement = connection.createStatement();
    statement.executeUpdate(
        "insert into ORDERS (CUSTOMER) values ('c')"); // unquoted folds to lower case
    assertThatThrownBy(() -> statement.executeQuery("select * from \"ORDERS\""))
        .isInstanceOf(SQLException.class);
    assertThatThrownBy(() -> statement.executeQuery("select * from mixed"))
        .isInstanceOf(SQLException.class);
    statement.executeQuery("select * from \"Mixed\"").close();
  }

  @Test
  void supportClaimsHoldWhenTried() throws SQLException {
    var statement = connection.createStatement();
    statement.executeUpdate("insert into log values (null), ('b'), ('a')");
    assertThat(meta.nullsAreSortedLow()).isTrue();
    assertThat(rows(statement.executeQuery("select line from log order by line"), "line"))
        .containsExactly(java.util.Arrays.asList((Object) null), List.of("a"), List.of("b"));
    assertThat(
            rows(statement.executeQuery("select line from log order by line desc"), "line")
                .getLast())
        .containsExactly((Object) null);
    assertThat(meta.supportsFullOuterJoins()).isTrue();
    statement.executeQuery("select * from log l full join orders o on l.line = o.customer").close();
    assertThat(meta.supportsAlterTableWithAddColumn()).isTrue();
    statement.executeUpdate("alter table log add column at timestamp");
    assertThat(meta.supportsAlterTableWithDropColumn()).isFalse();
    assertThatThrownBy(() -> statement.executeUpdate("alter table log drop column at"))
        .isInstanceOf(SQLException.class);
    assertThat(meta.supportsDataDefinitionAndDataManipulationTransactions()).isTrue();
    assertThat(meta.supportsSavepoints()).isFalse();
    assertThat(meta.supportsGetGeneratedKeys()).isTrue();
    assertThat(meta.supportsTransactionIsolationLevel(Connection.TRANSACTION_SERIALIZABLE))
        .isTrue();
    assertThat(meta.getDefaultTransactionIsolation())
        .isEqualTo(connection.getTransactionIsolation());
  }

  @Test
  void productAndDriver() throws SQLException {
    assertThat(meta.getDatabaseProductName()).isEqualTo("KiteSQL");
    assertThat(meta.getDatabaseProductVersion())
        .matches("\\d+\\.\\d+\\.\\d+.*")
        .doesNotContain("${");
    assertThat(meta.getDriverName()).isEqualTo("KiteSQL JDBC");
    assertThat(meta.getJDBCMajorVersion()).isEqualTo(4);
    assertThat(meta.getURL()).isEqualTo("jdbc:kitesql:" + dir + "?mapSize=16MB");
    assertThat(meta.getConnection()).isSameAs(connection);
  }
}
