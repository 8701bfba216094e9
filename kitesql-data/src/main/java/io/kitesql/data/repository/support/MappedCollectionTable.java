package io.kitesql.data.repository.support;

import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.core.Row;
import io.kitesql.data.core.Statement;
import io.kitesql.data.mapping.Conversions;
import io.kitesql.data.mapping.EntityMapping;
import io.kitesql.data.mapping.KiteSqlMappingContext;
import io.kitesql.data.mapping.MappedColumn;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.mapping.MappingException;
import org.springframework.data.relational.core.mapping.RelationalPersistentEntity;
import org.springframework.data.relational.core.mapping.RelationalPersistentProperty;

/**
 * One {@code @MappedCollection} of an aggregate root, as Spring Data JDBC lays it out: the
 * elements' rows in their own table, each with a back-reference column holding the root's id
 * ({@code idColumn}, by default the root's table name) and, for a {@code List} or {@code Map}, a
 * key column ({@code keyColumn}, by default that name with {@code _key}) holding the list index or
 * the map key. A {@code Set} (or {@code Collection}) has no key column and no order.
 */
final class MappedCollectionTable {
  /** How the elements are held: the key column is the list index, the map key, or absent. */
  enum Kind {
    LIST,
    SET,
    MAP
  }

  private static final int ROWS_PER_STATEMENT = EntityInserts.ROWS_PER_STATEMENT;

  private final RelationalPersistentProperty property;
  private final Kind kind;
  private final EntityMapping<Object> element;

  /** The elements' own collections (a nested level), read and written after them; null for none. */
  private final @Nullable Aggregate<Object> nested;

  private final Class<?> rootIdType;
  private final @Nullable Class<?> keyType;
  private final String backReference;
  private final @Nullable String key;
  private final String selectList;
  private final String statementName;

  /** The select and delete texts by number of markers (a power of two, see {@link IdMarkers}). */
  private final ConcurrentHashMap<Integer, String> selects = new ConcurrentHashMap<>();

  private final ConcurrentHashMap<Integer, String> deletes = new ConcurrentHashMap<>();

  private MappedCollectionTable(
      RelationalPersistentProperty property,
      Kind kind,
      EntityMapping<Object> element,
      @Nullable Aggregate<Object> nested,
      Class<?> rootIdType,
      @Nullable Class<?> keyType,
      String backReference,
      @Nullable String key) {
    this.property = property;
    this.kind = kind;
    this.element = element;
    this.nested = nested;
    this.rootIdType = rootIdType;
    this.keyType = keyType;
    this.backReference = backReference;
    this.key = key;
    this.selectList =
        element.columns().stream().map(MappedColumn::sql).collect(Collectors.joining(", "))
            + ", "
            + backReference
            + (key == null ? "" : ", " + key);
    this.statementName = property.getOwner().getType().getSimpleName() + "." + property.getName();
  }

