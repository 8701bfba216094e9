/**
 * Jackson 3 support for KiteSQL's {@link io.kitesql.value.Text}: a serializer that writes a text's
 * UTF-8 bytes as a JSON string without making a {@code String}, registered as a module bean that
 * Boot adds to its {@code JsonMapper}. Entry: {@link
 * io.kitesql.boot.jackson.KiteSqlJacksonAutoConfiguration}.
 *
 * <p>May depend on kitesql-core and Jackson 3 databind (optional: the auto-configuration checks for
 * it).
 */
@NullMarked
package io.kitesql.boot.jackson;

import org.jspecify.annotations.NullMarked;
