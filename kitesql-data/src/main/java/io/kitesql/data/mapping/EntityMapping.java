package io.kitesql.data.mapping;

import io.kitesql.api.ResultColumn;
import io.kitesql.data.core.Row;
import io.kitesql.data.core.RowMapper;
import io.kitesql.data.mapping.event.EntityLifecycle;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.data.mapping.MappingException;
import org.springframework.data.mapping.Parameter;
import org.springframework.data.mapping.PersistentPropertyAccessor;
import org.springframework.data.mapping.model.EntityInstantiator;
import org.springframework.data.mapping.model.EntityInstantiators;
import org.springframework.data.mapping.model.InstantiationAwarePropertyAccessor;
import org.springframework.data.mapping.model.ParameterValueProvider;
import org.springframework.data.relational.core.mapping.RelationalPersistentEntity;
import org.springframework.data.relational.core.mapping.RelationalPersistentProperty;

/**
 * How one entity type maps to its table: the columns in declaration order (an {@code @Embedded}
 * value's columns in its place, named with its prefix), the id (one column, or several for a
 * composite id) and version columns, reading rows into instances (records through their canonical
 * constructor, classes through their persistence constructor and then setters or fields) and
 * writing instances as parameter values. An {@code AggregateReference} property is the referenced
 * id's column. Made once per entity type; thread-safe.
 */
public final class EntityMapping<T> implements RowMapper<T> {
  private static final EntityInstantiators INSTANTIATORS = new EntityInstantiators();

  private final RelationalPersistentEntity<T> entity;
  private final String table;
  private final List<MappedColumn> columns;
  private final Map<String, Integer> positionByProperty = new HashMap<>();

  /** The id's column, or its columns for a composite id (an embedded value). */
  private final List<MappedColumn> idColumns;

  private final @Nullable EmbeddedValue compositeId;
  private final Map<String, EmbeddedValue> embeddedByProperty = new LinkedHashMap<>();

  /** The id types of the {@code AggregateReference} columns, by position. */
  private final Map<Integer, Class<?>> referenceIdTypes = new HashMap<>();

  private final @Nullable MappedColumn version;
  private final Conversions conversions;
  private final EntityInstantiator instantiator;

  /** Columns not set through the constructor, set on the instance after it is made. */
  private final List<Integer> setAfterCreation = new ArrayList<>();

  /** Embedded values not set through the constructor. */
  private final List<EmbeddedValue> embeddedAfterCreation = new ArrayList<>();

  private final ResultLayout layout;
  private final EntityLifecycle lifecycle;

  /**
   * What finishes whole results (an aggregate's collections), set once before the mapping is
   * shared.
   */
  private volatile @Nullable ResultCompletion<T> completion;

  /** Finishes the entities of a whole result with further queries in its transaction. */
  @FunctionalInterface
  public interface ResultCompletion<T> {
    List<T> complete(List<T> entities);
  }

  public EntityMapping(KiteSqlMappingContext context, Class<T> type, Conversions conversions) {
    this(context, type, conversions, EntityLifecycle.none());
  }

  /**
   * @param lifecycle whose {@code AfterConvertCallback}s see every entity read
   */
  public EntityMapping(
      KiteSqlMappingContext context,
      Class<T> type,
      Conversions conversions,
      EntityLifecycle lifecycle) {
    this(context, type, conversions, lifecycle, true);
  }

  /**
   * The mapping of an entity held in an aggregate's collection ({@code @MappedCollection}): its
   * rows belong to the aggregate root's, so it needs no {@code @Id} of its own.
   */
  public static <E> EntityMapping<E> ofCollectionElement(
      KiteSqlMappingContext context, Class<E> type, Conversions conversions) {
    return new EntityMapping<>(context, type, conversions, EntityLifecycle.none(), false);
  }

