package io.kitesql.data.mapping;

import io.kitesql.data.core.Row;
import io.kitesql.data.core.RowMapper;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.data.mapping.InstanceCreatorMetadata;
import org.springframework.data.mapping.MappingException;
import org.springframework.data.mapping.Parameter;
import org.springframework.data.mapping.PersistentEntity;
import org.springframework.data.mapping.PreferredConstructor;
import org.springframework.data.mapping.model.EntityInstantiator;
import org.springframework.data.mapping.model.EntityInstantiators;
import org.springframework.data.mapping.model.ParameterValueProvider;
import org.springframework.data.relational.core.mapping.Column;
import org.springframework.data.relational.core.mapping.RelationalPersistentProperty;

/**
 * Reads rows into a DTO projection (a record or a class with a constructor) straight from the
 * selected columns, never building the entity first: the entity may have properties the projection
 * does not select, primitive ones included. A constructor parameter reads the column of the entity
 * property of the same name, or, for {@code @Query} results, the column the mapping context's
 * naming strategy or its {@code @Column} names ({@code commentCount} reads {@code comment_count}),
 * or the column of its own name. A parameter of the entity's {@code @Embedded} value's type reads
 * that value from its columns ({@link ProjectionColumns}). A missing column is an error listing the
 * result's columns.
 */
public final class DtoMapping<T> implements RowMapper<T> {
  private static final EntityInstantiators INSTANTIATORS = new EntityInstantiators();

  private final PersistentEntity<T, RelationalPersistentProperty> dto;
  private final EntityInstantiator instantiator;
  private final Conversions conversions;
  private final Map<String, Integer> slotByParameter = new HashMap<>();
  private final ProjectionColumns slots;
  private final @Nullable MethodHandle constructor;
  private final Class<?>[] parameterTypes;

  @SuppressWarnings("unchecked")
  public DtoMapping(
      KiteSqlMappingContext context,
      Class<T> type,
      @Nullable EntityMapping<?> domain,
      Conversions conversions) {
    this.dto =
        (PersistentEntity<T, RelationalPersistentProperty>)
            context.getRequiredPersistentEntity(type);
    this.instantiator = INSTANTIATORS.getInstantiatorFor(dto);
    this.conversions = conversions;
    this.slots = new ProjectionColumns(type, domain);
    var creator = dto.getInstanceCreatorMetadata();
    if (creator == null || !creator.hasParameters()) {
      throw new MappingException(
          "projection " + type.getName() + " needs a constructor with parameters (a record, say)");
    }
    for (var parameter : creator.getParameters()) {
      var name = parameter.getName();
      if (name == null) {
        throw new MappingException(
            "constructor parameters of "
                + type.getName()
                + " have no names: compile with -parameters");
      }
      slotByParameter.put(
          name, slots.add(name, parameter.getRawType(), columnCandidates(name, domain)));
    }
    slots.complete();
    var parameters = creator.getParameters();
    this.parameterTypes = parameters.stream().map(Parameter::getRawType).toArray(Class<?>[]::new);
    this.constructor = spreadConstructor(creator, parameters.size());
  }

  /**
   * The result columns a parameter reads, in order of preference: the projection's own
   * {@code @Column}; the domain entity's column of the same property; the column the naming
   * strategy gives the projection's property ({@code commentCount} reads {@code comment_count});
   * its name.
   */
  private List<String> columnCandidates(String name, @Nullable EntityMapping<?> domain) {
    var candidates = new ArrayList<String>();
    var own = dto.getPersistentProperty(name);
    if (own != null && own.isAnnotationPresent(Column.class)) {
      candidates.add(own.getColumnName().getReference());
    }
    if (domain != null) {
      domain.column(name).map(MappedColumn::name).ifPresent(candidates::add);
    }
    if (own != null) {
      candidates.add(own.getColumnName().getReference());
    }
    candidates.add(name);
    return candidates.stream().distinct().toList();
  }

  /**
   * One constructor call per row, with no lookups by name (and no argument array for up to four
   * components).
   */
  @SuppressWarnings("unchecked")
  private T construct(Row row, int[] indexes, MethodHandle constructor) {
    try {
      return (T)
          switch (parameterTypes.length) {
            case 1 -> (Object) constructor.invokeExact(argument(row, indexes, 0));
            case 2 ->
                (Object)
                    constructor.invokeExact(argument(row, indexes, 0), argument(row, indexes, 1));
            case 3 ->
                (Object)
                    constructor.invokeExact(
                        argument(row, indexes, 0),
                        argument(row, indexes, 1),
                        argument(row, indexes, 2));
            case 4 ->
                (Object)
                    constructor.invokeExact(
                        argument(row, indexes, 0),
                        argument(row, indexes, 1),
                        argument(row, indexes, 2),
                        argument(row, indexes, 3));
            default -> {
              var arguments = new Object[parameterTypes.length];
              for (int i = 0; i < arguments.length; i++) {
                arguments[i] = argument(row, indexes, i);
              }
              yield (Object) constructor.invokeExact(arguments);
            }
          };
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new MappingException("cannot construct " + dto.getType().getName(), e);
    }
  }

  private @Nullable Object argument(Row row, int[] indexes, int i) {
    var value = slots.read(row, indexes, i, conversions);
    return value != null ? value : ParameterValueProvider.getDefaultValue(parameterTypes[i]);
  }

  /**
   * The creator as a handle taking an argument array, when it is a plain constructor we may call (a
   * record's canonical one, say); null leaves instantiation to Spring Data's instantiator.
   */
  private static @Nullable MethodHandle spreadConstructor(
      @Nullable InstanceCreatorMetadata<?> creator, int parameters) {
    if (!(creator instanceof PreferredConstructor<?, ?> preferred)) {
      return null;
    }
    try {
      var constructor = preferred.getConstructor();
      constructor.setAccessible(true);
      var handle = MethodHandles.lookup().unreflectConstructor(constructor);
      // (Object, ...) -> Object for the arities construct() calls directly, (Object[]) -> Object
      // beyond
      return parameters <= 4
          ? handle.asType(MethodType.genericMethodType(parameters))
          : handle
              .asType(MethodType.methodType(Object.class, constructor.getParameterTypes()))
              .asSpreader(Object[].class, parameters);
    } catch (IllegalAccessException | RuntimeException e) {
      return null; // not accessible to us: Spring Data's instantiator copes
    }
  }

  /** The properties of the domain entity this projection reads. */
  public List<String> propertyNames() {
    return slots.names();
  }

  @Override
  public T mapRow(Row row) {
    int[] indexes = slots.indexesFor(row);
    if (constructor != null) {
      return construct(row, indexes, constructor);
    }
    return instantiator.createInstance(
        dto,
        new ParameterValueProvider<>() {
          @Override
          @SuppressWarnings("unchecked")
          public <P> @Nullable P getParameterValue(
              Parameter<P, RelationalPersistentProperty> parameter) {
            return (P) argument(row, indexes, slotByParameter.get(parameter.getName()));
          }
        });
  }
}
