package io.kitesql.data.repository.support;

import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.core.Statement;
import io.kitesql.data.mapping.EntityMapping;
import io.kitesql.data.repository.KiteSqlRepository;
import io.kitesql.data.repository.query.SortSql;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;
import org.springframework.data.support.PageableExecutionUtils;

/**
 * The CRUD, sorting and paging methods of every {@link KiteSqlRepository}: one statement each,
 * written once per entity ({@link EntityStatements}), run through {@link KiteSqlTemplate} in the
 * current transaction or a short one of their own. Batch writes run in one write transaction.
 *
 * <p>{@link #save} inserts when Spring Data's rules say the entity is new ({@code Persistable},
 * then a null/zero {@code @Version}, then a null/zero id) and updates otherwise. An entity with an
 * assigned id and no version is updated if its row exists and inserted if not (Spring Data JDBC
 * would fail the update and needs {@code Persistable} for this). A versioned update or delete that
 * finds another version fails with {@link OptimisticLockingFailureException}.
 */
public class SimpleKiteSqlRepository<T, ID> implements KiteSqlRepository<T, ID> {
  private final KiteSqlTemplate template;
  private final EntityMapping<T> mapping;
  private final EntityStatements sql;
  /** Statement names by operation, made once: {@code OrderRepository.findById}. */
  private final Map<String, String> statementNames;

  /**
   * @param name the repository's name in metrics and logs (its interface's simple name); each
   *     statement is named {@code name.method}
   */
  public SimpleKiteSqlRepository(KiteSqlTemplate template, EntityMapping<T> mapping, String name) {
    this.template = template;
    this.mapping = mapping;
    this.sql = EntityStatements.of(mapping);
    this.statementNames = Stream.of("count", "delete", "deleteAll", "deleteAllById", "deleteById", "existsById", "findAll", "findAllById", "findById", "insert", "update")
        .collect(Collectors.toUnmodifiableMap(operation -> operation, operation -> name + "." + operation));
  }

  private String statementName(String operation) {
    return statementNames.get(operation);
  }

  @Override
  public <S extends T> S save(S entity) {
    return mapping.isNew(entity) ? insert(entity) : update(entity);
  }

  @Override
  public <S extends T> List<S> saveAll(Iterable<S> entities) {
    return template.inWriteTransaction(tx -> {
      var saved = new ArrayList<S>();
      for (var entity : entities) {
        saved.add(save(entity));
      }
      return saved;
    });
  }

  @SuppressWarnings("unchecked")
  private <S extends T> S insert(S entity) {
    if (mapping.get(entity, mapping.id()) == null) {
      throw new InvalidDataAccessApiUsageException("cannot insert " + mapping.type().getSimpleName()
          + " with a null @Id: KiteSQL does not generate keys yet, assign the id before save()");
    }
    var values = mapping.values(entity, mapping.columns());
    var version = mapping.version();
    if (version.isEmpty()) {
      template.update(Statement.named(statementName("insert"), sql.insert(), values));
      return entity;
    }
    // Spring Data JDBC's convention: a primitive version starts at 1 (0 means new), a boxed one at 0
    var column = version.get();
    var initial = versionValue(column.property().getType(), column.property().getType().isPrimitive() ? 1 : 0);
    values[mapping.columns().indexOf(column)] = initial;
    template.update(Statement.named(statementName("insert"), sql.insert(), values));
    return (S) mapping.with(entity, column, initial);
  }

  @SuppressWarnings("unchecked")
  private <S extends T> S update(S entity) {
    var version = mapping.version();
    if (version.isEmpty()) {
      // an assigned id without a version says nothing about the row: update it, or insert it if absent
      var args = append(mapping.values(entity, sql.updatedColumns()), id(entity));
      return template.inWriteTransaction(tx -> {
        if (template.update(Statement.named(statementName("update"), sql.update(), args)) == 0) {
          template.update(Statement.named(statementName("insert"), sql.insert(), mapping.values(entity, mapping.columns())));
        }
        return entity;
      });
    }
    var column = version.get();
    var current = (Number) mapping.get(entity, column);
    var next = versionValue(column.property().getType(), (current == null ? 0 : current.longValue()) + 1);
    // the entity is changed only once the update succeeded: a failed save leaves it as it was
    var values = mapping.values(entity, sql.updatedColumns());
    values[sql.updatedColumns().indexOf(column)] = next;
    var args = append(append(values, id(entity)), current);
    if (template.update(Statement.named(statementName("update"), sql.update(), args)) == 0) {
      throw new OptimisticLockingFailureException("optimistic locking failed: " + mapping.type().getSimpleName()
          + " " + id(entity) + " is not at version " + current + " any more (or was deleted)");
    }
    return (S) mapping.with(entity, column, next);
  }

