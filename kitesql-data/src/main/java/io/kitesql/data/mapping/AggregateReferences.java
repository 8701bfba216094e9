package io.kitesql.data.mapping;

import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.data.jdbc.core.mapping.AggregateReference;
import org.springframework.data.mapping.MappingException;
import org.springframework.data.relational.core.mapping.RelationalPersistentProperty;
import org.springframework.util.ClassUtils;

/**
 * Properties of Spring Data JDBC's {@code AggregateReference<T, ID>} type: one column holding the
 * referenced aggregate's id, read back as a reference to that id. spring-data-jdbc is an optional
 * dependency: without it on the class path no property is a reference and this class's use of
 * {@link AggregateReference} is never reached.
 */
public final class AggregateReferences {
  private static final String TYPE_NAME =
      "org.springframework.data.jdbc.core.mapping.AggregateReference";
  private static final @Nullable Class<?> TYPE =
      ClassUtils.isPresent(TYPE_NAME, AggregateReferences.class.getClassLoader())
          ? ClassUtils.resolveClassName(TYPE_NAME, AggregateReferences.class.getClassLoader())
          : null;

  private AggregateReferences() {}

  /** Whether {@code property} is an {@code AggregateReference}. */
  public static boolean isReference(RelationalPersistentProperty property) {
    return TYPE != null && TYPE == property.getType();
  }

  /** Whether {@code value} is an {@code AggregateReference}. */
  static boolean isReference(@Nullable Object value) {
    return TYPE != null && TYPE.isInstance(value);
  }

  /**
   * The referenced aggregate's type ({@code T} of {@code AggregateReference<T, ID>}), if the
   * property declares it.
   */
  public static Optional<Class<?>> targetType(RelationalPersistentProperty property) {
    var arguments = property.getTypeInformation().getTypeArguments();
    return arguments.size() == 2 ? Optional.of(arguments.get(0).getType()) : Optional.empty();
  }

  /** The referenced id's type ({@code ID} of {@code AggregateReference<T, ID>}). */
  static Class<?> idType(RelationalPersistentProperty property) {
    var arguments = property.getTypeInformation().getTypeArguments();
    if (arguments.size() != 2 || arguments.get(1).getType() == Object.class) {
      throw new MappingException(
          "property "
              + property.getName()
              + " of "
              + property.getOwner().getType().getName()
              + " is a raw AggregateReference: declare its types, AggregateReference<Target, IdType>");
    }
    return arguments.get(1).getType();
  }

  /** A reference to {@code id}, or null for a null id. */
  static @Nullable Object of(@Nullable Object id) {
    return id == null ? null : AggregateReference.to(id);
  }

  /** The id {@code reference} holds. */
  static @Nullable Object id(Object reference) {
    return ((AggregateReference<?, ?>) reference).getId();
  }
}
