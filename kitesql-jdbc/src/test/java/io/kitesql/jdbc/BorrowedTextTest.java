package io.kitesql.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.api.Database;
import io.kitesql.storage.MappedRegions;
import io.kitesql.value.Text;
import java.io.IOException;
import java.io.Reader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Text through JDBC as through the native API: in a read-only transaction {@code getObject(i,
 * CharSequence.class)} is the engine's view of the LMDB map, dead once the transaction ends; {@code
 * getString} copies.
 */
class BorrowedTextTest {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  @TempDir Path dir;

  private static Connection filled(Path dir, int bytes) throws SQLException {
    var connection = DriverManager.getConnection("jdbc:kitesql:" + dir + "?mapSize=64MB");
    connection
        .createStatement()
        .executeUpdate("create table notes (id int primary key, body varchar)");
    var insert = connection.prepareStatement("insert into notes values (?, ?)");
    for (int id = 1; id <= 20; id++) {
      insert.setInt(1, id);
      insert.setString(2, ("note " + id + " ") + "x".repeat(bytes - ("note " + id + " ").length()));
      insert.addBatch();
    }
    insert.executeBatch();
    return connection;
  }

  @Test
  void aReadOnlyTransactionLendsTheMapAndTheTextDiesWithIt() throws SQLException {
    try (var connection = filled(dir, 4096)) {
      var map = MappedRegions.of(connection.unwrap(Database.class).dataFile());
      connection.setReadOnly(true);
      connection.setAutoCommit(false);
      CharSequence held;
      String copied;
      try (var rows =
          connection.createStatement().executeQuery("select body from notes where id = 7")) {
        assertThat(rows.next()).isTrue();
        held = rows.getObject(1, CharSequence.class);
        var text = rows.getObject(1, Text.class);
        copied = rows.getString(1);
        assertThat(held).isInstanceOf(Text.class);
        for (var t : new Text[] {(Text) held, text}) {
          assertThat(t.isBorrowed()).isTrue();
          assertThat(map.contains(t.asReadOnlySegment().address(), t.utf8Length()))
              .as("text lies in the LMDB map")
              .isTrue();
        }
        assertThat(map.contains(text.asReadOnlySegment().address(), 1)).isTrue();
        assertThat(copied).startsWith("note 7 ").hasSize(4096);
      }
      assertThat(held.toString())
          .isEqualTo(copied); // the result set closed, the transaction did not
      connection.commit();
      assertThatThrownBy(held::toString).isInstanceOf(IllegalStateException.class);
      assertThatThrownBy(() -> held.charAt(0)).isInstanceOf(IllegalStateException.class);
      assertThat(copied).startsWith("note 7 ");
    }
  }

  @Test
  void inAutoCommitModeTheTextLivesUntilItsResultSetCloses() throws SQLException {
    try (var connection = filled(dir, 100)) {
      var rows = connection.createStatement().executeQuery("select body from notes where id = 3");
      rows.next();
      var held = rows.getObject(1, CharSequence.class);
      assertThat(((Text) held).isBorrowed()).isTrue();
      assertThat(held.toString()).startsWith("note 3 ");
      rows.close();
      assertThatThrownBy(held::toString).isInstanceOf(IllegalStateException.class);
    }
  }

  @Test
  void aWriteTransactionGivesOwnedText() throws SQLException {
    try (var connection = filled(dir, 100)) {
      connection.setAutoCommit(false);
      CharSequence owned;
      try (var rows =
          connection.createStatement().executeQuery("select body from notes where id = 3")) {
        rows.next();
        owned = rows.getObject(1, CharSequence.class);
      }
      connection.commit();
      assertThat(((Text) owned).isBorrowed()).isFalse();
      assertThat(owned.toString()).startsWith("note 3 ");
    }
  }

  @Test
  void streamsReadTheValueInPlace() throws SQLException, IOException {
    try (var connection = filled(dir, 10_000)) {
      connection.setReadOnly(true);
      connection.setAutoCommit(false);
      try (var rows =
          connection.createStatement().executeQuery("select body from notes where id = 5")) {
        rows.next();
        var expected = rows.getString(1);
        Reader reader = rows.getCharacterStream(1);
        var read = new StringBuilder();
        var buffer = new char[1000];
        for (int n; (n = reader.read(buffer)) > 0; ) {
          read.append(buffer, 0, n);
        }
        assertThat(read.toString()).isEqualTo(expected);
        var bytes = rows.getBinaryStream(1);
        assertThat(new String(bytes.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(expected);
        var late = rows.getBinaryStream(1);
        connection.commit();
        assertThatThrownBy(late::read)
            .isInstanceOf(IOException.class)
            .hasMessageContaining("ended");
      }
    }
  }

  @Test
  void bytesAllocatedPerQueryDoNotGrowWithTextLengthButGetStringsDo() throws SQLException {
    long[] small;
    long[] large;
    try (var connection = filled(dir.resolve("small"), 64)) {
      small = measure(connection);
    }
    try (var connection = filled(dir.resolve("large"), 64 * 1024)) {
      large = measure(connection);
    }
    System.out.printf(
        "bytes per query of 20 rows, 64 B vs 64 KiB text: borrowed %d vs %d, getString %d vs %d%n",
        small[0], large[0], small[1], large[1]);
    assertThat(large[0])
        .as("getObject(i, CharSequence.class)")
        .isLessThanOrEqualTo(small[0] + 1024);
    assertThat(large[1])
        .as("getString copies each value")
        .isGreaterThanOrEqualTo(small[1] + 20L * 60 * 1024);
  }

  /** Bytes one query allocates, reading its rows by getObject(CharSequence) and by getString. */
  private static long[] measure(Connection connection) throws SQLException {
    connection.setReadOnly(true);
    connection.setAutoCommit(false);
    var query = connection.prepareStatement("select body from notes where id > ?");
    query.setInt(1, 0);
    long[] sink = new long[1];
    long borrowed =
        minBytes(
            () -> {
              try (var rows = query.executeQuery()) {
                while (rows.next()) {
                  var t = rows.getObject(1, CharSequence.class);
                  sink[0] += t.length() + t.charAt(t.length() - 1);
                }
              }
            });
    long copied =
        minBytes(
            () -> {
              try (var rows = query.executeQuery()) {
                while (rows.next()) {
                  sink[0] += rows.getString(1).length();
                }
              }
            });
    connection.commit();
    assertThat(sink[0]).isPositive();
    return new long[] {borrowed, copied};
  }

  private interface Work {
    void run() throws SQLException;
  }

  private static long minBytes(Work work) throws SQLException {
    for (int i = 0; i < 30; i++) {
      work.run();
    }
    long min = Long.MAX_VALUE;
    for (int i = 0; i < 30; i++) {
      long before = THREADS.getCurrentThreadAllocatedBytes();
      work.run();
      min = Math.min(min, THREADS.getCurrentThreadAllocatedBytes() - before);
    }
    return min;
  }
}
