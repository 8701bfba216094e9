package io.kitesql.catalog;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.storage.Keyspace;
import io.kitesql.storage.KvTransaction;
import io.kitesql.storage.WriteTransaction;
import io.kitesql.value.Memory;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.OptionalLong;

/**
 * Keeps the catalog in the {@link Keyspace#CATALOG} keyspace, inside the same transactions as the
 * data, so DDL commits or rolls back with everything else.
 *
 * <p>Keys: {@code 't' + id} → a table's or a view's definition ({@link CatalogCodec}; views take
 * their ids from the table ids); {@code 'q' + table id} → the next hidden row id of a table; {@code
 * 'i' + table id} → the last value its identity column handed out (absent before the first); {@code
 * 'c' + table id} → the number of rows in the table, kept by every statement that adds or removes
 * rows (absent in a table created before counts were kept: its first such statement counts the rows
 * once); {@code 's' + table id} → what ANALYZE measured ({@link TableStats}, absent before the
 * first); {@code 'n'} → the next table id; {@code 'v'} → the catalog version, bumped by every
 * schema change so that cached catalogs and plans can tell they are stale; {@code 'f'} → present
 * once a table was created with exact quoted names ({@link NameFolding#UNQUOTED}): a catalog with
 * tables but without it was written before, and keeps {@link NameFolding#ALL}. In {@link
 * Keyspace#DATA}, every key of a table starts with its id ({@link #tablePrefix}), big-endian, so
 * dropping a table deletes one prefix.
 */
public final class CatalogStore {
  private static final byte TABLE = 't';
  private static final byte SEQUENCE = 'q';
  private static final byte IDENTITY = 'i';
  private static final byte ROW_COUNT = 'c';
  private static final byte STATS = 's';
  private static final byte[] NEXT_TABLE_ID = {'n'};
  private static final byte[] VERSION = {'v'};
  private static final byte[] EXACT_QUOTED_NAMES = {'f'};

  private CatalogStore() {}

  /** Reads every table and view definition visible to {@code tx}. */
  public static Catalog load(KvTransaction tx) {
    var tables = new ArrayList<TableDef>();
    var views = new ArrayList<ViewDef>();
    try (var cursor = tx.openCursor(Keyspace.CATALOG)) {
      for (boolean ok = cursor.seek(new byte[] {TABLE}); ok; ok = cursor.next()) {
        var key = cursor.key();
        if (key.length() != 5 || key.base().get(Memory.BYTE, key.offset()) != TABLE) {
          break;
        }
        switch (CatalogCodec.decode(cursor.value().toByteArray())) {
          case TableDef t -> tables.add(t.withStats(stats(tx, t.id())));
          case ViewDef v -> views.add(v);
        }
      }
    }
    if (tables.isEmpty() || tx.get(Keyspace.CATALOG, EXACT_QUOTED_NAMES).isPresent()) {
      return Catalog.of(tables, views, NameFolding.UNQUOTED);
    }
    // Written by a version that matched every name case-insensitively: no two names of a kind
    // differ only in case, so folding them all keeps every name that resolved resolving. (Views
    // came later: any there are were created under these rules, with folded names.)
    return Catalog.of(
        tables.stream().map(TableDef::withLowerCaseNames).toList(), views, NameFolding.ALL);
  }

  /**
   * Stores a new table under a fresh id and returns it with that id.
   *
   * @param table the definition; its id is ignored
   * @throws KiteSqlException CATALOG_CONFLICT if a table of that name exists
   */
  public static TableDef createTable(WriteTransaction tx, Catalog catalog, TableDef table) {
    if (catalog.table(table.name()).isPresent()) {
      throw new KiteSqlException(
          ErrorCode.CATALOG_CONFLICT, "table " + table.name() + " already exists");
    }
    if (catalog.view(table.name()).isPresent()) {
      throw new KiteSqlException(
          ErrorCode.CATALOG_CONFLICT, "a view named " + table.name() + " already exists");
    }
    if (catalog.nameFolding() == NameFolding.UNQUOTED) {
      tx.put(Keyspace.CATALOG, EXACT_QUOTED_NAMES, new byte[] {1});
    }
    int id = nextTableId(tx);
    var created =
        new TableDef(id, table.name(), table.columns(), table.primaryKey(), table.indexes());
    saveTable(tx, created);
    saveRowCount(tx, id, 0);
    return created;
  }

  /**
   * Stores a new view under a fresh id and returns it with that id.
   *
   * @throws KiteSqlException CATALOG_CONFLICT if a table or view of that name exists
   */
  public static ViewDef createView(WriteTransaction tx, Catalog catalog, ViewDef view) {
    if (catalog.relation(view.name()).isPresent()) {
      var kind = catalog.table(view.name()).isPresent() ? "a table" : "a view";
      throw new KiteSqlException(
          ErrorCode.CATALOG_CONFLICT, kind + " named " + view.name() + " already exists");
    }
    var created = view.withId(nextTableId(tx));
    saveView(tx, created);
    return created;
  }

  /** Replaces the stored definition of {@code view} (same id): CREATE OR REPLACE VIEW. */
  public static void saveView(WriteTransaction tx, ViewDef view) {
    tx.put(Keyspace.CATALOG, key(TABLE, view.id()), CatalogCodec.encode(view));
  }

  /** Removes the view's definition (a view has no rows). */
  public static void dropView(WriteTransaction tx, ViewDef view) {
    tx.delete(Keyspace.CATALOG, key(TABLE, view.id()));
  }