  @SuppressWarnings("unchecked")
  private EntityMapping(
      KiteSqlMappingContext context,
      Class<T> type,
      Conversions conversions,
      EntityLifecycle lifecycle,
      boolean idRequired) {
    this.entity = (RelationalPersistentEntity<T>) context.getRequiredPersistentEntity(type);
    this.conversions = conversions;
    this.lifecycle = lifecycle;
    this.table = MappedColumn.quote(entity.getTableName().getReference());
    var mapped = new ArrayList<MappedColumn>();
    for (var property : entity) {
      if (isMappedCollection(property, conversions)) {
        continue; // its rows are in another table, read and written with the aggregate root's
      }
      if (property.isEmbedded()) {
        var value = new EmbeddedValue(context, type, property, conversions, mapped.size());
        embeddedByProperty.put(property.getName(), value);
        for (var column : value.columns()) {
          positionByProperty.put(column.propertyName(), mapped.size());
          mapped.add(column);
        }
        continue;
      }
      if (AggregateReferences.isReference(property)) {
        referenceIdTypes.put(mapped.size(), AggregateReferences.idType(property));
      } else if (!conversions.isSimpleType(property.getType())
          && (property.isEntity() || property.isCollectionLike() || property.isMap())) {
        throw new MappingException(
            "property "
                + property.getName()
                + " of "
                + type.getName()
                + " is a nested entity or collection: KiteSQL maps one column per property, and several for an @Embedded value");
      }
      var name = property.getColumnName().getReference();
      positionByProperty.put(property.getName(), mapped.size());
      mapped.add(new MappedColumn(name, MappedColumn.quote(name), property));
    }
    this.columns = List.copyOf(mapped);
    var idProperty = entity.getIdProperty();
    if (idProperty == null && idRequired) {
      throw new MappingException(
          type.getName() + " has no @Id property: a KiteSQL entity needs one (its primary key)");
    }
    this.compositeId = idProperty == null ? null : embeddedByProperty.get(idProperty.getName());
    this.idColumns =
        idProperty == null
            ? List.of()
            : compositeId != null
                ? compositeId.columns()
                : List.of(columns.get(positionByProperty.get(idProperty.getName())));
    var versionProperty = entity.getVersionProperty();
    this.version =
        versionProperty == null
            ? null
            : columns.get(positionByProperty.get(versionProperty.getName()));
    this.instantiator = INSTANTIATORS.getInstantiatorFor(entity);
    var creator = entity.getInstanceCreatorMetadata();
    for (int i = 0; i < columns.size(); i++) {
      var property = columns.get(i).property();
      if (columns.get(i).embeddedIn() == null
          && (creator == null || !creator.isCreatorParameter(property))) {
        setAfterCreation.add(i);
      }
    }
    for (var value : embeddedByProperty.values()) {
      if (creator == null || !creator.isCreatorParameter(value.property())) {
        embeddedAfterCreation.add(value);
      }
    }
    this.layout = new ResultLayout(columns.stream().map(column -> List.of(column.name())).toList());
  }

  public Class<T> type() {
    return entity.getType();
  }

  public RelationalPersistentEntity<T> entity() {
    return entity;
  }

  /** The table name, quoted for SQL text. */
  public String table() {
    return table;
  }

  /** Every column, in the entity's property order. */
  public List<MappedColumn> columns() {
    return columns;
  }

  /**
   * The id's column.
   *
   * @throws IllegalStateException for a composite id, which has several: see {@link #idColumns()}
   * @throws MappingException for an entity held in a collection without an {@code @Id} (see {@link
   *     #hasId()})
   */
  public MappedColumn id() {
    if (idColumns.isEmpty()) {
      throw new MappingException(type().getName() + " has no @Id property");
    }
    if (compositeId != null) {
      throw new IllegalStateException(
          type().getName()
              + " has a composite id ("
              + compositeId.property().getName()
              + ", columns "
              + idColumns.stream().map(MappedColumn::name).toList()
              + "): this operation supports single-column ids only");
    }
    return idColumns.getFirst();
  }

  /** The id's columns: one, or those of a composite id's properties in their declaration order. */
  public List<MappedColumn> idColumns() {
    return idColumns;
  }

  /** Whether the {@code @Id} is an embedded value of several columns. */
  public boolean hasCompositeId() {
    return compositeId != null;
  }

  /**
   * The {@code @Id} property's value of {@code bean}: a simple value, or the composite id's
   * instance.
   */
  public @Nullable Object idValue(T bean) {
    return entity.getPropertyAccessor(bean).getProperty(entity.getRequiredIdProperty());
  }

  /**
   * The parameter values of id {@code id}, one per {@link #idColumns()} column, converted for the
   * engine.
   */
  public @Nullable Object[] idArguments(Object id) {
    if (compositeId == null) {
      return new @Nullable Object[] {conversions.write(id)};
    }
    var idType = entity.getRequiredIdProperty().getType();
    if (!idType.isInstance(id)) {
      throw new MappingException(
          "the id of "
              + type().getName()
              + " is a "
              + idType.getName()
              + ", not a "
              + id.getClass().getName());
    }
    var arguments = new @Nullable Object[idColumns.size()];
    for (int i = 0; i < arguments.length; i++) {
      arguments[i] = conversions.write(compositeId.get(id, idColumns.get(i).property()));
    }
    return arguments;
  }

