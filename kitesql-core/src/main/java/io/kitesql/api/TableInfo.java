package io.kitesql.api;

import io.kitesql.catalog.Catalog;
import io.kitesql.catalog.CatalogEntry;
import io.kitesql.catalog.ColumnDef;
import io.kitesql.catalog.TableDef;
import io.kitesql.catalog.ViewDef;
import io.kitesql.value.DataType;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A table or view as an application, a tool or a JDBC driver sees it: names and types, keys and
 * indexes, as of the last committed schema change ({@link Database#tables()}). A copy: it stays as
 * it was when the schema changes.
 *
 * @param name the table's name, as it was created (quoted names keep their case)
 * @param view whether it is a view (then it has no keys or indexes)
 * @param columns its columns in order
 * @param primaryKey the names of the primary key's columns in key order; empty for a view and for a
 *     table without a declared primary key (its rows are keyed by a hidden row id)
 * @param indexes its secondary indexes
 */
public record TableInfo(
    String name, boolean view, List<Column> columns, List<String> primaryKey, List<Index> indexes) {

  public TableInfo {
    columns = List.copyOf(columns);
    primaryKey = List.copyOf(primaryKey);
    indexes = List.copyOf(indexes);
  }

  /**
   * A column.
   *
   * @param name its name
   * @param type its SQL type
   * @param nullable whether it admits NULL
   * @param defaultSql its DEFAULT expression as written, if it has one
   * @param identity whether its values are generated ({@code GENERATED ... AS IDENTITY} or {@code
   *     SERIAL})
   */
  public record Column(
      String name,
      DataType type,
      boolean nullable,
      Optional<String> defaultSql,
      boolean identity) {}

  /**
   * A secondary index.
   *
   * @param name its name
   * @param columns the names of its columns in key order
   * @param unique whether it is UNIQUE
   */
  public record Index(String name, List<String> columns, boolean unique) {
    public Index {
      columns = List.copyOf(columns);
    }
  }

  /** The identity column, if the table has one. */
  public Optional<Column> identityColumn() {
    return columns.stream().filter(Column::identity).findFirst();
  }

  /** The tables, then the views, of {@code catalog}, each by name. */
  static List<TableInfo> all(Catalog catalog) {
    var tables = catalog.tables().stream().map(TableInfo::of);
    var views = catalog.views().stream().map(TableInfo::of);
    return Stream.concat(
            tables.sorted(Comparator.comparing(TableInfo::name)),
            views.sorted(Comparator.comparing(TableInfo::name)))
        .toList();
  }

  static TableInfo of(CatalogEntry entry) {
    return switch (entry) {
      case TableDef table -> of(table);
      case ViewDef view -> of(view);
    };
  }

  static TableInfo of(TableDef table) {
    var columns = table.columns().stream().map(TableInfo::column).toList();
    return new TableInfo(
        table.name(),
        false,
        columns,
        table.hasHiddenRowId() ? List.of() : names(table, table.primaryKey()),
        table.indexes().stream()
            .map(i -> new Index(i.name(), names(table, i.columns()), i.unique()))
            .toList());
  }

  static TableInfo of(ViewDef view) {
    var columns =
        view.columns().stream()
            .map(c -> new Column(c.name(), c.type(), true, Optional.empty(), false))
            .toList();
    return new TableInfo(view.name(), true, columns, List.of(), List.of());
  }

  private static Column column(ColumnDef c) {
    return new Column(c.name(), c.type(), c.nullable(), c.defaultSql(), c.identity().isPresent());
  }

  private static List<String> names(TableDef table, List<Integer> positions) {
    return positions.stream().map(i -> table.columns().get(i).name()).toList();
  }
}