  /** Replaces the stored definition of {@code table} (same id) and its {@link TableDef#stats}. */
  public static void saveTable(WriteTransaction tx, TableDef table) {
    tx.put(Keyspace.CATALOG, key(TABLE, table.id()), CatalogCodec.encode(table));
    if (table.stats().analyzed()) {
      saveStats(tx, table.id(), table.stats());
    } else {
      tx.delete(Keyspace.CATALOG, key(STATS, table.id()));
    }
  }

  /** Removes the table's definition, its counters, and all its rows and index entries. */
  public static void dropTable(WriteTransaction tx, TableDef table) {
    tx.delete(Keyspace.CATALOG, key(TABLE, table.id()));
    tx.delete(Keyspace.CATALOG, key(SEQUENCE, table.id()));
    tx.delete(Keyspace.CATALOG, key(IDENTITY, table.id()));
    tx.delete(Keyspace.CATALOG, key(ROW_COUNT, table.id()));
    tx.delete(Keyspace.CATALOG, key(STATS, table.id()));
    tx.deletePrefix(Keyspace.DATA, tablePrefix(table.id()));
  }

  /** Reserves {@code count} consecutive hidden row ids of a table and returns the first. */
  public static long allocateRowIds(WriteTransaction tx, int tableId, long count) {
    if (count < 1) {
      throw new IllegalArgumentException("count must be positive, was " + count);
    }
    var key = key(SEQUENCE, tableId);
    long first = tx.getLong(Keyspace.CATALOG, key).orElse(1L);
    tx.put(Keyspace.CATALOG, key, ByteBuffer.allocate(8).putLong(first + count).array());
    return first;
  }

  /**
   * The last value the table's identity column handed out in a committed or this transaction, if
   * any.
   */
  public static OptionalLong lastIdentity(KvTransaction tx, int tableId) {
    return tx.getLong(Keyspace.CATALOG, key(IDENTITY, tableId));
  }

  /** Records the last value the table's identity column handed out ({@link IdentityCounters}). */
  static void saveLastIdentity(WriteTransaction tx, int tableId, long last) {
    tx.put(Keyspace.CATALOG, key(IDENTITY, tableId), ByteBuffer.allocate(8).putLong(last).array());
  }

  /**
   * The table's row count as {@code tx} sees it, if kept: empty for a table created before row
   * counts were kept, until a statement adds or removes rows ({@code TableStore} counts them then).
   */
  public static OptionalLong rowCount(KvTransaction tx, int tableId) {
    return tx.getLong(Keyspace.CATALOG, key(ROW_COUNT, tableId));
  }

  /**
   * Moves the table's row count by {@code delta} (stored when {@code tx} commits); false if it
   * keeps none.
   */
  public static boolean addToRowCount(WriteTransaction tx, int tableId, long delta) {
    return tx.addToCounter(Keyspace.CATALOG, key(ROW_COUNT, tableId), delta);
  }

  /** Records the table's row count (by the statement that changed it, in its atomic block). */
  public static void saveRowCount(WriteTransaction tx, int tableId, long rows) {
    tx.put(Keyspace.CATALOG, key(ROW_COUNT, tableId), ByteBuffer.allocate(8).putLong(rows).array());
  }

  /** Stores what ANALYZE measured of the table (returned with it by {@link #load}). */
  private static void saveStats(WriteTransaction tx, int tableId, TableStats stats) {
    var out =
        ByteBuffer.allocate(
            12 + stats.distinct().values().stream().mapToInt(d -> 8 + 8 * d.length).sum());
    out.putLong(stats.rows()).putInt(stats.distinct().size());
    stats
        .distinct()
        .forEach(
            (key, counts) -> {
              out.putInt(key).putInt(counts.length);
              for (long c : counts) {
                out.putLong(c);
              }
            });
    tx.put(Keyspace.CATALOG, key(STATS, tableId), out.array());
  }

  private static TableStats stats(KvTransaction tx, int tableId) {
    return tx.get(Keyspace.CATALOG, key(STATS, tableId))
        .map(
            s -> {
              var in = ByteBuffer.wrap(s.toByteArray());
              long rows = in.getLong();
              var distinct = new java.util.TreeMap<Integer, long[]>();
              for (int n = in.getInt(); n > 0; n--) {
                int key = in.getInt();
                var counts = new long[in.getInt()];
                for (int i = 0; i < counts.length; i++) {
                  counts[i] = in.getLong();
                }
                distinct.put(key, counts);
              }
              return new TableStats(rows, distinct);
            })
        .orElse(TableStats.NONE);
  }

  /** The catalog version visible to {@code tx} (0 before any schema change). */
  public static long version(KvTransaction tx) {
    return tx.get(Keyspace.CATALOG, VERSION)
        .map(s -> s.base().get(Memory.LONG_BE, s.offset()))
        .orElse(0L);
  }

  /** Marks a schema change: increments the catalog version. */
  public static long bumpVersion(WriteTransaction tx) {
    long next = version(tx) + 1;
    tx.put(Keyspace.CATALOG, VERSION, ByteBuffer.allocate(8).putLong(next).array());
    return next;
  }

  /** The first bytes of every key of the table in {@link Keyspace#DATA}. */
  public static byte[] tablePrefix(int tableId) {
    return ByteBuffer.allocate(4).putInt(tableId).array();
  }

  private static int nextTableId(WriteTransaction tx) {
    int id =
        tx.get(Keyspace.CATALOG, NEXT_TABLE_ID)
            .map(s -> s.base().get(Memory.INT_BE, s.offset()))
            .orElse(1);
    tx.put(Keyspace.CATALOG, NEXT_TABLE_ID, ByteBuffer.allocate(4).putInt(id + 1).array());
    return id;
  }

  private static byte[] key(byte kind, int tableId) {
    return ByteBuffer.allocate(5).put(kind).putInt(tableId).array();
  }
}
