package io.kitesql.data.core;

import io.kitesql.value.Binary;
import io.kitesql.value.Text;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.core.convert.ConversionService;
import org.springframework.core.convert.support.DefaultConversionService;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.TypeMismatchDataAccessException;

/**
 * Conversions between the engine's values and the Java types of fields and parameters, without a
 * copy where the target type allows none: a text column read into a {@link CharSequence} field
 * stays the engine's {@link Text} (borrowed in a read-only transaction), while a {@link String}
 * field gets a copy. Instants are stored as UTC timestamps, UUIDs and enums as text.
 */
public final class Values {
  private static final ConversionService FALLBACK = DefaultConversionService.getSharedInstance();

  private Values() {}

  /** {@code value} as the engine returned it, converted to {@code type} (boxed or primitive). */
  @SuppressWarnings("unchecked")
  public static <T> @Nullable T read(@Nullable Object value, Class<T> type) {
    if (value == null) {
      return null;
    }
    var target = type.isPrimitive() ? (Class<T>) boxed(type) : type;
    if (target.isInstance(value) && target != Object.class) {
      return target.cast(value);
    }
    Object converted =
        switch (value) {
          case Text text -> fromText(text, target);
          case Binary binary -> target == byte[].class ? binary.toByteArray() : null;
          case Number number -> fromNumber(number, target);
          case LocalDateTime timestamp ->
              target == Instant.class ? timestamp.toInstant(ZoneOffset.UTC) : null;
          default -> target == Object.class ? value : null;
        };
    if (converted != null) {
      return target.cast(converted);
    }
    if (FALLBACK.canConvert(value.getClass(), target)) {
      return FALLBACK.convert(value, target);
    }
    throw new TypeMismatchDataAccessException(
        "cannot read a " + value.getClass().getSimpleName() + " value into " + type.getName());
  }

  /**
   * {@code value} as a parameter the engine binds: text, numbers, bytes, dates, or their stored
   * forms.
   */
  public static @Nullable Object write(@Nullable Object value) {
    return switch (value) {
      case null -> null;
      case Enum<?> e -> e.name();
      case UUID uuid -> uuid.toString();
      case Instant instant -> LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
      case Character c -> String.valueOf(c);
      case Iterable<?> ignored ->
          throw new InvalidDataAccessApiUsageException(
              "a collection is not one SQL value: use it with IN (derived In/NotIn queries expand it)");
      default -> value;
    };
  }

  private static @Nullable Object fromText(Text text, Class<?> target) {
    if (target == CharSequence.class || target == Object.class) {
      return text;
    }
    if (target == String.class) {
      return text.toString();
    }
    if (target.isEnum()) {
      return enumConstant(target, text.toString());
    }
    if (target == UUID.class) {
      return UUID.fromString(text.toString());
    }
    if (target == Character.class && text.length() == 1) {
      return text.charAt(0);
    }
    return null;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object enumConstant(Class<?> type, String name) {
    return Enum.valueOf((Class<? extends Enum>) type, name);
  }

  private static @Nullable Object fromNumber(Number n, Class<?> target) {
    if (target == Long.class) {
      return n.longValue();
    }
    if (target == Integer.class) {
      return Math.toIntExact(n.longValue());
    }
    if (target == Short.class) {
      return (short) Math.toIntExact(n.longValue());
    }
    if (target == Double.class) {
      return n.doubleValue();
    }
    if (target == Float.class) {
      return n.floatValue();
    }
    if (target == BigDecimal.class) {
      return n instanceof BigDecimal d
          ? d
          : n instanceof Double d ? BigDecimal.valueOf(d) : BigDecimal.valueOf(n.longValue());
    }
    if (target == BigInteger.class) {
      return n instanceof BigDecimal d ? d.toBigIntegerExact() : BigInteger.valueOf(n.longValue());
    }
    if (target == Boolean.class) {
      return n.longValue() != 0;
    }
    return null;
  }

  private static Class<?> boxed(Class<?> primitive) {
    return switch (primitive.getName()) {
      case "int" -> Integer.class;
      case "long" -> Long.class;
      case "double" -> Double.class;
      case "float" -> Float.class;
      case "boolean" -> Boolean.class;
      case "short" -> Short.class;
      case "byte" -> Byte.class;
      case "char" -> Character.class;
      default -> primitive;
    };
  }
}
