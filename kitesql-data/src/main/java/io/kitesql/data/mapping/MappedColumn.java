package io.kitesql.data.mapping;

import org.springframework.data.relational.core.mapping.RelationalPersistentProperty;

/**
 * One persistent property and the column it is stored in.
 *
 * @param name the column name as the table declares it
 * @param sql the column name quoted for SQL text
 * @param property the property
 */
public record MappedColumn(String name, String sql, RelationalPersistentProperty property) {

  /** The property's name in the entity. */
  public String propertyName() {
    return property.getName();
  }

  /** A name quoted as a SQL identifier ({@code "name"}, inner quotes doubled). */
  public static String quote(String name) {
    return '"' + name.replace("\"", "\"\"") + '"';
  }
}
