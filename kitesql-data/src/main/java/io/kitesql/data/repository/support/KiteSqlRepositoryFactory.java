package io.kitesql.data.repository.support;

import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.mapping.Conversions;
import io.kitesql.data.mapping.EntityMapping;
import io.kitesql.data.mapping.KiteSqlMappingContext;
import io.kitesql.data.mapping.event.EntityLifecycle;
import io.kitesql.data.repository.KiteSqlUpsertRepository;
import io.kitesql.data.repository.query.DeclaredKiteSqlQuery;
import io.kitesql.data.repository.query.PartTreeKiteSqlQuery;
import java.lang.reflect.Method;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import org.springframework.data.core.PropertyReferenceException;
import org.springframework.data.mapping.MappingException;
import org.springframework.data.projection.ProjectionFactory;
import org.springframework.data.repository.core.EntityInformation;
import org.springframework.data.repository.core.NamedQueries;
import org.springframework.data.repository.core.RepositoryInformation;
import org.springframework.data.repository.core.RepositoryMetadata;
import org.springframework.data.repository.core.support.PersistentEntityInformation;
import org.springframework.data.repository.core.support.RepositoryFactorySupport;
import org.springframework.data.repository.query.DefaultParameters;
import org.springframework.data.repository.query.QueryLookupStrategy;
import org.springframework.data.repository.query.QueryMethod;
import org.springframework.data.repository.query.RepositoryQuery;
import org.springframework.data.repository.query.ValueExpressionDelegate;

/**
 * Makes KiteSQL repositories: the CRUD implementation ({@link SimpleKiteSqlRepository}, or the
 * configured base class) and one query object per declared method, made when the repository is: a
 * {@code @Query} (KiteSQL's or Spring Data JDBC's), a named query, or a query derived from the
 * method's name. A method that cannot be made into a query fails here, naming itself.
 */
public class KiteSqlRepositoryFactory extends RepositoryFactorySupport {
  private final KiteSqlTemplate template;
  private final KiteSqlMappingContext context;
  private final Conversions conversions;
  private final EntityLifecycle lifecycle;
  private final ConcurrentHashMap<Class<?>, EntityMapping<?>> mappings = new ConcurrentHashMap<>();

  public KiteSqlRepositoryFactory(
      KiteSqlTemplate template, KiteSqlMappingContext context, Conversions conversions) {
    this(template, context, conversions, EntityLifecycle.none());
  }

  /**
   * @param lifecycle the entity callbacks and events repository writes and entity reads go through
   */
  public KiteSqlRepositoryFactory(
      KiteSqlTemplate template,
      KiteSqlMappingContext context,
      Conversions conversions,
      EntityLifecycle lifecycle) {
    this.template = template;
    this.context = context;
    this.conversions = conversions;
    this.lifecycle = lifecycle;
  }

  @Override
  public EntityInformation<?, ?> getEntityInformation(RepositoryMetadata metadata) {
    return new PersistentEntityInformation<>(
        context.getRequiredPersistentEntity(metadata.getDomainType()));
  }

  @Override
  protected Object getTargetRepository(RepositoryInformation information) {
    var repository = information.getRepositoryInterface();
    if (KiteSqlUpsertRepository.class.isAssignableFrom(repository)
        && mapping(information.getDomainType()).version().isPresent()) {
      throw new IllegalStateException(
          repository.getSimpleName()
              + ".upsert: "
              + upsertOfVersioned(mapping(information.getDomainType())));
    }
    return getTargetRepositoryViaReflection(
        information,
        template,
        context,
        mapping(information.getDomainType()),
        information.getRepositoryInterface().getSimpleName());
  }

  @Override
  protected Class<?> getRepositoryBaseClass(RepositoryMetadata metadata) {
    return SimpleKiteSqlRepository.class;
  }

  @Override
  protected Optional<QueryLookupStrategy> getQueryLookupStrategy(
      QueryLookupStrategy.@Nullable Key key, ValueExpressionDelegate delegate) {
    return Optional.of(this::resolveQuery);
  }

  private RepositoryQuery resolveQuery(
      Method method,
      RepositoryMetadata metadata,
      ProjectionFactory projections,
      NamedQueries namedQueries) {
    var queryMethod = new QueryMethod(method, metadata, projections, DefaultParameters::new);
    var mapping = mapping(metadata.getDomainType());
    var name = metadata.getRepositoryInterface().getSimpleName() + "." + method.getName();
    try {
      var declared =
          DeclaredKiteSqlQuery.declaredSql(method)
              .or(
                  () ->
                      Optional.of(queryMethod.getNamedQueryName())
                          .filter(namedQueries::hasQuery)
                          .map(namedQueries::getQuery));
      if (mapping.completesResults()) {
        AggregateQueries.check(queryMethod, declared.isPresent());
      }
      if (declared.isPresent()) {
        return new DeclaredKiteSqlQuery(
            name, queryMethod, method, declared.get(), template, context, mapping);
      }
      return new PartTreeKiteSqlQuery(name, queryMethod, template, context, mapping);
    } catch (IllegalArgumentException | MappingException | PropertyReferenceException e) {
      throw new IllegalStateException(
          "cannot make a query of "
              + metadata.getRepositoryInterface().getSimpleName()
              + "."
              + method.getName()
              + ": "
              + e.getMessage(),
          e);
    }
  }

  /** Why an entity with a version cannot be upserted. */
  static String upsertOfVersioned(EntityMapping<?> mapping) {
    return "upsert of "
        + mapping.type().getSimpleName()
        + ", which has a @Version ("
        + mapping.version().orElseThrow().propertyName()
        + "), is not supported: an upsert cannot say which version it expects; use save";
  }

  private EntityMapping<?> mapping(Class<?> type) {
    return mappings.computeIfAbsent(
        type, t -> entityMapping(template, context, conversions, lifecycle, t));
  }

  /**
   * The mapping of entity {@code type} as repositories use it: with its aggregate attached, so that
   * its queries read the entity's collections.
   */
  static <T> EntityMapping<T> entityMapping(
      KiteSqlTemplate template,
      KiteSqlMappingContext context,
      Conversions conversions,
      EntityLifecycle lifecycle,
      Class<T> type) {
    var mapping = new EntityMapping<>(context, type, conversions, lifecycle);
    Aggregate.attach(template, context, mapping);
    return mapping;
  }
}
