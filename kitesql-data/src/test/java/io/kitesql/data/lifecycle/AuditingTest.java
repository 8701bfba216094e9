package io.kitesql.data.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.data.config.EnableKiteSqlAuditing;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.auditing.DateTimeProvider;
import org.springframework.data.domain.AuditorAware;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/**
 * {@code @EnableKiteSqlAuditing} on a real database: the auditor and the clock are the test's, so
 * every expected value is one the test set.
 */
@SpringJUnitConfig(AuditingTest.Config.class)
class AuditingTest {
  static final AtomicReference<String> AUDITOR = new AtomicReference<>();
  static final AtomicReference<Instant> NOW = new AtomicReference<>();

  @Configuration
  @EnableKiteSqlAuditing(auditorAwareRef = "currentUser", dateTimeProviderRef = "clock")
  static class Config extends LifecycleSchema {
    @Bean
    AuditorAware<String> currentUser() {
      return () -> Optional.ofNullable(AUDITOR.get());
    }

    @Bean
    DateTimeProvider clock() {
      return () -> Optional.of(NOW.get());
    }
  }

  @Autowired NoteRepository notes;
  @Autowired TagRepository tags;

  @Test
  void createdAndModifiedOnInsertOnlyModifiedOnUpdate() {
    var created = Instant.parse("2026-03-01T10:15:30Z");
    AUDITOR.set("alice");
    NOW.set(created);
    var saved = notes.save(new Note("first draft"));
    assertThat(saved.getId()).isNotNull();
    assertThat(saved.getCreatedBy()).isEqualTo("alice");
    assertThat(saved.getCreatedAt()).isEqualTo(created);
    assertThat(saved.getModifiedBy()).isEqualTo("alice");
    assertThat(saved.getModifiedAt()).isEqualTo(created);

    var modified = Instant.parse("2026-03-02T08:00:00Z");
    AUDITOR.set("bob");
    NOW.set(modified);
    var loaded = notes.findById(saved.getId()).orElseThrow();
    loaded.setTitle("second draft");
    notes.save(loaded);

    var stored = notes.findById(saved.getId()).orElseThrow();
    assertThat(stored.getTitle().toString()).isEqualTo("second draft");
    assertThat(stored.getCreatedBy()).isEqualTo("alice");
    assertThat(stored.getCreatedAt()).isEqualTo(created);
    assertThat(stored.getModifiedBy()).isEqualTo("bob");
    assertThat(stored.getModifiedAt()).isEqualTo(modified);
  }

  @Test
  void immutableEntitiesAreAuditedThroughTheirWithers() {
    var created = Instant.parse("2026-04-05T06:07:08Z");
    AUDITOR.set("carol");
    NOW.set(created);
    var saved = tags.save(new Tag(null, "kites", null, null)); // new: a null id
    assertThat(saved.createdBy()).isEqualTo("carol");
    assertThat(saved.createdAt()).isEqualTo(LocalDateTime.ofInstant(created, ZoneOffset.UTC));
    var stored = tags.findById(saved.id()).orElseThrow();
    assertThat(stored.createdBy()).isEqualTo("carol");
    assertThat(stored.createdAt()).isEqualTo(saved.createdAt());
  }
}