  /**
   * The table of {@code property}; a shape this module cannot store fails, naming the property.
   *
   * @param enclosing the entity types from the aggregate root down to {@code root}
   */
  @SuppressWarnings("unchecked")
  static MappedCollectionTable of(
      KiteSqlTemplate template,
      KiteSqlMappingContext context,
      RelationalPersistentEntity<?> root,
      RelationalPersistentProperty property,
      Conversions conversions,
      Set<Class<?>> enclosing) {
    var type = property.getType();
    var where = "property " + property.getName() + " of " + root.getType().getName();
    if (type.isArray()) {
      throw new MappingException(
          where + ": an array of entities is not supported as a @MappedCollection; declare a List");
    }
    var rootId = root.getIdProperty();
    if (rootId != null && rootId.isEmbedded()) {
      throw new MappingException(
          where
              + ": a @MappedCollection needs its holder's id in one back-reference column, but "
              + root.getType().getName()
              + " has a composite id ("
              + rootId.getName()
              + ")");
    }
    Kind kind =
        List.class.isAssignableFrom(type)
            ? Kind.LIST
            : Map.class.isAssignableFrom(type) ? Kind.MAP : Kind.SET;
    var made =
        switch (kind) {
          case LIST -> ArrayList.class;
          case SET -> LinkedHashSet.class;
          case MAP -> LinkedHashMap.class;
        };
    if (!type.isAssignableFrom(made)) {
      throw new MappingException(
          where
              + ": a @MappedCollection of type "
              + type.getName()
              + " is not supported; declare a List, Set, Collection or Map");
    }
    var elementType = property.getActualType();
    var elementEntity = context.getRequiredPersistentEntity(elementType);
    for (var inner : elementEntity) {
      if (!EntityMapping.isMappedCollection(inner, conversions)) {
        continue;
      }
      if (!elementEntity.hasIdProperty()) {
        throw new MappingException(
            where
                + ": its elements ("
                + elementType.getName()
                + ") hold a collection of entities themselves ("
                + inner.getName()
                + "); a nested @MappedCollection level needs an @Id on "
                + elementType.getSimpleName()
                + ", which the level below refers to");
      }
      if (enclosing.contains(elementType)) {
        throw new MappingException(
            where
                + ": "
                + elementType.getName()
                + " holds itself through "
                + inner.getName()
                + "; recursive @MappedCollection aggregates are not supported");
      }
    }
    Class<?> keyType =
        kind == Kind.MAP
            ? property.getTypeInformation().getRequiredComponentType().getType()
            : null;
    if (keyType != null && !conversions.isSimpleType(keyType)) {
      throw new MappingException(
          where
              + ": a Map keyed by "
              + keyType.getName()
              + " is not supported; key it by a simple value");
    }
    var element =
        (EntityMapping<Object>)
            EntityMapping.ofCollectionElement(context, elementType, conversions);
    var backName = property.getReverseColumnName(root).getReference();
    var keyName = kind == Kind.SET ? null : property.getKeyColumn().getReference();
    for (var column : element.columns()) {
      if (column.name().equalsIgnoreCase(backName)
          || column.name().equalsIgnoreCase(String.valueOf(keyName))) {
        throw new MappingException(
            where
                + ": property "
                + column.propertyName()
                + " of "
                + elementType.getName()
                + " maps to column "
                + column.name()
                + ", which the collection's back-reference or key uses; rename one with @Column or @MappedCollection");
      }
    }
    var inner = new HashSet<>(enclosing);
    inner.add(elementType);
    var nested = Aggregate.attach(template, context, element, inner).orElse(null);
    var rootIdType = root.getRequiredIdProperty().getType();
    return new MappedCollectionTable(
        property,
        kind,
        element,
        nested,
        rootIdType,
        keyType,
        MappedColumn.quote(backName),
        keyName == null ? null : MappedColumn.quote(keyName));
  }

  RelationalPersistentProperty property() {
    return property;
  }

  /**
   * The collections of the roots whose ids are {@code ids} (as written), read in one statement: by
   * root id as the root holds it. Roots without elements are absent.
   */
  Map<Object, Object> read(KiteSqlTemplate template, Object[] ids) {
    var sql = selects.get(IdMarkers.of(ids.length)); // no lambda per call on the read path
    if (sql == null) {
      sql =
          selects.computeIfAbsent(
              IdMarkers.of(ids.length),
              markers ->
                  "select "
                      + selectList
                      + " from "
                      + element.table()
                      + " where "
                      + backReference
                      + IdMarkers.condition(markers)
                      + (kind == Kind.LIST ? " order by " + key : ""));
    }
    int backIndex = element.columns().size();
    var statement = Statement.named(statementName, sql, IdMarkers.padded(ids));
    if (nested != null) {
      return readNested(template, statement, backIndex, nested);
    }
    return template.query(
        statement,
        rows -> {
          var byRoot = new HashMap<Object, Object>();
          while (rows.next()) {
            var row = rows.row();
            var rootId = element.conversions().read(row, backIndex, rootIdType);
            add(
                byRoot.computeIfAbsent(rootId, ignored -> empty()),
                key(row, backIndex + 1),
                element.mapRow(row));
          }
          return byRoot;
        });
  }

