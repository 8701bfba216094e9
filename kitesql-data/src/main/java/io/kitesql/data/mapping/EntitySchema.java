package io.kitesql.data.mapping;

import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.core.Statement;
import io.kitesql.value.Binary;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Collection;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.data.mapping.MappingException;

/**
 * Tables made from entities, for applications that opt in instead of writing a {@code schema.sql}:
 * one column per property (an {@code @Embedded} value's columns in its place) with a SQL type from
 * its Java type, the {@code @Id} as primary key (a composite id's columns together), primitives NOT
 * NULL. Existing tables are left as they are ({@code create table if not exists}). A schema script
 * is the portable choice (the same file serves PostgreSQL); this is the quick one.
 *
 * <p>Types: text-like properties ({@code String}, {@code CharSequence}, enums, {@code UUID}) are
 * VARCHAR, {@code int}/{@code short}/{@code byte} INT, {@code long} BIGINT, {@code double}/ {@code
 * float} DOUBLE, {@code BigDecimal} DECIMAL(18, 4) (the engine keeps 18 digits), {@code BigInteger}
 * DECIMAL(18, 0), {@code LocalDate} DATE, {@code LocalDateTime}/{@code Instant} TIMESTAMP, {@code
 * byte[]} VARBINARY; a property with a custom writing converter takes the type of what it converts
 * to.
 */
public final class EntitySchema {
  private EntitySchema() {}

  /** Creates the tables of {@code entityTypes} that do not exist yet. */
  public static void createMissingTables(
      KiteSqlTemplate template,
      KiteSqlMappingContext context,
      Conversions conversions,
      Collection<Class<?>> entityTypes) {
    template.inWriteTransaction(
        tx -> {
          for (var type : entityTypes) {
            var mapping = new EntityMapping<>(context, type, conversions);
            template.update(Statement.named("EntitySchema.createTable", createTableSql(mapping)));
          }
          return null;
        });
  }

  /** {@code create table if not exists ...} for one entity. */
  public static String createTableSql(EntityMapping<?> mapping) {
    var columns =
        mapping.columns().stream()
            .map(
                column ->
                    column.sql()
                        + " "
                        + sqlType(column, mapping.conversions())
                        + (!mapping.hasCompositeId() && column.equals(mapping.id())
                            ? " primary key"
                            : column.property().getType().isPrimitive() ? " not null" : ""))
            .collect(Collectors.joining(", "));
    var compositeKey =
        mapping.hasCompositeId()
            ? ", primary key ("
                + mapping.idColumns().stream()
                    .map(MappedColumn::sql)
                    .collect(Collectors.joining(", "))
                + ")"
            : "";
    return "create table if not exists " + mapping.table() + " (" + columns + compositeKey + ")";
  }

  private static String sqlType(MappedColumn column, Conversions conversions) {
    var type =
        AggregateReferences.isReference(column.property())
            ? AggregateReferences.idType(column.property())
            : conversions.writeTarget(column.property().getType());
    if (CharSequence.class.isAssignableFrom(type)
        || type.isEnum()
        || type == UUID.class
        || type == Character.class
        || type == char.class) {
      return "varchar";
    }
    if (type == int.class
        || type == Integer.class
        || type == short.class
        || type == Short.class
        || type == byte.class
        || type == Byte.class) {
      return "int";
    }
    if (type == long.class || type == Long.class) {
      return "bigint";
    }
    if (type == double.class
        || type == Double.class
        || type == float.class
        || type == Float.class) {
      return "double";
    }
    if (type == boolean.class || type == Boolean.class) {
      return "boolean";
    }
    if (type == BigDecimal.class) {
      return "decimal(18, 4)";
    }
    if (type == BigInteger.class) {
      return "decimal(18, 0)";
    }
    if (type == LocalDate.class) {
      return "date";
    }
    if (type == LocalDateTime.class || type == Instant.class) {
      return "timestamp";
    }
    if (type == byte[].class || type == Binary.class) {
      return "varbinary";
    }
    throw new MappingException(
        "no SQL type for "
            + column.propertyName()
            + " of type "
            + type.getName()
            + ": declare the table in a schema script, or register a writing converter");
  }
}
