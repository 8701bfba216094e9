package io.kitesql.catalog;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * An immutable snapshot of the database's tables, as of one transaction. Names are looked up
 * exactly, as stored: a statement's names are folded by {@link #nameFolding()} first. Changes make
 * a new snapshot ({@link #withTable}, {@link #withoutTable}).
 */
public final class Catalog {
  private static final Catalog EMPTY = new Catalog(new TreeMap<>(), NameFolding.UNQUOTED);

  private final Map<String, TableDef> tables;
  private final NameFolding nameFolding;

  private Catalog(TreeMap<String, TableDef> tables, NameFolding nameFolding) {
    this.tables = java.util.Collections.unmodifiableMap(tables);
    this.nameFolding = nameFolding;
  }

  public static Catalog empty() {
    return EMPTY;
  }

  static Catalog of(Collection<TableDef> tables, NameFolding nameFolding) {
    var map = new TreeMap<String, TableDef>();
    for (var t : tables) {
      map.put(t.name(), t);
    }
    return new Catalog(map, nameFolding);
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
    return table(name).orElseThrow(() -> new KiteSqlException(ErrorCode.UNKNOWN_TABLE, "table " + name + " does not exist"));
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
    return new Catalog(map, nameFolding);
  }

  public Catalog withoutTable(String name) {
    var map = new TreeMap<>(tables);
    map.remove(name);
    return new Catalog(map, nameFolding);
  }

  @Override
  public String toString() {
    return "Catalog" + tables.keySet();
  }
}
