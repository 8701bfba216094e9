package io.kitesql.plan;

import io.kitesql.value.DataType;
import java.util.Objects;
import java.util.Optional;

/**
 * A column of a plan node's output rows.
 *
 * @param name the name a query sees (column name or alias, or the expression's SQL text)
 * @param type its type
 * @param qualifier the table name or alias that qualifies it ({@code t.name}), if any
 */
public record OutputColumn(String name, DataType type, Optional<String> qualifier) {
  public OutputColumn {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(qualifier, "qualifier");
  }

  public static OutputColumn of(String name, DataType type) {
    return new OutputColumn(name, type, Optional.empty());
  }
}