  /** One element row read: whose it is, its map key, the element. */
  private record ElementRow(Object rootId, @Nullable Object key, Object element) {}

  /**
   * {@link #read} for elements with collections of their own: read for all of them at once, then
   * grouped.
   */
  private Map<Object, Object> readNested(
      KiteSqlTemplate template, Statement statement, int backIndex, Aggregate<Object> level) {
    List<ElementRow> read =
        template.query(
            statement,
            rows -> {
              var elements = new ArrayList<ElementRow>();
              while (rows.next()) {
                var row = rows.row();
                elements.add(
                    new ElementRow(
                        element.conversions().read(row, backIndex, rootIdType),
                        key(row, backIndex + 1),
                        element.mapRow(row)));
              }
              return elements;
            });
    var completed = level.complete(read.stream().map(ElementRow::element).toList());
    var byRoot = new HashMap<Object, Object>();
    for (int i = 0; i < read.size(); i++) {
      add(
          byRoot.computeIfAbsent(read.get(i).rootId(), ignored -> empty()),
          read.get(i).key(),
          completed.get(i));
    }
    return byRoot;
  }

  private @Nullable Object key(Row row, int keyIndex) {
    return kind == Kind.MAP ? element.conversions().read(row, keyIndex, keyType) : null;
  }

  /** An empty collection of the declared kind, which a root without elements gets. */
  Object empty() {
    return switch (kind) {
      case LIST -> new ArrayList<>();
      case SET -> new LinkedHashSet<>();
      case MAP -> new LinkedHashMap<>();
    };
  }

  @SuppressWarnings("unchecked")
  private void add(Object collection, @Nullable Object key, Object value) {
    if (kind == Kind.MAP) {
      ((Map<Object, Object>) collection).put(key, value);
    } else {
      ((Collection<Object>) collection).add(value);
    }
  }

  /**
   * Inserts the elements of {@code collection} (the root's value of this property, possibly null)
   * with {@code rootId} as back-reference; returns the collection, a new one if elements got
   * generated ids.
   */
  @Nullable Object insert(KiteSqlTemplate template, Object rootId, @Nullable Object collection) {
    var entries = entries(collection);
    if (entries.isEmpty()) {
      return collection;
    }
    var written = new ArrayList<Object>(entries.size());
    boolean changed = false;
    int start = 0;
    while (start < entries.size()) {
      boolean generate = generatesId(entries.get(start).getValue());
      int end = start + 1;
      while (end < entries.size()
          && end - start < ROWS_PER_STATEMENT
          && generatesId(entries.get(end).getValue()) == generate) {
        end++;
      }
      var chunk = entries.subList(start, end);
      var columns =
          generate
              ? element.columns().stream().filter(c -> !c.equals(element.id())).toList()
              : element.columns();
      var values =
          chunk.stream()
              .flatMap(
                  entry -> {
                    var row =
                        Arrays.copyOf(
                            element.values(entry.getValue(), columns),
                            columns.size() + (key == null ? 1 : 2));
                    row[columns.size()] = rootId;
                    if (key != null) {
                      row[columns.size() + 1] = element.conversions().write(entry.getKey());
                    }
                    return Arrays.stream(row);
                  })
              .toArray();
      var statement =
          Statement.named(
              statementName,
              insertSql(columns, chunk.size())
                  + (generate ? " returning " + element.id().sql() : ""),
              values);
      if (generate) {
        var keys =
            template.updateReturning(
                statement,
                row -> element.conversions().read(row, 0, element.id().property().getType()));
        for (int i = 0; i < chunk.size(); i++) {
          written.add(element.with(chunk.get(i).getValue(), element.id(), keys.get(i)));
        }
        changed = true;
      } else {
        template.update(statement);
        chunk.forEach(entry -> written.add(entry.getValue()));
      }
      start = end;
    }
    if (nested != null) {
      written.replaceAll(nested::insertElements); // the next level refers to these elements' ids
      changed = true;
    }
    return changed ? rebuilt(entries, written) : collection;
  }