  /** Whether the entity has an {@code @Id}: an entity held in a collection may have none. */
  public boolean hasId() {
    return !idColumns.isEmpty();
  }

  /**
   * Whether {@code property} is a one-to-many relation to entities ({@code @MappedCollection}: a
   * {@code List}, {@code Set} or {@code Map} of entities), whose rows live in the entities' table.
   */
  public static boolean isMappedCollection(
      RelationalPersistentProperty property, Conversions conversions) {
    return (property.isCollectionLike() || property.isMap())
        && property.isEntity()
        && !conversions.isSimpleType(property.getActualType());
  }

  /**
   * Sets what finishes whole results read with this mapping; once, before the mapping is shared.
   */
  public void completeResultsWith(ResultCompletion<T> completion) {
    this.completion = completion;
  }

  /** What finishes whole results, if anything does. */
  public Optional<ResultCompletion<T>> resultCompletion() {
    return Optional.ofNullable(completion);
  }

  @Override
  public boolean completesResults() {
    return completion != null;
  }

  @Override
  public List<T> completeResults(List<T> mapped) {
    var finishing = completion;
    return finishing == null ? mapped : finishing.complete(mapped);
  }

  public Optional<MappedColumn> version() {
    return Optional.ofNullable(version);
  }

  /** The column of property {@code name}, if the entity has one. */
  public Optional<MappedColumn> column(String propertyName) {
    var position = positionByProperty.get(propertyName);
    return position == null ? Optional.empty() : Optional.of(columns.get(position));
  }

  /**
   * The column of property {@code name}; an unknown name is an error naming the entity's
   * properties.
   */
  public MappedColumn requiredColumn(String propertyName) {
    var embedded = embeddedByProperty.get(propertyName);
    if (embedded != null) {
      throw new MappingException(
          propertyName
              + " of "
              + type().getName()
              + " is an @Embedded value of several columns, which"
              + " is not supported here: name one of its properties ("
              + embedded.columns().stream()
                  .map(MappedColumn::propertyName)
                  .collect(Collectors.joining(", "))
              + ")");
    }
    return column(propertyName)
        .orElseThrow(
            () ->
                new MappingException(
                    "no property "
                        + propertyName
                        + " in "
                        + type().getName()
                        + " (properties: "
                        + positionByProperty.keySet()
                        + ")"));
  }

  /** The {@code @Embedded} value (or composite id) held by property {@code name}, if it is one. */
  Optional<EmbeddedValue> embedded(String propertyName) {
    return Optional.ofNullable(embeddedByProperty.get(propertyName));
  }

  /**
   * The columns of property {@code name}: its one column, or each column of an {@code @Embedded}
   * value (what a projection holding the value selects); an unknown name is an error as for {@link
   * #requiredColumn}.
   */
  public List<MappedColumn> columnsOf(String propertyName) {
    var embedded = embeddedByProperty.get(propertyName);
    return embedded != null ? embedded.columns() : List.of(requiredColumn(propertyName));
  }

  public Conversions conversions() {
    return conversions;
  }

  public EntityLifecycle lifecycle() {
    return lifecycle;
  }

  /**
   * Reads the current row into a new instance, handed to the {@code AfterConvertCallback}s if the
   * application has any; columns the result lacks stay unset (null or 0).
   */
  @Override
  public T mapRow(Row row) {
    int[] indexes = layout.indexesFor(row.columns());
    var values =
        new ParameterValueProvider<RelationalPersistentProperty>() {
          @Override
          @SuppressWarnings("unchecked")
          public <P> @Nullable P getParameterValue(
              Parameter<P, RelationalPersistentProperty> parameter) {
            var embedded =
                embeddedByProperty.isEmpty() ? null : embeddedByProperty.get(parameter.getName());
            if (embedded != null) {
              return (P) embedded.read(row, indexes);
            }
            var position = positionByProperty.get(parameter.getName());
            if (position == null || indexes[position] < 0) {
              return (P) ParameterValueProvider.getDefaultValue(parameter.getRawType());
            }
            return (P) read(row, indexes[position], position, parameter.getRawType());
          }
        };
    T bean = instantiator.createInstance(entity, values);
    if (setAfterCreation.isEmpty() && embeddedAfterCreation.isEmpty()) {
      return lifecycle.afterConvert(bean);
    }
    PersistentPropertyAccessor<T> accessor = entity.getPropertyAccessor(bean);
    for (int position : setAfterCreation) {
      if (indexes[position] >= 0) {
        var property = columns.get(position).property();
        accessor.setProperty(property, read(row, indexes[position], position, property.getType()));
      }
    }
    for (var embedded : embeddedAfterCreation) {
      accessor.setProperty(embedded.property(), embedded.read(row, indexes));
    }
    return lifecycle.afterConvert(accessor.getBean());
  }

