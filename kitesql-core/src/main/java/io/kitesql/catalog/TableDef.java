package io.kitesql.catalog;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.value.DataType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A table: its columns, primary key and secondary indexes.
 *
 * @param id identifies the table's rows and index entries in storage (the first bytes of every key)
 * @param name the table name as stored (folded: {@link NameFolding})
 * @param columns the columns in declaration order
 * @param primaryKey positions of the primary-key columns; empty means the table has none and rows
 *     are keyed by a hidden, increasing row id
 * @param indexes secondary indexes (UNIQUE constraints are unique indexes)
 * @param stats what the last ANALYZE measured ({@link TableStats#NONE} before any); not part of the
 *     stored definition ({@link CatalogStore} keeps it beside it)
 */
public record TableDef(
    int id,
    String name,
    List<ColumnDef> columns,
    List<Integer> primaryKey,
    List<IndexDef> indexes,
    TableStats stats)
    implements CatalogEntry {
  /** A table not analyzed. */
  public TableDef(
      int id,
      String name,
      List<ColumnDef> columns,
      List<Integer> primaryKey,
      List<IndexDef> indexes) {
    this(id, name, columns, primaryKey, indexes, TableStats.NONE);
  }

  public TableDef {
    if (id < 1) {
      throw new IllegalArgumentException("table id must be positive, was " + id);
    }
    Names.check(name, "table");
    columns = List.copyOf(columns);
    primaryKey = List.copyOf(primaryKey);
    indexes = List.copyOf(indexes);
    if (columns.isEmpty()) {
      throw new KiteSqlException(
          ErrorCode.CATALOG_CONFLICT, "table " + name + " must have at least one column");
    }
    var seen = new HashSet<String>();
    for (var c : columns) {
      if (!seen.add(c.name())) {
        throw new KiteSqlException(
            ErrorCode.CATALOG_CONFLICT,
            "column " + c.name() + " is declared twice in table " + name);
      }
    }
    if (columns.stream().filter(c -> c.identity().isPresent()).count() > 1) {
      // one counter per table, as the SQL standard has it (PostgreSQL allows several)
      throw new KiteSqlException(
          ErrorCode.CATALOG_CONFLICT, "table " + name + " has more than one identity column");
    }
    for (int p : primaryKey) {
      checkPosition(p, columns.size(), name);
    }
    var indexIds = new HashSet<Integer>();
    for (var index : indexes) {
      for (int p : index.columns()) {
        checkPosition(p, columns.size(), name);
      }
      if (!indexIds.add(index.id())) {
        throw new IllegalArgumentException(
            "index id " + index.id() + " is used twice in table " + name);
      }
    }
  }

  private static void checkPosition(int position, int columns, String table) {
    if (position < 0 || position >= columns) {
      throw new IllegalArgumentException(
          "column position " + position + " out of range for table " + table);
    }
  }

  /**
   * The columns (positions) a walk of {@code index}, or of the primary key without one, is ordered
   * by: the index's columns, then the primary key's, which every index entry ends with (not with a
   * hidden row id, which is no column).
   */
  public List<Integer> walkOrder(Optional<IndexDef> index) {
    if (index.isEmpty()) {
      return primaryKey;
    }
    if (hasHiddenRowId()) {
      return index.get().columns();
    }
    var order = new ArrayList<>(index.get().columns());
    order.addAll(primaryKey);
    return List.copyOf(order);
  }

  /**
   * The types of the columns of {@link #walkOrder}: what a key range's bound values are coerced to.
   */
  public DataType[] walkTypes(Optional<IndexDef> index) {
    return walkOrder(index).stream().map(c -> columns.get(c).type()).toArray(DataType[]::new);
  }

  /**
   * The types of the key columns of {@code index}, or of the primary key without one (empty with a
   * hidden row id).
   */
  public DataType[] keyTypes(Optional<IndexDef> index) {
    return index.map(IndexDef::columns).orElse(primaryKey).stream()
        .map(c -> columns.get(c).type())
        .toArray(DataType[]::new);
  }

  /** The position of the identity column, if the table has one. */
  public OptionalInt identityColumn() {
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).identity().isPresent()) {
        return OptionalInt.of(i);
      }
    }
    return OptionalInt.empty();
  }

  /** Whether rows are keyed by a hidden row id (no declared primary key). */
  public boolean hasHiddenRowId() {
    return primaryKey.isEmpty();
  }

  /** The position of the column stored under exactly this name. */
  public Optional<Integer> columnPosition(String column) {
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).name().equals(column)) {
        return Optional.of(i);
      }
    }
    return Optional.empty();
  }

  /** The index stored under exactly this name. */
  public Optional<IndexDef> index(String indexName) {
    return indexes.stream().filter(i -> i.name().equals(indexName)).findFirst();
  }

  /** A copy whose table, column and index names are lower-cased ({@link NameFolding#ALL}). */
  TableDef withLowerCaseNames() {
    var folded =
        columns.stream()
            .map(
                c ->
                    new ColumnDef(
                        NameFolding.lowerCase(c.name()),
                        c.type(),
                        c.nullable(),
                        c.defaultSql(),
                        c.identity()))
            .toList();
    var foldedIndexes =
        indexes.stream()
            .map(
                i -> new IndexDef(i.id(), NameFolding.lowerCase(i.name()), i.columns(), i.unique()))
            .toList();
    return new TableDef(id, NameFolding.lowerCase(name), folded, primaryKey, foldedIndexes, stats);
  }

  /** A copy with one more column at the end (ALTER TABLE ADD COLUMN). */
  public TableDef withColumn(ColumnDef column) {
    var list = new ArrayList<>(columns);
    list.add(column);
    return new TableDef(id, name, list, primaryKey, indexes, stats);
  }

  /** A copy with one more index, given the next free index id. */
  public TableDef withIndex(String indexName, List<Integer> indexColumns, boolean unique) {
    int next = indexes.stream().mapToInt(IndexDef::id).max().orElse(0) + 1;
    var list = new ArrayList<>(indexes);
    list.add(new IndexDef(next, indexName, indexColumns, unique));
    return new TableDef(id, name, columns, primaryKey, list, stats.withoutIndex(next));
  }

  public TableDef withoutIndex(String indexName) {
    var list = indexes.stream().filter(i -> !i.name().equals(indexName)).toList();
    var dropped = index(indexName).map(IndexDef::id);
    return new TableDef(
        id, name, columns, primaryKey, list, dropped.map(stats::withoutIndex).orElse(stats));
  }

  /** A copy with the figures of an ANALYZE. */
  public TableDef withStats(TableStats measured) {
    return new TableDef(id, name, columns, primaryKey, indexes, measured);
  }
}
