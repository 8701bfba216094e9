package io.kitesql.catalog;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * /** An immutable snapshot of the database's tables and views, as of one transaction. Names are
 * looked up exactly, as stored: a statement's names are folded by {@link #nameFolding()} first;
 * tables and views share one name space. Changes make a new snapshot ({@link #withTable}, {@link
 * #withoutTable}, {@link #withView}, {@link #withoutView}).
 */
public final class Catalog {
  private static final Catalog EMPTY =
      new Catalog(new TreeMap<>(), new TreeMap<>(), NameFolding.UNQUOTED);

  private final Map<String, TableDef> tables;
  private final Map<String, ViewDef> views;
  private final NameFolding nameFolding;

  private Catalog(
      TreeMap<String, TableDef> tables, TreeMap<String, ViewDef> views, NameFolding nameFolding) {
    this.tables = java.util.Collections.unmodifiableMap(tables);
    this.views = java.util.Collections.unmodifiableMap(views);
    this.nameFolding = nameFolding;
  }

  public static Catalog empty() {
    return EMPTY;
  }

  static Catalog of(
      Collection<TableDef> tables, Collection<ViewDef> views, NameFolding nameFolding) {
    var tableMap = new TreeMap<String, TableDef>();
    for (var t : tables) {
      tableMap.put(t.name(), t);
    }
    var viewMap = new TreeMap<String, ViewDef>();
    for (var v : views) {
      viewMap.put(v.name(), v);
    }
    return new Catalog(tableMap, viewMap, nameFolding);
  }

  /** How the names of statements run against this database are folded before they are looked up. */
  public NameFolding nameFolding() {
    return nameFolding;
  }

  /** The table stored under exactly this name. */
  public Optional<TableDef> table(String name) {
    return Optional.ofNullable(tables.get(name));
  }

  /**
   * The named table.
   *
   * @throws KiteSqlException UNKNOWN_TABLE naming the missing table
   */
  public TableDef requireTable(String name) {
    return table(name)
        .orElseThrow(
            () ->
                new KiteSqlException(ErrorCode.UNKNOWN_TABLE, "table " + name + " does not exist"));
  }

  /** Tables in name order. */
  public Collection<TableDef> tables() {
    return tables.values();
  }

  /** The table that owns the named index. */
  public Optional<TableDef> indexOwner(String indexName) {
    return tables.values().stream().filter(t -> t.index(indexName).isPresent()).findFirst();
  }

  /** A snapshot with {@code table} added or replaced (matched by name). */
  public Catalog withTable(TableDef table) {
    var map = new TreeMap<>(tables);
    map.put(table.name(), table);
    return new Catalog(map, new TreeMap<>(views), nameFolding);
  }

  public Catalog withoutTable(String name) {
    var map = new TreeMap<>(tables);
    map.remove(name);
    return new Catalog(map, new TreeMap<>(views), nameFolding);
  }

  /** The view stored under exactly this name. */
  public Optional<ViewDef> view(String name) {
    return Optional.ofNullable(views.get(name));
  }

  /** Views in name order. */
  public Collection<ViewDef> views() {
    return views.values();
  }

  /** The table or view called {@code name}. */
  public Optional<CatalogEntry> relation(String name) {
    return table(name).<CatalogEntry>map(t -> t).or(() -> view(name));
  }

  /** The views whose queries read the table or view {@code name} directly, in name order. */
  public java.util.List<ViewDef> dependents(String name) {
    return views.values().stream().filter(v -> v.dependsOn(name)).toList();
  }

  /** A snapshot with {@code view} added or replaced (matched by name). */
  public Catalog withView(ViewDef view) {
    var map = new TreeMap<>(views);
    map.put(view.name(), view);
    return new Catalog(new TreeMap<>(tables), map, nameFolding);
  }

  public Catalog withoutView(String name) {
    var map = new TreeMap<>(views);
    map.remove(name);
    return new Catalog(new TreeMap<>(tables), map, nameFolding);
  }

  @Override
  public String toString() {
    return "Catalog" + tables.keySet() + (views.isEmpty() ? "" : " views " + views.keySet());
  }
}
