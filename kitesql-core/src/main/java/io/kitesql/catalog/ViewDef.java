package io.kitesql.catalog;

import io.kitesql.value.DataType;
import java.util.List;
import java.util.Objects;

/**
 * A view: a named query, inlined wherever it is referenced.
 *
 * <p>Its columns are frozen when it is created, as in PostgreSQL: a later {@code ALTER TABLE ADD
 * COLUMN} does not change what {@code SELECT *} in the view's query means. KiteSQL keeps the query
 * as text and binds it again at each use, so it records how many columns each relation the query
 * reads had at creation ({@link Dependency#columns}) and binds the query against only those.
 *
 * @param id identifies the catalog entry (drawn from the table ids)
 * @param name the view name as stored (folded: {@link NameFolding})
 * @param query the view's SELECT as SQL text, as KiteSQL printed and checked it at creation
 * @param columns the view's columns: names (its column list, or the query's) and types
 * @param dependencies the tables and views the query reads directly, with their column counts at
 *     creation; a table or view a view depends on cannot be dropped
 */
public record ViewDef(
    int id, String name, String query, List<Column> columns, List<Dependency> dependencies)
    implements CatalogEntry {

  /** A column of the view. */
  public record Column(String name, DataType type) {
    public Column {
      Names.check(name, "column");
      Objects.requireNonNull(type, "type");
    }
  }

  /** A table or view the view's query reads, and how many of its columns existed at creation. */
  public record Dependency(String name, int columns) {
    public Dependency {
      Names.check(name, "table");
      if (columns < 1) {
        throw new IllegalArgumentException("a relation has at least one column, not " + columns);
      }
    }

    /** Whether it names {@code relation} (names are stored folded and compared exactly). */
    public boolean names(String relation) {
      return name.equals(relation);
    }
  }

  public ViewDef {
    if (id < 1) {
      throw new IllegalArgumentException("view id must be positive, was " + id);
    }
    Names.check(name, "view");
    Objects.requireNonNull(query, "query");
    columns = List.copyOf(columns);
    dependencies = List.copyOf(dependencies);
    if (columns.isEmpty()) {
      throw new IllegalArgumentException("view " + name + " has no columns");
    }
  }

  /** Whether the query reads {@code relation} directly. */
  public boolean dependsOn(String relation) {
    return dependencies.stream().anyMatch(d -> d.names(relation));
  }

  /** The same view under catalog id {@code newId}. */
  public ViewDef withId(int newId) {
    return new ViewDef(newId, name, query, columns, dependencies);
  }
}
