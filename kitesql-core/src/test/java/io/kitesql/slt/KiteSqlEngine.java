package io.kitesql.slt;

import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.api.RowCursor;
import io.kitesql.options.Durability;
import io.kitesql.options.StorageOptions;
import io.kitesql.value.Binary;
import io.kitesql.value.Text;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** KiteSQL under test: a fresh database in a temporary directory per corpus file. */
public final class KiteSqlEngine implements SltEngine {
  private final Path directory;
  private final Database db;
  private final SltFormat.Values values;

  private KiteSqlEngine(Path directory, Durability durability, SltFormat.Values values) {
    this.directory = directory;
    this.values = values;
    this.db =
        KiteSql.open(
            directory,
            StorageOptions.defaults().withMapSize(256L << 20).withDurability(durability));
  }

  public static KiteSqlEngine inTemporaryDirectory() {
    return inTemporaryDirectory(StorageOptions.defaults().durability());
  }

  /**
   * A fresh database that commits with {@code durability}: tests of query logic may skip the
   * fsyncs.
   */
  public static KiteSqlEngine inTemporaryDirectory(Durability durability) {
    return inTemporaryDirectory(durability, SltFormat.Values.KITESQL);
  }

  /** A fresh database rendering values by the rules {@code values}. */
  public static KiteSqlEngine inTemporaryDirectory(SltFormat.Values values) {
    return inTemporaryDirectory(StorageOptions.defaults().durability(), values);
  }

  private static KiteSqlEngine inTemporaryDirectory(
      Durability durability, SltFormat.Values values) {
    try {
      return new KiteSqlEngine(Files.createTempDirectory("kitesql-slt"), durability, values);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** KiteSQL reports every error in SQL or data as a {@link KiteSqlException}. */
  @Override
  public boolean isEngineError(Exception failure) {
    return failure instanceof KiteSqlException;
  }

  @Override
  public void statement(String sql) {
    var statement = db.prepare(sql);
    if (statement.isQuery()) {
      db.read(
          tx -> {
            try (var rows = tx.query(statement)) {
              while (rows.next()) {
                // a query run as a statement: its rows are discarded
              }
            }
            return null;
          });
    } else {
      db.execute(sql);
    }
  }

  @Override
  public List<List<String>> query(String sql, String columnTypes) {
    var statement = db.prepare(sql);
    if (!statement.isQuery()) { // INSERT ... RETURNING: rows from a write
      return db.write(tx -> rows(tx.query(statement), columnTypes));
    }
    return db.read(tx -> rows(tx.query(statement), columnTypes));
  }

  @Override
  public List<List<List<String>>> queryPrepared(
      String sql, String columnTypes, List<List<Object>> parameterSets) {
    var statement = db.prepare(sql);
    var results = new ArrayList<List<List<String>>>();
    for (var parameters : parameterSets) {
      var values = parameters.toArray();
      results.add(db.read(tx -> rows(tx.query(statement, values), columnTypes)));
    }
    return results;
  }

  private List<List<String>> rows(RowCursor rows, String columnTypes) {
    var out = new ArrayList<List<String>>();
    try (rows) {
      int n = rows.columns().size();
      while (rows.next()) {
        var row = new ArrayList<String>(n);
        for (int c = 0; c < n; c++) {
          row.add(SltFormat.format(plain(rows.get(c)), SltFormat.typeAt(columnTypes, c), values));
        }
        out.add(row);
      }
    }
    return out;
  }

  /** Copies a borrowed value out (the harness keeps results past the transaction). */
  private static Object plain(Object value) {
    return switch (value) {
      case Text t -> t.toString();
      case Binary b -> b.toByteArray();
      case LocalDateTime ts -> ts.toString().replace('T', ' ');
      case null -> null;
      default -> value;
    };
  }

  @Override
  public String name() {
    return "kitesql";
  }

  @Override
  public void close() {
    db.close();
    try (var paths = Files.walk(directory)) {
      for (var p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