  /**
   * Column {@code index} of {@code row} read into the property at {@code position}: an {@code
   * AggregateReference} from its id.
   */
  private @Nullable Object read(Row row, int index, int position, Class<?> type) {
    var idType = referenceIdTypes.isEmpty() ? null : referenceIdTypes.get(position);
    return idType == null
        ? read(row, index, type)
        : AggregateReferences.of(read(row, index, idType));
  }

  private <P> @Nullable P read(Row row, int index, Class<P> type) {
    var value = conversions.read(row, index, type);
    if (value == null && type.isPrimitive()) {
      throw new MappingException(
          "NULL in column "
              + row.columns().get(index).name()
              + " cannot be read into a "
              + type.getName()
              + " property of "
              + type().getName()
              + "; use the boxed type");
    }
    return value;
  }

  /** The parameter values of {@code bean}'s {@code which} columns, in that order. */
  public Object[] values(T bean, List<MappedColumn> which) {
    var accessor = entity.getPropertyAccessor(bean);
    var values = new Object[which.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = conversions.write(propertyValue(accessor, which.get(i)));
    }
    return values;
  }

  /**
   * The property values of {@code bean} by column, as {@link #columns()} orders them, unconverted
   * (null for the columns of an embedded value that is null).
   */
  public @Nullable Object[] properties(T bean) {
    var accessor = entity.getPropertyAccessor(bean);
    var values = new @Nullable Object[columns.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = propertyValue(accessor, columns.get(i));
    }
    return values;
  }

  /**
   * The value of {@code column}'s property in {@code bean} (null for a column of an embedded value
   * that is null).
   */
  public @Nullable Object get(T bean, MappedColumn column) {
    return propertyValue(entity.getPropertyAccessor(bean), column);
  }

  private @Nullable Object propertyValue(
      PersistentPropertyAccessor<T> accessor, MappedColumn column) {
    var owner = column.embeddedIn();
    if (owner == null) {
      return accessor.getProperty(column.property());
    }
    return embeddedByProperty
        .get(owner.getName())
        .get(accessor.getProperty(owner), column.property());
  }

  /**
   * {@code bean} with a property set: the same object for mutable classes, a copy for records and
   * withers.
   */
  public T with(T bean, MappedColumn column, @Nullable Object value) {
    if (column.embeddedIn() != null) {
      throw new IllegalArgumentException(
          "cannot set " + column.propertyName() + " alone: it is part of an embedded value");
    }
    var accessor =
        new InstantiationAwarePropertyAccessor<>(bean, entity::getPropertyAccessor, INSTANTIATORS);
    accessor.setProperty(column.property(), value);
    return accessor.getBean();
  }

  /**
   * Spring Data's rule: {@code Persistable.isNew()}, else a null/zero version, else a null/zero id.
   */
  public boolean isNew(T bean) {
    return entity.isNew(bean);
  }

  /**
   * Where each of a fixed list of names sits in a result, looked up by name once per result column
   * list (a compiled statement hands out the same list for every execution). Each position may have
   * several candidate names, tried in order: the first the result has is used.
   */
  static final class ResultLayout {
    private record Resolved(List<ResultColumn> columns, int[] indexes) {}

    private final List<List<String>> candidates;
    private volatile @Nullable Resolved last;

    /**
     * @param candidates the names of each position, in order of preference
     */
    ResultLayout(List<List<String>> candidates) {
      this.candidates = List.copyOf(candidates);
    }

    int[] indexesFor(List<ResultColumn> columns) {
      var resolved = last;
      if (resolved != null && resolved.columns() == columns) {
        return resolved.indexes();
      }
      var indexes = new int[candidates.size()];
      for (int i = 0; i < indexes.length; i++) {
        indexes[i] = -1;
        for (var name : candidates.get(i)) {
          indexes[i] = Row.indexOf(columns, name);
          if (indexes[i] >= 0) {
            break;
          }
        }
      }
      last = new Resolved(columns, indexes);
      return indexes;
    }

    /** The error for a position the result has no column for, naming the columns it has. */
    MappingException missing(
        int position, String property, Class<?> type, List<ResultColumn> columns) {
      var names = candidates.get(position);
      return new MappingException(
          "the result has no column "
              + String.join(" or ", names)
              + " for "
              + property
              + " of "
              + type.getName()
              + "; its columns are "
              + columns.stream().map(ResultColumn::name).toList());
    }
  }
}
