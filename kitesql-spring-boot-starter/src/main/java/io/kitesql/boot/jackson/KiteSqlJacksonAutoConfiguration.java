package io.kitesql.boot.jackson;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import tools.jackson.databind.JacksonModule;

/**
 * Registers {@link KiteSqlJacksonModule} when Jackson 3 is on the class path, so Boot's {@code
 * JsonMapper} (and with it Spring MVC's message converter) writes KiteSQL text as JSON strings from
 * UTF-8 bytes. Backs off when the application declares its own {@code KiteSqlJacksonModule}.
 */
@AutoConfiguration(
    beforeName = "org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration")
@ConditionalOnClass(JacksonModule.class)
public final class KiteSqlJacksonAutoConfiguration {
  @Bean
  @ConditionalOnMissingBean
  KiteSqlJacksonModule kiteSqlJacksonModule() {
    return new KiteSqlJacksonModule();
  }
}
