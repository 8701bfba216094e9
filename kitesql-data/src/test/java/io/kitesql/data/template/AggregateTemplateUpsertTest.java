package io.kitesql.data.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.api.Database;
import io.kitesql.data.Executions;
import io.kitesql.data.config.EnableKiteSqlAuditing;
import io.kitesql.data.config.EnableKiteSqlRepositories;
import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.repository.TempDatabaseConfiguration;
import io.kitesql.data.repository.support.KiteSqlAggregateTemplate;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.annotation.CreatedBy;
import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.LastModifiedBy;
import org.springframework.data.annotation.LastModifiedDate;
import org.springframework.data.annotation.Version;
import org.springframework.data.auditing.DateTimeProvider;
import org.springframework.data.domain.AuditorAware;
import org.springframework.data.relational.core.mapping.Embedded;
import org.springframework.data.relational.core.mapping.Table;
import org.springframework.data.relational.core.mapping.event.AfterSaveCallback;
import org.springframework.data.relational.core.mapping.event.BeforeConvertCallback;
import org.springframework.data.relational.core.mapping.event.BeforeSaveCallback;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/**
 * {@link KiteSqlAggregateTemplate#upsert} and {@link KiteSqlAggregateTemplate#upsertAll} on a real
 * database, as the bean {@code @EnableKiteSqlRepositories} registers: the rows stored are compared
 * with rows computed from the objects written (and from what the test's callbacks and auditing
 * clock do to them).
 */
@SpringJUnitConfig(AggregateTemplateUpsertTest.Config.class)
class AggregateTemplateUpsertTest {
  static final List<String> CALLS = new CopyOnWriteArrayList<>();
  static final AtomicReference<String> AUDITOR = new AtomicReference<>("alice");
  static final AtomicReference<Instant> NOW =
      new AtomicReference<>(Instant.parse("2026-05-01T09:00:00Z"));

  @Table("sites")
  record Site(
      @Id Long id, CharSequence name, @Embedded.Nullable(prefix = "addr_") Address address) {}

  record Address(CharSequence street, CharSequence city) {}

  @Table("lines")
  record Line(@Id LineId id, CharSequence product, int quantity) {}

  record LineId(long orderId, int line) {}

  @Table("memos")
  record Memo(
      @Id Long id,
      CharSequence body,
      @CreatedBy String createdBy,
      @LastModifiedBy String modifiedBy,
      @LastModifiedDate LocalDateTime modifiedAt) {
    Memo withCreatedBy(String createdBy) {
      return new Memo(id, body, createdBy, modifiedBy, modifiedAt);
    }

    Memo withModifiedBy(String modifiedBy) {
      return new Memo(id, body, createdBy, modifiedBy, modifiedAt);
    }

    Memo withModifiedAt(LocalDateTime modifiedAt) {
      return new Memo(id, body, createdBy, modifiedBy, modifiedAt);
    }
  }

  @Table("counters")
  record Counter(@Id Long id, long hits, @Version Long version) {}

  @Configuration
  @EnableKiteSqlRepositories(basePackageClasses = AggregateTemplateUpsertTest.class)
  @EnableKiteSqlAuditing(auditorAwareRef = "currentUser", dateTimeProviderRef = "clock")
  static class Config extends TempDatabaseConfiguration {
    @Override
    protected void createSchema(Database database) {
      database.execute(
          "create table sites (id bigint primary key, name varchar, addr_street varchar, addr_city varchar)");
      database.execute(
          "create table lines (order_id bigint, line int, product varchar, quantity int not null,"
              + " primary key (order_id, line))");
      database.execute(
          "create table memos (id bigint primary key, body varchar, created_by varchar,"
              + " modified_by varchar, modified_at timestamp)");
      database.execute(
          "create table counters (id bigint primary key, hits bigint, version bigint)");
    }

    @Bean
    AuditorAware<String> currentUser() {
      return () -> Optional.ofNullable(AUDITOR.get());
    }

    @Bean
    DateTimeProvider clock() {
      return () -> Optional.of(NOW.get());
    }

    /** Trims the name: what a BeforeConvert callback returns is what is written. */
    @Bean
    BeforeConvertCallback<Site> trimName() {
      return site -> {
        CALLS.add("beforeConvert " + site.id());
        return new Site(site.id(), site.name().toString().strip(), site.address());
      };
    }

    /** Upper-cases the city: what a BeforeSave callback returns is what is written. */
    @Bean
    BeforeSaveCallback<Site> upperCaseCity() {
      return (site, change) -> {
        CALLS.add("beforeSave " + site.id());
        return site.address() == null
            ? site
            : new Site(
                site.id(),
                site.name(),
                new Address(
                    site.address().street(),
                    site.address().city().toString().toUpperCase(Locale.ROOT)));
      };
    }

    @Bean
    AfterSaveCallback<Site> afterSave() {
      return site -> {
        CALLS.add("afterSave " + site.id() + " " + site.name());
        return site;
      };
    }
  }

  @Autowired KiteSqlAggregateTemplate aggregates;
  @Autowired KiteSqlTemplate template;
  @Autowired Database database;
  private Executions executions;

  @BeforeEach
  void clear() {
    for (var table : List.of("sites", "lines", "memos", "counters")) {
      template.update("delete from " + table);
    }
    CALLS.clear();
    executions = Executions.listenTo(database);
  }

