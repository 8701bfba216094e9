package io.kitesql.catalog;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * An immutable snapshot of the database's tables, as of one transaction. Names are looked up
 * case-insensitively. Changes make a new snapshot ({@link #withTable}, {@link #withoutTable}).
 */
public final class Catalog {
  private static final Catalog EMPTY = new Catalog(new TreeMap<>());

  private final Map<String, TableDef> tables;

  private Catalog(TreeMap<String, TableDef> tables) {
    this.tables = java.util.Collections.unmodifiableMap(tables);
  }

  public static Catalog empty() {
    return EMPTY;
  }

  static Catalog of(Collection<TableDef> tables) {
    var map = new TreeMap<String, TableDef>();
    for (var t : tables) {
      map.put(Names.key(t.name()), t);
    }
    return new Catalog(map);
  }

  public Optional<TableDef> table(String name) {
    return Optional.ofNullable(tables.get(Names.key(name)));
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
    map.put(Names.key(table.name()), table);
    return new Catalog(map);
  }

  public Catalog withoutTable(String name) {
    var map = new TreeMap<>(tables);
    map.remove(Names.key(name));
    return new Catalog(map);
  }

  @Override
  public String toString() {
    return "Catalog" + tables.keySet();
  }
}
