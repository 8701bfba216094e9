package io.kitesql.catalog;

import io.kitesql.value.DataType;
import java.util.Objects;
import java.util.Optional;

/**
 * A column of a table.
 *
 * @param name the column name as declared
 * @param type its type
 * @param nullable whether NULL may be stored
 * @param defaultSql the DEFAULT clause's constant as SQL text (the binder evaluates it), if any
 */
public record ColumnDef(String name, DataType type, boolean nullable, Optional<String> defaultSql) {
  public ColumnDef {
    Names.check(name, "column");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(defaultSql, "defaultSql");
  }

  public static ColumnDef of(String name, DataType type) {
    return new ColumnDef(name, type, true, Optional.empty());
  }

  public ColumnDef notNull() {
    return new ColumnDef(name, type, false, defaultSql);
  }

  public ColumnDef withDefault(String sql) {
    return new ColumnDef(name, type, nullable, Optional.of(sql));
  }
}
