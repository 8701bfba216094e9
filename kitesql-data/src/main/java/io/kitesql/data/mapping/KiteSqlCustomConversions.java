package io.kitesql.data.mapping;

import java.util.Collection;
import java.util.List;
import org.springframework.data.convert.CustomConversions;

/**
 * The application's {@code @ReadingConverter}/{@code @WritingConverter}s for KiteSQL entities.
 * Reading converters see text as {@link String} (the only way a converter can keep it) and write
 * converters must produce a value the engine stores: text, a number, a boolean, bytes, a date or a
 * timestamp.
 */
public class KiteSqlCustomConversions extends CustomConversions {
  private static final StoreConversions STORE = StoreConversions.of(
      new org.springframework.data.mapping.model.SimpleTypeHolder(KiteSqlMappingContext.SIMPLE_TYPES, true), List.of());

  public KiteSqlCustomConversions(Collection<?> converters) {
    super(STORE, converters);
  }

  /** No converters of the application's own. */
  public static KiteSqlCustomConversions none() {
    return new KiteSqlCustomConversions(List.of());
  }
}
