package io.kitesql.data.aot;

import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.core.RowMapper;
import io.kitesql.data.core.Statement;
import io.kitesql.data.mapping.Conversions;
import io.kitesql.data.mapping.EntityMapping;
import io.kitesql.data.mapping.KiteSqlCustomConversions;
import io.kitesql.data.mapping.KiteSqlMappingContext;
import io.kitesql.data.mapping.event.EntityLifecycle;
import io.kitesql.data.repository.query.AheadOfTimeQuery;
import io.kitesql.data.repository.support.RepositoryQueryListener;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.data.repository.core.support.RepositoryFactoryBeanSupport.FragmentCreationContext;
import org.springframework.data.repository.query.parser.Part;

/**
 * The base class of the repository code KiteSQL generates at build time (Spring AOT): each
 * generated query method holds its SQL and calls these methods to bind its arguments, run the
 * statement and map the rows, as the run-time query would, without deriving anything at start-up.
 * Not for application code: the generated classes are an implementation detail.
 */
public abstract class KiteSqlAotRepositoryFragmentSupport {
  private final KiteSqlTemplate template;
  private final KiteSqlMappingContext context;
  private final EntityMapping<?> mapping;
  private final Map<String, RowMapper<?>> mappers = new ConcurrentHashMap<>();

  /**
   * Maps the repository's entity with the application's {@link KiteSqlCustomConversions} and entity
   * callbacks, as the repository factory does, and tells the {@link RepositoryQueryListener} beans
   * about the generated methods' statements.
   *
   * @param statements each generated method's statement as {name, sql}
   */
  protected KiteSqlAotRepositoryFragmentSupport(
      KiteSqlTemplate template,
      KiteSqlMappingContext context,
      BeanFactory beanFactory,
      FragmentCreationContext creation,
      List<String[]> statements) {
    this.template = template;
    this.context = context;
    var custom =
        beanFactory
            .getBeanProvider(KiteSqlCustomConversions.class)
            .getIfAvailable(KiteSqlCustomConversions::none);
    this.mapping =
        new EntityMapping<>(
            context,
            creation.getRepositoryMetadata().getDomainType(),
            new Conversions(custom),
            EntityLifecycle.of(beanFactory, null));
    beanFactory
        .getBeanProvider(RepositoryQueryListener.class)
        .orderedStream()
        .forEach(
            listener -> {
              for (var statement : statements) {
                listener.queryCreated(statement[0], statement[1]);
              }
            });
  }

  /** A method argument as the engine binds it (custom converters first). */
  protected @Nullable Object write(@Nullable Object value) {
    return mapping.conversions().write(value);
  }

  /**
   * A derived query's argument for a marker of keyword {@code type} (StartingWith and the like wrap
   * it), converted.
   */
  protected @Nullable Object write(Part.Type type, @Nullable Object value) {
    return write(AheadOfTimeQuery.argument(type, value));
  }

  /** The {@code :name} parameters of a declared query. */
  protected Map<String, @Nullable Object> named(String[] names, @Nullable Object[] values) {
    var map = new HashMap<String, @Nullable Object>(names.length * 2);
    for (int i = 0; i < names.length; i++) {
      map.put(names[i], values[i]);
    }
    return map;
  }

  /** The mapper of a derived query returning {@code type}. */
  protected RowMapper<?> derivedMapper(Class<?> type) {
    var known = mappers.get(type.getName());
    return known != null
        ? known
        : mappers.computeIfAbsent(
            type.getName(), _ -> AheadOfTimeQuery.derivedMapper(type, context, mapping));
  }

  /** The mapper of the {@code @Query} method {@code method} returning {@code type}. */
  protected RowMapper<?> declaredMapper(String method, Class<?> type) {
    var key = method + "/" + type.getName();
    var known = mappers.get(key);
    return known != null
        ? known
        : mappers.computeIfAbsent(
            key, _ -> AheadOfTimeQuery.declaredMapper(method, type, context, mapping));
  }

  /** Every row. */
  @SuppressWarnings("unchecked")
  protected <T> List<T> list(Statement statement, RowMapper<?> mapper) {
    return template.query(statement, (RowMapper<T>) mapper, Integer.MAX_VALUE);
  }

  /** The one row, or null; two rows are an error naming {@code method}. */
  @SuppressWarnings("unchecked")
  protected <T> @Nullable T single(Statement statement, RowMapper<?> mapper, String method) {
    var rows = template.query(statement, (RowMapper<T>) mapper, 2);
    if (rows.size() > 1) {
      throw new IncorrectResultSizeDataAccessException(method + " returned more than one row", 1);
    }
    return rows.isEmpty() ? null : rows.getFirst();
  }

  /** The count a {@code select count(*)} returns. */
  protected long count(Statement statement) {
    return template.query(statement, rows -> rows.next() ? rows.row().getLong(0) : 0L);
  }

  /** Whether the statement returns a row. */
  protected boolean exists(Statement statement) {
    return template.query(statement, rows -> rows.next());
  }

  /** Runs a {@code @Modifying} statement; the rows written. */
  protected long update(Statement statement) {
    return template.update(statement);
  }

  /** Runs a derived delete in the current write transaction or one of its own; the rows deleted. */
  protected long delete(Statement statement) {
    return template.inWriteTransaction(_ -> template.update(statement));
  }
}