  @Override
  public Optional<T> findById(ID id) {
    return template.query(Statement.named(statementName("findById"), sql.selectById(), write(id)), rows -> rows.next() ? Optional.of(mapping.mapRow(rows.row())) : Optional.empty());
  }

  @Override
  public boolean existsById(ID id) {
    return template.query(Statement.named(statementName("existsById"), sql.existsById(), write(id)), rows -> rows.next());
  }

  @Override
  public List<T> findAll() {
    return list(Statement.named(statementName("findAll"), sql.selectAll()));
  }

  @Override
  public List<T> findAll(Sort sort) {
    return list(Statement.named(statementName("findAll"), sql.selectAll() + SortSql.orderBy(sort, mapping)));
  }

  @Override
  public Page<T> findAll(Pageable pageable) {
    if (pageable.isUnpaged()) {
      return PageableExecutionUtils.getPage(findAll(pageable.getSort()), pageable, this::count);
    }
    var content = list(Statement.named(statementName("findAll"), sql.selectAll() + SortSql.orderBy(pageable.getSort(), mapping) + " limit ? offset ?",
        (long) pageable.getPageSize(), pageable.getOffset()));
    return PageableExecutionUtils.getPage(content, pageable, this::count);
  }

  @Override
  public List<T> findAllById(Iterable<ID> ids) {
    var values = ids(ids);
    return values.length == 0 ? List.of() : list(Statement.named(statementName("findAllById"), sql.selectByIds(mapping, values.length), values));
  }

  @Override
  public long count() {
    return template.query(Statement.named(statementName("count"), sql.count()), rows -> rows.next() ? rows.row().getLong(0) : 0L);
  }

  @Override
  public void deleteById(ID id) {
    template.update(Statement.named(statementName("deleteById"), sql.deleteById(), write(id)));
  }

  @Override
  public void delete(T entity) {
    var version = mapping.version();
    if (version.isEmpty()) {
      template.update(Statement.named(statementName("delete"), sql.deleteById(), id(entity)));
      return;
    }
    var current = mapping.get(entity, version.get());
    if (template.update(Statement.named(statementName("delete"), sql.deleteByIdAndVersion(), id(entity), current)) == 0) {
      throw new OptimisticLockingFailureException("optimistic locking failed: " + mapping.type().getSimpleName()
          + " " + id(entity) + " is not at version " + current + " any more (or was deleted)");
    }
  }

  @Override
  public void deleteAllById(Iterable<? extends ID> ids) {
    var values = ids(ids);
    if (values.length > 0) {
      template.update(Statement.named(statementName("deleteAllById"), sql.deleteByIds(mapping, values.length), values));
    }
  }

  @Override
  public void deleteAll(Iterable<? extends T> entities) {
    template.inWriteTransaction(tx -> {
      entities.forEach(this::delete);
      return null;
    });
  }

  @Override
  public void deleteAll() {
    template.update(Statement.named(statementName("deleteAll"), sql.deleteAll()));
  }

  private List<T> list(Statement statement) {
    return template.query(statement, mapping, Integer.MAX_VALUE);
  }

  private @Nullable Object id(T entity) {
    return mapping.conversions().write(mapping.get(entity, mapping.id()));
  }

  private @Nullable Object write(@Nullable Object value) {
    if (value == null) {
      throw new InvalidDataAccessApiUsageException("the id must not be null");
    }
    return mapping.conversions().write(value);
  }

  private Object[] ids(Iterable<?> ids) {
    return StreamSupport.stream(ids.spliterator(), false).map(this::write).toArray();
  }

  private static Object[] append(Object[] values, @Nullable Object last) {
    var result = java.util.Arrays.copyOf(values, values.length + 1);
    result[values.length] = last;
    return result;
  }

  private static Object versionValue(Class<?> type, long value) {
    if (type == int.class || type == Integer.class) {
      return Math.toIntExact(value);
    }
    if (type == short.class || type == Short.class) {
      return (short) value;
    }
    return value;
  }
}
