package io.kitesql.bench.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kitesql.api.KiteSql;
import io.kitesql.bench.DataSets;
import io.kitesql.bench.KiteEngine;
import io.kitesql.bench.RepositoryBench;
import io.kitesql.bench.Stores;
import io.kitesql.options.Durability;
import io.kitesql.value.Text;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Table 5's engines answer the same query alike: the repository method on KiteSQL and on Spring
 * Data JDBC + H2 returns exactly the rows the raw engine's SELECT returns, KiteSQL's notes borrowed
 * inside the read-only scope; SQLite has no Spring Data JDBC dialect.
 */
class RepositoryEnginesTest {
  private static final int ROWS = 200;
  private static final int NOTE = 64;

  record Note(int id, String note) {}

  @Test
  void everyEngineReturnsTheRawEnginesRows(@TempDir Path dir) throws Exception {
    var stores = new Stores(dir);
    var load =
        new Stores.TableLoad(
            DataSets.ORDERS_INSERT, ROWS, i -> DataSets.orderRow(i, ROWS, NOTE), NOTE + 32);
    stores.loadAll(DataSets.ORDERS_DDL, List.of(load), 1000);
    var parameters = DataSets.lookupParameters(ROWS);

    var expected = new ArrayList<List<Note>>();
    try (var raw = new KiteEngine(stores.kiteDir(), KiteEngine.Mode.BORROWED)) {
      var query = raw.prepare(RepositoryBench.SQL);
      raw.inTransaction(
          () -> {
            for (var p : parameters) {
              expected.add(read(query.execute(p), true));
            }
            return null;
          });
    }
    assertEquals(DataSets.pairs(ROWS), expected.size());
    assertTrue(expected.stream().allMatch(notes -> notes.size() == 10), expected::toString);

    var kite =
        new RepositoryEngine(
            "kite",
            true,
            RepositoryContexts.kiteSql(
                () -> KiteSql.open(stores.kiteDir(), KiteEngine.options(Durability.NO_SYNC)),
                false));
    try (kite) {
      var lookup = kite.lookup();
      kite.inTransaction(
          () -> {
            for (int i = 0; i < parameters.length; i++) {
              assertEquals(expected.get(i), read(lookup.execute(parameters[i]), true));
            }
            return null;
          });
    }

    try (var h2 =
        new RepositoryEngine(
            "h2", false, RepositoryContexts.jdbc(() -> connect(stores, Stores.Kind.H2_DEFAULT)))) {
      var lookup = h2.lookup();
      h2.inTransaction(
          () -> {
            for (int i = 0; i < parameters.length; i++) {
              assertEquals(expected.get(i), read(lookup.execute(parameters[i]), false));
            }
            return null;
          });
    }

    var noDialect =
        assertThrows(
            RuntimeException.class,
            () -> RepositoryContexts.jdbc(() -> connect(stores, Stores.Kind.SQLITE)));
    Throwable root = noDialect;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    assertTrue(String.valueOf(root.getMessage()).toLowerCase().contains("dialect"), root::toString);
  }

  /**
   * The rows sorted by id (neither statement orders them); KiteSQL's notes are checked to be
   * borrowed.
   */
  private static List<Note> read(io.kitesql.bench.Engine.Rows rows, boolean borrowed)
      throws Exception {
    var notes = new ArrayList<Note>();
    while (rows.next()) {
      var note = rows.text(1);
      if (borrowed) {
        assertInstanceOf(Text.class, note);
        assertTrue(((Text) note).isBorrowed());
      } else {
        assertFalse(note instanceof Text text && text.isBorrowed());
      }
      notes.add(new Note((int) rows.number(0), note.toString()));
    }
    rows.close();
    notes.sort(java.util.Comparator.comparingInt(Note::id));
    return notes;
  }

  private static java.sql.Connection connect(Stores stores, Stores.Kind kind) {
    try {
      return stores.connection(kind);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
