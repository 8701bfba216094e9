package io.kitesql.catalog;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
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
 * @param identity how the column's values are generated, if it is an identity column (then it is
 *     NOT NULL and has no DEFAULT, as in PostgreSQL)
 */
public record ColumnDef(
    String name,
    DataType type,
    boolean nullable,
    Optional<String> defaultSql,
    Optional<Identity> identity) {
  public ColumnDef {
    Names.check(name, "column");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(defaultSql, "defaultSql");
    Objects.requireNonNull(identity, "identity");
    if (identity.isPresent()) {
      if (defaultSql.isPresent()) {
        throw new KiteSqlException(
            ErrorCode.SYNTAX_ERROR, "both DEFAULT and identity specified for column " + name);
      }
      identity.get().checkFor(name, type);
      nullable = false;
    }
  }

  /** A column that is not an identity column. */
  public ColumnDef(String name, DataType type, boolean nullable, Optional<String> defaultSql) {
    this(name, type, nullable, defaultSql, Optional.empty());
  }

  public static ColumnDef of(String name, DataType type) {
    return new ColumnDef(name, type, true, Optional.empty());
  }

  public ColumnDef notNull() {
    return new ColumnDef(name, type, false, defaultSql, identity);
  }

  public ColumnDef withDefault(String sql) {
    return new ColumnDef(name, type, nullable, Optional.of(sql), identity);
  }

  public ColumnDef withIdentity(Identity generated) {
    return new ColumnDef(name, type, false, defaultSql, Optional.of(generated));
  }
}
