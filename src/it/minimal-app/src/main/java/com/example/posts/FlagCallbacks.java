package com.example.posts;

import java.util.Locale;
import java.util.Optional;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.domain.AuditorAware;
import org.springframework.data.relational.core.mapping.event.BeforeConvertCallback;

/**
 * Spring Data Relational's entity callback and the auditor for {@link Flag}s: beans both stores
 * call (auditing is switched on by each application's {@code @Enable…Auditing}).
 */
@Configuration(proxyBeanMethods = false)
public class FlagCallbacks {
  /** Who creates flags in this application. */
  public static final String MODERATOR = "moderator";

  /** Stores a flag's reason trimmed and in lower case. */
  @Bean
  BeforeConvertCallback<Flag> normalizeFlagReason() {
    return flag -> flag.withReason(flag.reason().toString().strip().toLowerCase(Locale.ROOT));
  }

  @Bean
  AuditorAware<String> moderator() {
    return () -> Optional.of(MODERATOR);
  }
}
