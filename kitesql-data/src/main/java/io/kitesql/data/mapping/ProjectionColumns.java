package io.kitesql.data.mapping;

import io.kitesql.data.core.Row;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.data.mapping.MappingException;

/**
 * Where a projection's properties are in a result: one column for a simple property, and each of
 * its columns for a property holding the domain entity's {@code @Embedded} value (or composite id),
 * read back into one value of the embedded type ({@code interface AuthorSummary { CharSequence
 * name(); Address address(); }}). Text inside the value is read as for the entity: a {@code
 * CharSequence} property borrows. A projection's embedded property must have the embedded type (or
 * a supertype of it): a nested projection of an embedded value is refused when the projection is
 * made.
 */
final class ProjectionColumns {
  private final Class<?> projection;
  private final @Nullable EntityMapping<?> domain;
  private final List<List<String>> candidates = new ArrayList<>();
  private final List<String> names = new ArrayList<>();
  private final List<Class<?>> types = new ArrayList<>();
  private final List<Integer> firstPositions = new ArrayList<>();
  private final List<@Nullable EmbeddedValue> embedded = new ArrayList<>();
  private EntityMapping.@Nullable ResultLayout layout;

  ProjectionColumns(Class<?> projection, @Nullable EntityMapping<?> domain) {
    this.projection = projection;
    this.domain = domain;
  }

  /**
   * Adds property {@code name} of type {@code type}, read from the first of {@code columns} the
   * result has unless it holds an embedded value; returns its slot.
   */
  int add(String name, Class<?> type, List<String> columns) {
    int slot = names.size();
    names.add(name);
    types.add(type);
    firstPositions.add(candidates.size());
    var value = domain == null ? null : domain.embedded(name).orElse(null);
    if (value == null) {
      embedded.add(null);
      candidates.add(columns);
      return slot;
    }
    var held = value.property().getActualType();
    if (!type.isAssignableFrom(held)) {
      throw new MappingException(
          "projection "
              + projection.getName()
              + "."
              + name
              + " is a "
              + type.getName()
              + ", but "
              + name
              + " of "
              + domain.type().getName()
              + " is an @Embedded "
              + held.getName()
              + ": a projection reads an embedded value as "
              + held.getSimpleName()
              + " itself; a nested projection of an embedded value is not supported");
    }
    embedded.add(value);
    for (var column : value.columns()) {
      candidates.add(List.of(column.name()));
    }
    return slot;
  }

  /** The properties added, in slot order. */
  List<String> names() {
    return List.copyOf(names);
  }

  int size() {
    return names.size();
  }

  Class<?> type(int slot) {
    return types.get(slot);
  }

  String name(int slot) {
    return names.get(slot);
  }

  /** Ends the {@link #add}s: the projection reads rows from now on. */
  void complete() {
    layout = new EntityMapping.ResultLayout(candidates);
  }

  /** The positions of every slot's columns in {@code row}'s result. */
  int[] indexesFor(Row row) {
    return layout().indexesFor(row.columns());
  }

  private EntityMapping.ResultLayout layout() {
    var known = layout;
    if (known == null) {
      throw new IllegalStateException("a projection read rows before its columns were complete");
    }
    return known;
  }

  /**
   * The value of {@code slot} in {@code row} (null for a NULL column, or an embedded value whose
   * columns are all NULL and that is not created empty); a missing column is an error naming the
   * result's columns.
   */
  @Nullable Object read(Row row, int[] indexes, int slot, Conversions conversions) {
    int first = firstPositions.get(slot);
    var value = embedded.get(slot);
    if (value == null) {
      if (indexes[first] < 0) {
        throw missing(row, first, names.get(slot));
      }
      return conversions.read(row, indexes[first], types.get(slot));
    }
    var columns = value.columns();
    for (int i = 0; i < columns.size(); i++) {
      if (indexes[first + i] < 0) {
        throw missing(row, first + i, names.get(slot) + "." + columns.get(i).property().getName());
      }
    }
    return value.read(row, indexes, first);
  }

  private MappingException missing(Row row, int position, String property) {
    return layout().missing(position, property, projection, row.columns());
  }
}
