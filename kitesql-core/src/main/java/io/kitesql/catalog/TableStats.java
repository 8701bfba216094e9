package io.kitesql.catalog;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * What {@code ANALYZE} measured of a table, for the planner's estimates: its rows, and per key (the
 * primary key and each index) how many distinct values each prefix of its columns has, as SQLite's
 * {@code sqlite_stat1} keeps them. {@code distinct[k]} counts the distinct values of the key's
 * first {@code k + 1} columns, so {@code rows / distinct[k]} rows share one value of them. Figures
 * as of the last ANALYZE: rows written since then are not in them.
 *
 * @param rows the table's rows when analyzed; -1 if never analyzed ({@link #NONE})
 * @param distinct per key ({@link #PRIMARY_KEY} or an index id), the distinct counts of its
 *     prefixes, one per key column
 */
public record TableStats(long rows, Map<Integer, long[]> distinct) {
  /** The key of the primary key's figures in {@link #distinct} (index ids start at 1). */
  public static final int PRIMARY_KEY = 0;

  /** A table never analyzed: the planner estimates without figures. */
  public static final TableStats NONE = new TableStats(-1, Map.of());

  public TableStats {
    var copy = new TreeMap<Integer, long[]>();
    distinct.forEach((k, v) -> copy.put(k, v.clone()));
    distinct = java.util.Collections.unmodifiableMap(copy);
  }

  /** Whether ANALYZE measured the table. */
  public boolean analyzed() {
    return rows >= 0;
  }

  /**
   * Whether the planner goes by these figures: measured, and not while the table was empty (then
   * every estimate would be one row, and a fresh application's empty figures would choose its plans
   * once its tables have filled).
   */
  public boolean guidesPlans() {
    return rows >= 1;
  }

  /**
   * The distinct values of the first {@code columns} columns of {@code index} (the primary key if
   * empty), if measured.
   */
  public OptionalLong distinct(Optional<IndexDef> index, int columns) {
    long[] counts = distinct.get(index.map(IndexDef::id).orElse(PRIMARY_KEY));
    if (counts == null || columns < 1 || columns > counts.length) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(counts[columns - 1]);
  }

  /** These figures without those of index {@code id} (dropped, or its id given to a new index). */
  public TableStats withoutIndex(int id) {
    if (!distinct.containsKey(id)) {
      return this;
    }
    var rest = new TreeMap<>(distinct);
    rest.remove(id);
    return new TableStats(rows, rest);
  }

  // Arrays compare by identity in a record's generated methods: compare contents, since a TableDef
  // (which holds these) is a map key and compared to tell catalogs apart.
  @Override
  public boolean equals(Object o) {
    if (!(o instanceof TableStats other)
        || rows != other.rows
        || !distinct.keySet().equals(other.distinct.keySet())) {
      return false;
    }
    return distinct.entrySet().stream()
        .allMatch(e -> Arrays.equals(e.getValue(), other.distinct.get(e.getKey())));
  }

  @Override
  public int hashCode() {
    int h = Long.hashCode(rows);
    for (var e : distinct.entrySet()) {
      h = 31 * h + e.getKey() * 17 + Arrays.hashCode(e.getValue());
    }
    return h;
  }

  @Override
  public String toString() {
    var sb = new StringBuilder("TableStats[rows=").append(rows);
    distinct.forEach(
        (k, v) ->
            sb.append(", ")
                .append(k == PRIMARY_KEY ? "pk" : "index " + k)
                .append('=')
                .append(Arrays.toString(v)));
    return sb.append(']').toString();
  }
}