  /** Deletes the elements of the roots whose ids are {@code ids} (as written). */
  void delete(KiteSqlTemplate template, Object[] ids) {
    if (nested != null) {
      var select =
          "select "
              + element.id().sql()
              + " from "
              + element.table()
              + " where "
              + backReference
              + IdMarkers.condition(IdMarkers.of(ids.length));
      var idType = element.id().property().getType();
      var elementIds =
          template.query(
              Statement.named(statementName, select, IdMarkers.padded(ids)),
              row -> element.conversions().write(element.conversions().read(row, 0, idType)),
              Integer.MAX_VALUE);
      if (!elementIds.isEmpty()) {
        nested.deleteElements(elementIds.toArray());
      }
    }
    var sql =
        deletes.computeIfAbsent(
            IdMarkers.of(ids.length),
            markers ->
                "delete from "
                    + element.table()
                    + " where "
                    + backReference
                    + IdMarkers.condition(markers));
    template.update(Statement.named(statementName, sql, IdMarkers.padded(ids)));
  }

  /** Deletes the elements of every root, as Spring Data JDBC's {@code deleteAll} does. */
  void deleteAll(KiteSqlTemplate template) {
    if (nested != null) {
      nested.deleteAllElements();
    }
    template.update(
        Statement.named(
            statementName,
            "delete from " + element.table() + " where " + backReference + " is not null"));
  }

  private boolean generatesId(Object value) {
    if (!element.hasId()) {
      return false;
    }
    var id = element.get(value, element.id());
    var idType = element.id().property().getType();
    boolean unset = id == null || idType.isPrimitive() && ((Number) id).longValue() == 0;
    if (unset && !EntityInserts.GENERATED_ID_TYPES.contains(idType)) {
      throw new InvalidDataAccessApiUsageException(
          "cannot insert "
              + element.type().getSimpleName()
              + " with an unset @Id of type "
              + idType.getSimpleName()
              + ": keys are generated for integer ids (an identity column); assign this one before save()");
    }
    return unset;
  }

  /** The collection's elements with their keys: the list index, the map key, or null for a set. */
  @SuppressWarnings("unchecked")
  private List<Map.Entry<@Nullable Object, Object>> entries(@Nullable Object collection) {
    var entries = new ArrayList<Map.Entry<@Nullable Object, Object>>();
    if (collection instanceof Map<?, ?> map) {
      map.forEach((k, v) -> entries.add(new SimpleImmutableEntry<>(k, v)));
    } else if (collection instanceof Collection<?> values) {
      int index = 0;
      for (var value : values) {
        entries.add(new SimpleImmutableEntry<>(kind == Kind.LIST ? (Object) index++ : null, value));
      }
    }
    for (var entry : entries) {
      if (entry.getValue() == null) {
        throw new InvalidDataAccessApiUsageException(
            "property "
                + property.getName()
                + " of "
                + property.getOwner().getType().getSimpleName()
                + " holds a null element; a @MappedCollection stores entities");
      }
    }
    return entries;
  }

  @SuppressWarnings("unchecked")
  private Object rebuilt(List<Map.Entry<@Nullable Object, Object>> entries, List<Object> written) {
    var collection = empty();
    for (int i = 0; i < entries.size(); i++) {
      if (kind == Kind.MAP) {
        ((Map<Object, Object>) collection).put(entries.get(i).getKey(), written.get(i));
      } else {
        ((Collection<Object>) collection).add(written.get(i));
      }
    }
    return collection;
  }

  private String insertSql(List<MappedColumn> columns, int rows) {
    var names =
        columns.stream().map(MappedColumn::sql).collect(Collectors.joining(", "))
            + ", "
            + backReference
            + (key == null ? "" : ", " + key);
    int width = columns.size() + (key == null ? 1 : 2);
    var row = "(" + String.join(", ", Collections.nCopies(width, "?")) + ")";
    return "insert into "
        + element.table()
        + " ("
        + names
        + ") values "
        + String.join(", ", Collections.nCopies(rows, row));
  }
}
