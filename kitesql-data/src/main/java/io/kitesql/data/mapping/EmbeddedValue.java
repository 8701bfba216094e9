package io.kitesql.data.mapping;

import io.kitesql.data.core.Row;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.data.mapping.MappingException;
import org.springframework.data.mapping.Parameter;
import org.springframework.data.mapping.model.EntityInstantiator;
import org.springframework.data.mapping.model.EntityInstantiators;
import org.springframework.data.mapping.model.ParameterValueProvider;
import org.springframework.data.relational.core.mapping.RelationalPersistentEntity;
import org.springframework.data.relational.core.mapping.RelationalPersistentProperty;

/**
 * An {@code @Embedded} property of an entity, or its composite {@code @Id}: the embedded type's
 * properties are columns of the entity's table, named with the embedded prefix as Spring Data
 * Relational names them, read back into one value. With {@code onEmpty = USE_NULL} a row whose
 * columns are all NULL reads as null; with {@code USE_EMPTY} (and for an id) as an instance with
 * its properties unset. An embedded value holds simple properties only: an embedded value, a
 * collection, a map or an entity inside one is refused when the mapping is made, by name.
 */
final class EmbeddedValue {
  private static final EntityInstantiators INSTANTIATORS = new EntityInstantiators();

  private final RelationalPersistentProperty property;
  private final RelationalPersistentEntity<Object> entity;
  private final Conversions conversions;

  /** Where this value's first column sits in the owner's column list; the others follow it. */
  private final int first;

  private final List<MappedColumn> columns = new ArrayList<>();
  private final Map<String, Integer> offsetByProperty = new HashMap<>();

  /** Offsets of the properties not set through the constructor. */
  private final List<Integer> setAfterCreation = new ArrayList<>();

  private final EntityInstantiator instantiator;
  private final boolean createEmpty;

  @SuppressWarnings("unchecked")
  EmbeddedValue(
      KiteSqlMappingContext context,
      Class<?> owner,
      RelationalPersistentProperty property,
      Conversions conversions,
      int first) {
    this.property = property;
    this.entity =
        (RelationalPersistentEntity<Object>)
            context.getRequiredPersistentEntity(property.getActualType());
    this.conversions = conversions;
    this.first = first;
    this.createEmpty = property.shouldCreateEmptyEmbedded() || property.isIdProperty();
    var prefix = property.getEmbeddedPrefix() == null ? "" : property.getEmbeddedPrefix();
    var creator = entity.getInstanceCreatorMetadata();
    for (var nested : entity) {
      var path = owner.getName() + "." + property.getName() + "." + nested.getName();
      if (nested.isEmbedded()) {
        throw new MappingException(
            path
                + ": an embedded value inside an embedded value is not supported by KiteSQL;"
                + " declare its properties in "
                + entity.getType().getSimpleName()
                + " itself");
      }
      if (!conversions.isSimpleType(nested.getType())
          && (nested.isEntity()
              || nested.isCollectionLike()
              || nested.isMap()
              || nested.isAssociation())) {
        throw new MappingException(
            path
                + ": a collection, map or entity inside an embedded value is not supported by KiteSQL"
                + " (an embedded value maps to columns of its owner's table)");
      }
      var name = prefix + nested.getColumnName().getReference();
      offsetByProperty.put(nested.getName(), columns.size());
      if (creator == null || !creator.isCreatorParameter(nested)) {
        setAfterCreation.add(columns.size());
      }
      columns.add(new MappedColumn(name, MappedColumn.quote(name), nested, property));
    }
    if (columns.isEmpty()) {
      throw new MappingException(
          owner.getName()
              + "."
              + property.getName()
              + ": the embedded type "
              + entity.getType().getName()
              + " has no properties to store");
    }
    this.instantiator = INSTANTIATORS.getInstantiatorFor(entity);
  }

  /** The owner's property holding this value. */
  RelationalPersistentProperty property() {
    return property;
  }

  /** This value's columns, in the embedded type's property order. */
  List<MappedColumn> columns() {
    return columns;
  }

  /**
   * The value of {@code leaf} (one of this value's columns' properties) in {@code value}, null when
   * the value is.
   */
  @Nullable Object get(@Nullable Object value, RelationalPersistentProperty leaf) {
    return value == null ? null : entity.getPropertyAccessor(value).getProperty(leaf);
  }

  /**
   * This value read from {@code row}, whose column positions are {@code indexes} (by the owner's
   * column position; -1 where the result lacks the column): null when every column read is NULL and
   * the value is not created empty.
   */
  @Nullable Object read(Row row, int[] indexes) {
    return read(row, indexes, first);
  }

  /**
   * {@link #read(Row, int[])} where this value's first column sits at {@code at} of {@code indexes}
   * (in a projection's layout, say).
   */
  @Nullable Object read(Row row, int[] indexes, int at) {
    boolean allNull = true;
    for (int i = 0; i < columns.size(); i++) {
      int index = indexes[at + i];
      allNull &= index < 0 || row.isNull(index);
    }
    if (allNull && !createEmpty) {
      return null;
    }
    var values =
        new ParameterValueProvider<RelationalPersistentProperty>() {
          @Override
          @SuppressWarnings("unchecked")
          public <P> @Nullable P getParameterValue(
              Parameter<P, RelationalPersistentProperty> parameter) {
            var offset = offsetByProperty.get(parameter.getName());
            return offset == null
                ? (P) ParameterValueProvider.getDefaultValue(parameter.getRawType())
                : readColumn(row, indexes[at + offset], offset, parameter.getRawType());
          }
        };
    var bean = instantiator.createInstance(entity, values);
    if (setAfterCreation.isEmpty()) {
      return bean;
    }
    var accessor = entity.getPropertyAccessor(bean);
    for (int offset : setAfterCreation) {
      var nested = columns.get(offset).property();
      if (indexes[at + offset] >= 0) {
        accessor.setProperty(
            nested, readColumn(row, indexes[at + offset], offset, nested.getType()));
      }
    }
    return accessor.getBean();
  }

  /** Column {@code index} of {@code row} read into the property at {@code offset} of this value. */
  @SuppressWarnings("unchecked")
  private <P> @Nullable P readColumn(Row row, int index, int offset, Class<P> type) {
    if (index < 0) {
      return (P) ParameterValueProvider.getDefaultValue(type);
    }
    var value = conversions.read(row, index, type);
    if (value == null && type.isPrimitive()) {
      throw new MappingException(
          "NULL in column "
              + row.columns().get(index).name()
              + " cannot be read into the "
              + type.getName()
              + " property "
              + columns.get(offset).propertyName()
              + "; use the boxed type");
    }
    return value != null ? value : (P) ParameterValueProvider.getDefaultValue(type);
  }
}
