package io.kitesql.data.mapping;

import java.util.Collection;
import java.util.Date;
import java.util.List;
import org.springframework.core.convert.converter.GenericConverter;
import org.springframework.data.convert.CustomConversions;

/**
 * The application's {@code @ReadingConverter}/{@code @WritingConverter}s for KiteSQL entities.
 * Reading converters see text as {@link String} (the only way a converter can keep it) and write
 * converters must produce a value the engine stores: text, a number, a boolean, bytes, a date or a
 * timestamp.
 */
public class KiteSqlCustomConversions extends CustomConversions {
  private static final StoreConversions STORE =
      StoreConversions.of(
          new org.springframework.data.mapping.model.SimpleTypeHolder(
              KiteSqlMappingContext.SIMPLE_TYPES, true),
          List.of());

  private final boolean hasConverters;

  public KiteSqlCustomConversions(Collection<?> converters) {
    // Spring Data's default converters turn java.time values into java.util.Date for stores that
    // lack them; the engine stores LocalDate/LocalDateTime itself, so those are left out
    super(
        new ConverterConfiguration(
            STORE, List.copyOf(converters), KiteSqlCustomConversions::notADateConversion));
    this.hasConverters = !converters.isEmpty();
  }

  /**
   * Whether the application registered converters of its own (without any, reads need no lookup).
   */
  public boolean hasConverters() {
    return hasConverters;
  }

  private static boolean notADateConversion(GenericConverter.ConvertiblePair pair) {
    return !Date.class.isAssignableFrom(pair.getSourceType())
        && !Date.class.isAssignableFrom(pair.getTargetType());
  }

  /** No converters of the application's own. */
  public static KiteSqlCustomConversions none() {
    return new KiteSqlCustomConversions(List.of());
  }
}
