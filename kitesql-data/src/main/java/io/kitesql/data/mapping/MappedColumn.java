package io.kitesql.data.mapping;

import org.jspecify.annotations.Nullable;
import org.springframework.data.relational.core.mapping.RelationalPersistentProperty;

/**
 * One persistent property and the column it is stored in.
 *
 * @param name the column name as the table declares it
 * @param sql the column name quoted for SQL text
 * @param property the property (for a column of an embedded value, the embedded type's property)
 * @param embeddedIn the entity's {@code @Embedded} property (or composite {@code @Id}) this column
 *     belongs to, or null for a column of the entity's own
 */
public record MappedColumn(
    String name,
    String sql,
    RelationalPersistentProperty property,
    @Nullable RelationalPersistentProperty embeddedIn) {

  /** A column of the entity's own property. */
  public MappedColumn(String name, String sql, RelationalPersistentProperty property) {
    this(name, sql, property, null);
  }

  /**
   * The property's path in the entity: its name, or {@code address.city} for a column of an
   * embedded value.
   */
  public String propertyName() {
    return embeddedIn == null
        ? property.getName()
        : embeddedIn.getName() + "." + property.getName();
  }

  /** A name quoted as a SQL identifier ({@code "name"}, inner quotes doubled). */
  public static String quote(String name) {
    return '"' + name.replace("\"", "\"\"") + '"';
  }
}
