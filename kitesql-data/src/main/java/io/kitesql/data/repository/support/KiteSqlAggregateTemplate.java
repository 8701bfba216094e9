package io.kitesql.data.repository.support;

import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.mapping.Conversions;
import io.kitesql.data.mapping.KiteSqlMappingContext;
import io.kitesql.data.mapping.event.EntityLifecycle;
import io.kitesql.data.repository.KiteSqlUpsertRepository;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.mapping.MappingException;

/**
 * Entity operations without a repository interface, as Spring Data JDBC's {@code
 * JdbcAggregateTemplate} offers them: {@link #upsert} and {@link #upsertAll} of any mapped entity.
 * They are the {@link KiteSqlUpsertRepository} fragment's methods, run by the same implementation
 * ({@link SimpleKiteSqlRepository}): one {@code insert ... on conflict (id) do update} statement
 * per call (of up to 64 rows), composite ids and {@code @Embedded} values written as their columns,
 * an aggregate's {@code @MappedCollection} elements replaced, the entity callbacks (auditing among
 * them) and lifecycle events run as for {@code save} of an entity that is not new, and domain
 * events published. An entity with a {@code @Version} is refused at the call with {@link
 * InvalidDataAccessApiUsageException}: an upsert cannot say which version it expects.
 *
 * <p>{@code @EnableKiteSqlRepositories} (and the Spring Boot starter) registers one as bean {@code
 * kiteSqlAggregateTemplate}, with the context's conversions, callbacks and events. Statements are
 * named after the entity: {@code Note.upsert}, {@code Note.upsertAll}.
 */
public class KiteSqlAggregateTemplate {
  private final KiteSqlTemplate template;
  private final KiteSqlMappingContext context;
  private final Conversions conversions;
  private final EntityLifecycle lifecycle;
  private final ConcurrentHashMap<Class<?>, SimpleKiteSqlRepository<?, ?>> byType =
      new ConcurrentHashMap<>();

  /** A template without custom conversions, entity callbacks or events. */
  public KiteSqlAggregateTemplate(KiteSqlTemplate template, KiteSqlMappingContext context) {
    this(template, context, Conversions.none(), EntityLifecycle.none());
  }

  /**
   * @param lifecycle the entity callbacks and events the writes go through
   */
  public KiteSqlAggregateTemplate(
      KiteSqlTemplate template,
      KiteSqlMappingContext context,
      Conversions conversions,
      EntityLifecycle lifecycle) {
    this.template = template;
    this.context = context;
    this.conversions = conversions;
    this.lifecycle = lifecycle;
  }

  /**
   * Inserts {@code entity}, or updates every column of the row with its id, in one statement.
   *
   * @return the entity as saved (as the callbacks returned it)
   */
  public <T> T upsert(T entity) {
    return operations(type(entity)).upsert(entity);
  }

  /**
   * {@link #upsert} of each entity, in statements of many rows and one write transaction; the
   * entities are of one type, and two with one id fail the call.
   */
  public <T> List<T> upsertAll(Iterable<T> entities) {
    var list = new ArrayList<T>();
    entities.forEach(list::add);
    if (list.isEmpty()) {
      return list;
    }
    var type = type(list.getFirst());
    for (var entity : list) {
      if (type(entity) != type) {
        throw new InvalidDataAccessApiUsageException(
            "upsertAll takes entities of one type: "
                + type.getName()
                + " and "
                + type(entity).getName());
      }
    }
    return operations(type).upsertAll(list);
  }

  private static Class<?> type(Object entity) {
    if (entity == null) {
      throw new InvalidDataAccessApiUsageException("the entity must not be null");
    }
    return entity.getClass();
  }

  /** The repository implementation of {@code type}, made the first time (a bad mapping fails). */
  @SuppressWarnings("unchecked")
  private <T> SimpleKiteSqlRepository<T, ?> operations(Class<?> type) {
    var known = byType.get(type);
    if (known != null) {
      return (SimpleKiteSqlRepository<T, ?>) known;
    }
    try {
      return (SimpleKiteSqlRepository<T, ?>)
          byType.computeIfAbsent(
              type,
              t ->
                  new SimpleKiteSqlRepository<>(
                      template,
                      context,
                      KiteSqlRepositoryFactory.entityMapping(
                          template, context, conversions, lifecycle, t),
                      t.getSimpleName()));
    } catch (MappingException e) {
      throw new InvalidDataAccessApiUsageException(
          "cannot write " + type.getName() + " as an entity: " + e.getMessage(), e);
    }
  }
}
