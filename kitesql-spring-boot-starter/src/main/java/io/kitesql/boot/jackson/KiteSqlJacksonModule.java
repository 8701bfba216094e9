package io.kitesql.boot.jackson;

import io.kitesql.value.Text;
import tools.jackson.databind.module.SimpleModule;

/**
 * The Jackson 3 module for KiteSQL values: {@link Text} (what a {@code CharSequence} field of an
 * entity or projection holds) is written by {@link TextSerializer}. Boot registers it with its
 * {@code JsonMapper} because it is a {@code JacksonModule} bean; without Boot, add it to a mapper
 * builder with {@code addModule}.
 */
public final class KiteSqlJacksonModule extends SimpleModule {
  /** The module with its serializers. */
  public KiteSqlJacksonModule() {
    super("kitesql");
    addSerializer(Text.class, new TextSerializer());
  }
}