  @AfterEach
  void stopObserving() {
    Executions.stop(database);
  }

  /** What the test's callbacks make of a site, as the row it should be stored as. */
  private static String expectedRow(Site site) {
    var address = site.address();
    return site.id()
        + "|"
        + site.name().toString().strip()
        + "|"
        + (address == null ? null : address.street())
        + "|"
        + (address == null ? null : address.city().toString().toUpperCase(Locale.ROOT));
  }

  private TreeMap<Long, String> storedSites() {
    var stored = new TreeMap<Long, String>();
    template
        .query(
            "select id, name, addr_street, addr_city from sites",
            row ->
                row.getLong(0)
                    + "|"
                    + row.getString(1)
                    + "|"
                    + row.getString(2)
                    + "|"
                    + row.getString(3))
        .forEach(line -> stored.put(Long.parseLong(line.substring(0, line.indexOf('|'))), line));
    return stored;
  }

  @Test
  void upsertWritesEmbeddedValuesThroughTheCallbacksInOneStatementPerCall() {
    var expected = new TreeMap<Long, String>();
    var first = new Site(1L, " depot ", new Address("1 Kite Hill", "oslo"));
    var returned = aggregates.upsert(first);
    expected.put(1L, expectedRow(first));
    assertThat(returned.address().city().toString()).isEqualTo("OSLO");
    assertThat(CALLS).containsExactly("beforeConvert 1", "beforeSave 1", "afterSave 1 depot");
    assertThat(executions.labels()).containsExactly("Site.upsert");

    executions.clear();
    var batch =
        List.of(
            new Site(2L, "yard", null),
            new Site(1L, "depot, moved ", new Address("2 Kite Hill", "bergen")),
            new Site(3L, " shop", new Address("3 Kite Hill", "lima")));
    aggregates.upsertAll(batch);
    batch.forEach(site -> expected.put(site.id(), expectedRow(site)));
    assertThat(executions.labels()).containsExactly("Site.upsertAll");
    assertThat(storedSites()).isEqualTo(expected);
  }

  @Test
  void upsertWritesACompositeIdByAllItsColumns() {
    var expected = new TreeMap<String, String>();
    var written = new ArrayList<Line>();
    for (long order = 1; order <= 3; order++) {
      for (int line = 1; line <= 2; line++) {
        written.add(new Line(new LineId(order, line), "kite " + order + "." + line, line));
      }
    }
    aggregates.upsertAll(written);
    var again =
        List.of(
            new Line(new LineId(2, 2), "bigger kite", 9), new Line(new LineId(2, 3), "string", 1));
    aggregates.upsertAll(again);
    aggregates.upsert(new Line(new LineId(1, 1), "red kite", 4));
    written.addAll(again);
    written.add(new Line(new LineId(1, 1), "red kite", 4));
    for (var line : written) {
      expected.put(
          line.id().orderId() + "/" + line.id().line(), line.product() + " x" + line.quantity());
    }
    var stored = new TreeMap<String, String>();
    template
        .query(
            "select order_id, line, product, quantity from lines",
            row ->
                new String[] {
                  row.getLong(0) + "/" + row.getInt(1), row.getString(2) + " x" + row.getInt(3)
                })
        .forEach(pair -> stored.put(pair[0], pair[1]));
    assertThat(stored).isEqualTo(expected);
  }

  @Test
  void upsertAuditsTheEntityAsNotNewSettingOnlyTheModifiedProperties() {
    var at = Instant.parse("2026-05-02T10:30:00Z");
    NOW.set(at);
    AUDITOR.set("bob");
    var returned = aggregates.upsert(new Memo(7L, "call the kite shop", null, null, null));
    var modifiedAt = LocalDateTime.ofInstant(at, ZoneOffset.UTC);
    assertThat(returned).isEqualTo(new Memo(7L, "call the kite shop", null, "bob", modifiedAt));
    var stored =
        template.query(
            "select id, body, created_by, modified_by, modified_at from memos",
            row ->
                new Memo(
                    row.getLong(0),
                    row.getString(1),
                    row.getString(2),
                    row.getString(3),
                    (LocalDateTime) row.getObject(4)));
    assertThat(stored).containsExactly(returned);
  }

  @Test
  void upsertRefusesWhatItCannotDoAndWritesNothing() {
    assertThatThrownBy(() -> aggregates.upsert(new Counter(1L, 5, 0L)))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("Counter")
        .hasMessageContaining("@Version (version)");
    assertThatThrownBy(() -> aggregates.upsert(new Site(null, "nowhere", null)))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("null @Id");
    assertThatThrownBy(
            () -> aggregates.upsertAll(List.of(new Site(9L, "a", null), new Site(9L, "b", null))))
        .isInstanceOf(DataAccessException.class);
    assertThatThrownBy(
            () ->
                aggregates.upsertAll(
                    List.<Object>of(new Site(8L, "a", null), new Line(new LineId(8, 1), "b", 1))))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("of one type");
    assertThatThrownBy(() -> aggregates.upsert("not an entity"))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("java.lang.String");
    assertThat(aggregates.upsertAll(List.of())).isEmpty();
    assertThat(storedSites()).isEmpty();
    assertThat(template.queryForValue("select count(*) from counters", Long.class)).contains(0L);
    assertThat(template.queryForValue("select count(*) from lines", Long.class)).contains(0L);
  }
}
