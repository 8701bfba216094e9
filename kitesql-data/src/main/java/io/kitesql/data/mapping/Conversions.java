package io.kitesql.data.mapping;

import io.kitesql.data.core.Row;
import io.kitesql.data.core.Values;
import io.kitesql.value.Binary;
import io.kitesql.value.Text;
import org.jspecify.annotations.Nullable;
import org.springframework.core.convert.support.DefaultConversionService;
import org.springframework.data.convert.CustomConversions;

/**
 * Reads engine values into property types and writes property values as parameters: the
 * application's custom converters first, then {@link Values}' built-in rules.
 */
public final class Conversions {
  private final CustomConversions custom;
  private final DefaultConversionService service = new DefaultConversionService();

  /** False when no application converter exists: then reads skip the converter lookup. */
  private final boolean customReads;

  public Conversions(CustomConversions custom) {
    this.custom = custom;
    this.customReads = !(custom instanceof KiteSqlCustomConversions kite) || kite.hasConverters();
    custom.registerConvertersIn(service);
  }

  public static Conversions none() {
    return new Conversions(KiteSqlCustomConversions.none());
  }

  /**
   * Whether a property of {@code type} is one column: an engine type, or one a custom converter
   * handles.
   */
  public boolean isSimpleType(Class<?> type) {
    return custom.isSimpleType(type) || type.isEnum();
  }

  /** The value of a column read into a property of type {@code type}. */
  public <T> @Nullable T read(@Nullable Object value, Class<T> type) {
    if (value == null) {
      return Values.read(null, type);
    }
    var source = storedType(value);
    if (customReads && custom.hasCustomReadTarget(source, type)) {
      var plain = value instanceof Text || value instanceof Binary ? plain(value) : value;
      return service.convert(plain, type);
    }
    return Values.read(value, type);
  }

  /**
   * Column {@code index} of {@code row} read into {@code type}; a copy of borrowed text is recorded
   * on the row.
   */
  public <T> @Nullable T read(Row row, int index, Class<T> type) {
    var value = row.getObject(index);
    var converted = read(value, type);
    if (value != converted && value instanceof Text text && text.isBorrowed()) {
      row.recordCopy(text.utf8Length());
    } else if (value instanceof Binary binary
        && binary.isBorrowed()
        && converted instanceof byte[]) {
      row.recordCopy(binary.length());
    }
    return converted;
  }

  /**
   * The type a property of {@code type} is stored as: a custom writing converter's target, or
   * itself.
   */
  public Class<?> writeTarget(Class<?> type) {
    return custom.getCustomWriteTarget(type).orElse(type);
  }

  /** A property value as the engine binds it (an {@code AggregateReference} as its id). */
  public @Nullable Object write(@Nullable Object value) {
    if (value == null) {
      return null;
    }
    if (AggregateReferences.isReference(value)) {
      return write(AggregateReferences.id(value));
    }
    var target = custom.getCustomWriteTarget(value.getClass());
    if (target.isPresent()) {
      return Values.write(service.convert(value, target.get()));
    }
    return Values.write(value);
  }

  private static Class<?> storedType(Object value) {
    return switch (value) {
      case Text ignored -> String.class;
      case Binary ignored -> byte[].class;
      default -> value.getClass();
    };
  }

  private static Object plain(Object value) {
    return value instanceof Binary b ? b.toByteArray() : value.toString();
  }
}
