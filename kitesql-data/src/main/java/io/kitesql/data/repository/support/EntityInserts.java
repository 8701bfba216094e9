package io.kitesql.data.repository.support;

import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.core.Statement;
import io.kitesql.data.mapping.EntityMapping;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * The inserts and upserts of one entity type: one entity per statement for {@code save}, many rows
 * per statement ({@code insert ... values (...), (...) returning id}) for {@code saveAll} and
 * {@code upsertAll}, the generated keys coming back in the order of the rows.
 */
final class EntityInserts<T> {
  /** Id types an identity column can generate. */
  static final Set<Class<?>> GENERATED_ID_TYPES =
      Set.of(Long.class, long.class, Integer.class, int.class);

  /** Rows per multi-row statement: few distinct statement texts, few statements per batch. */
  static final int ROWS_PER_STATEMENT = 64;

  /**
   * One entity's insert: whether its key is generated, its parameter values, its initial version.
   */
  private record Row(boolean generateId, Object[] values, @Nullable Object initialVersion) {}

  private final KiteSqlTemplate template;
  private final EntityMapping<T> mapping;
  private final EntityStatements sql;

  EntityInserts(KiteSqlTemplate template, EntityMapping<T> mapping, EntityStatements sql) {
    this.template = template;
    this.mapping = mapping;
    this.sql = sql;
  }

  /** Inserts one new entity; returns it with its generated key and initial version. */
  <S extends T> S insert(S entity, String statementName) {
    var row = prepare(entity);
    if (!row.generateId()) {
      template.update(Statement.named(statementName, sql.insert(), row.values()));
      return finish(entity, row, null);
    }
    // the table's identity column makes the key; RETURNING hands it back without a second query
    var keys =
        template.updateReturning(
            Statement.named(statementName, sql.insertGeneratingId(), row.values()), this::readKey);
    return finish(entity, row, keys.getFirst());
  }

  /** Inserts new entities, {@link #ROWS_PER_STATEMENT} rows per statement, in their order. */
  <S extends T> List<S> insertAll(List<S> entities, String statementName) {
    var rows = entities.stream().map(this::prepare).toList();
    var inserted = new ArrayList<S>(entities.size());
    int start = 0;
    while (start < rows.size()) {
      boolean generateId = rows.get(start).generateId();
      int end = start + 1;
      while (end < rows.size()
          && end - start < ROWS_PER_STATEMENT
          && rows.get(end).generateId() == generateId) {
        end++;
      }
      var values =
          rows.subList(start, end).stream().flatMap(row -> Arrays.stream(row.values())).toArray();
      var statement =
          Statement.named(statementName, sql.insertRows(end - start, generateId, mapping), values);
      if (generateId) {
        var keys = template.updateReturning(statement, this::readKey);
        if (keys.size() != end - start) {
          throw new IllegalStateException(
              "a multi-row insert of " + (end - start) + " rows returned " + keys.size() + " keys");
        }
        for (int i = start; i < end; i++) {
          inserted.add(finish(entities.get(i), rows.get(i), keys.get(i - start)));
        }
      } else {
        template.update(statement);
        for (int i = start; i < end; i++) {
          inserted.add(finish(entities.get(i), rows.get(i), null));
        }
      }
      start = end;
    }
    return inserted;
  }

  /**
   * Writes entities with assigned ids whether or not their rows exist, {@link #ROWS_PER_STATEMENT}
   * per statement.
   */
  <S extends T> void upsertAll(List<S> entities, String statementName) {
    for (int start = 0; start < entities.size(); start += ROWS_PER_STATEMENT) {
      var chunk = entities.subList(start, Math.min(entities.size(), start + ROWS_PER_STATEMENT));
      var values =
          chunk.stream()
              .flatMap(
                  entity -> {
                    if (mapping.idValue(entity) == null) {
                      throw new InvalidDataAccessApiUsageException(
                          "cannot upsert "
                              + mapping.type().getSimpleName()
                              + " with a null @Id: an upsert finds the row by its id");
                    }
                    return Arrays.stream(mapping.values(entity, mapping.columns()));
                  })
              .toArray();
      template.update(
          Statement.named(statementName, sql.upsertRows(chunk.size(), mapping), values));
    }
  }

  private Row prepare(T entity) {
    var idType = mapping.entity().getRequiredIdProperty().getType();
    var id = mapping.idValue(entity);
    boolean generateId = id == null || idType.isPrimitive() && ((Number) id).longValue() == 0;
    if (generateId && mapping.hasCompositeId()) {
      throw new InvalidDataAccessApiUsageException(
          "cannot insert "
              + mapping.type().getSimpleName()
              + " with a null composite @Id "
              + idType.getSimpleName()
              + ": keys are generated for single integer ids only; assign it before save()");
    }
    if (generateId && !GENERATED_ID_TYPES.contains(idType)) {
      throw new InvalidDataAccessApiUsageException(
          "cannot insert "
              + mapping.type().getSimpleName()
              + " with an unset @Id of type "
              + idType.getSimpleName()
              + ": keys are generated for integer ids (an identity column); assign this one before save()");
    }
    var columns = generateId ? sql.updatedColumns() : mapping.columns();
    var values = mapping.values(entity, columns);
    var version = mapping.version();
    Object initial = null;
    if (version.isPresent()) {
      // Spring Data JDBC's convention: a primitive version starts at 1 (0 means new), a boxed one
      // at 0
      var type = version.get().property().getType();
      initial = versionValue(type, type.isPrimitive() ? 1 : 0);
      values[columns.indexOf(version.get())] = initial;
    }
    return new Row(generateId, values, initial);
  }

  @SuppressWarnings("unchecked")
  private <S extends T> S finish(S entity, Row row, @Nullable Object key) {
    S result = row.generateId() ? (S) mapping.with(entity, mapping.id(), key) : entity;
    return mapping.version().isPresent()
        ? (S) mapping.with(result, mapping.version().get(), row.initialVersion())
        : result;
  }

  private @Nullable Object readKey(io.kitesql.data.core.Row row) {
    return mapping.conversions().read(row, 0, mapping.id().property().getType());
  }

  static Object versionValue(Class<?> type, long value) {
    if (type == int.class || type == Integer.class) {
      return Math.toIntExact(value);
    }
    if (type == short.class || type == Short.class) {
      return (short) value;
    }
    return value;
  }
}
