package io.kitesql.catalog;

import java.util.List;

/**
 * A secondary index: entries keyed by the indexed columns' values followed by the primary key.
 *
 * @param id identifies the index within its table (part of every entry's key)
 * @param name the index name, unique within the database
 * @param columns positions of the indexed columns in the table, in key order
 * @param unique whether two rows may not share the indexed values (rows with a NULL among them
 *     never conflict, as in SQL)
 */
public record IndexDef(int id, String name, List<Integer> columns, boolean unique) {
  public IndexDef {
    if (id < 1) {
      throw new IllegalArgumentException("index id must be positive, was " + id);
    }
    Names.check(name, "index");
    columns = List.copyOf(columns);
    if (columns.isEmpty()) {
      throw new IllegalArgumentException("index " + name + " has no columns");
    }
  }
}
