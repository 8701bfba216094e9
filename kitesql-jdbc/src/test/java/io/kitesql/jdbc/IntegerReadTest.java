package io.kitesql.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * getInt and getLong on a live cursor read the stored integer in place, as the native API's getLong
 * does.
 */
class IntegerReadTest {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  private static final int ROWS = 1_000;

  @TempDir Path dir;

  @Test
  void readingIntegersAllocatesNothingPerRow() throws SQLException {
    try (var connection = filled()) {
      var query = connection.prepareStatement("select id, big, small from numbers");
      long[] sink = new long[1];
      long rowsOnly = minBytes(query, sink, false);
      long integers = minBytes(query, sink, true);
      // boxing one Integer or Long per value (values above 127) would be 3 x 16 B x 1,000 rows
      assertThat(integers - rowsOnly)
          .as("bytes for reading 3 integers in each of %d rows", ROWS)
          .isLessThan(ROWS);
      long expected = 0;
      for (long id = 1000; id < 1000 + ROWS; id++) {
        expected += id + id * 1_000_000_007L + (id % 3 == 0 ? 0 : id);
      }
      assertThat(sink[0]).isEqualTo(expected * 30);
      connection.commit();
    }
  }

  @Test
  void nullsAndRangesStayAsBefore() throws SQLException {
    try (var connection = filled();
        var rows =
            connection
                .createStatement()
                .executeQuery("select small, big from numbers where id = 1002")) {
      assertThat(rows.next()).isTrue();
      assertThat(rows.getInt(1)).isZero();
      assertThat(rows.wasNull()).isTrue();
      assertThat(rows.getLong(2)).isEqualTo(1002 * 1_000_000_007L);
      assertThat(rows.wasNull()).isFalse();
      assertThatThrownBy(() -> rows.getInt(2))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("does not fit in an int")
          .extracting(e -> ((SQLException) e).getSQLState())
          .isEqualTo("22003");
      assertThatThrownBy(() -> rows.getLong(3))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("out of range");
    }
  }

  private Connection filled() throws SQLException {
    var connection = DriverManager.getConnection("jdbc:kitesql:" + dir + "?mapSize=64MB");
    connection
        .createStatement()
        .executeUpdate("create table numbers (id int primary key, big bigint, small int)");
    var insert = connection.prepareStatement("insert into numbers values (?, ?, ?)");
    for (int id = 1000; id < 1000 + ROWS; id++) {
      insert.setInt(1, id);
      insert.setLong(2, id * 1_000_000_007L);
      if (id % 3 == 0) {
        insert.setNull(3, java.sql.Types.INTEGER);
      } else {
        insert.setInt(3, id);
      }
      insert.addBatch();
    }
    insert.executeBatch();
    connection.setReadOnly(true);
    connection.setAutoCommit(false);
    return connection;
  }

  private static long minBytes(PreparedStatement query, long[] sink, boolean readIntegers)
      throws SQLException {
    long min = Long.MAX_VALUE;
    for (int i = 0; i < 30; i++) {
      long before = THREADS.getCurrentThreadAllocatedBytes();
      try (var rows = query.executeQuery()) {
        while (rows.next()) {
          if (readIntegers) {
            sink[0] += rows.getInt(1) + rows.getLong(2) + rows.getInt(3);
          }
        }
      }
      min = Math.min(min, THREADS.getCurrentThreadAllocatedBytes() - before);
    }
    return min;
  }
}
