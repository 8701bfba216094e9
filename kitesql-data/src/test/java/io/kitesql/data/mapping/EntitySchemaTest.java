package io.kitesql.data.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.api.KiteSql;
import io.kitesql.data.core.KiteSqlTemplate;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.data.annotation.Id;
import org.springframework.data.mapping.MappingException;
import org.springframework.data.relational.core.mapping.Column;
import org.springframework.data.relational.core.mapping.Table;

/** Tables made from entities hold what the entities hold, and existing tables are left alone. */
class EntitySchemaTest {
  @TempDir Path dir;

  enum Mood {
    CALM,
    GUSTY
  }

  @Table("kite_logs")
  record KiteLog(
      @Id UUID id,
      @Column("flown_on") LocalDate day,
      int launches,
      Long meters,
      double ratio,
      BigDecimal cost,
      boolean lost,
      Mood mood,
      CharSequence note,
      byte[] photo,
      Instant seen) {}

  record Unmappable(@Id Long id, Map<String, String> tags) {}

  @Test
  void createdTablesTakeEveryPropertyAndAreIdempotent() {
    try (var db = KiteSql.open(dir)) {
      var template = new KiteSqlTemplate(db);
      var context = new KiteSqlMappingContext();
      var conversions = Conversions.none();
      EntitySchema.createMissingTables(template, context, conversions, List.of(KiteLog.class));
      EntitySchema.createMissingTables(
          template, context, conversions, List.of(KiteLog.class)); // exists: nothing happens
      var table = db.catalog().table("kite_logs").orElseThrow();
      assertThat(table.columns())
          .extracting(c -> c.name() + " " + c.type().kind())
          .containsExactly(
              "id VARCHAR",
              "flown_on DATE",
              "launches INT",
              "meters BIGINT",
              "ratio DOUBLE",
              "cost DECIMAL",
              "lost BOOLEAN",
              "mood VARCHAR",
              "note VARCHAR",
              "photo VARBINARY",
              "seen TIMESTAMP");
      var mapping = new EntityMapping<>(context, KiteLog.class, conversions);
      var log =
          new KiteLog(
              UUID.randomUUID(),
              LocalDate.of(2026, 12, 2),
              3,
              120L,
              0.5,
              new BigDecimal("9.95"),
              false,
              Mood.GUSTY,
              "tail ✈",
              new byte[] {7, 8},
              Instant.parse("2026-12-02T10:00:00Z"));
      template.update(
          io.kitesql.data.core.Statement.of(
              "insert into kite_logs values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
              mapping.values(log, mapping.columns())));
      var read = template.query("select * from kite_logs", mapping).getFirst();
      assertThat(read.cost()).isEqualByComparingTo("9.95");
      assertThat(read.mood()).isEqualTo(Mood.GUSTY);
      assertThat(read.photo()).containsExactly(7, 8);
      assertThat(read.seen()).isEqualTo(log.seen());
      assertThat(read.note().toString()).isEqualTo("tail ✈");
    }
  }

  @Test
  void aPropertyWithoutAColumnTypeIsRefusedByName() {
    try (var db = KiteSql.open(dir)) {
      assertThatThrownBy(
              () ->
                  EntitySchema.createMissingTables(
                      new KiteSqlTemplate(db),
                      new KiteSqlMappingContext(),
                      Conversions.none(),
                      List.of(Unmappable.class)))
          .isInstanceOf(MappingException.class)
          .hasMessageContaining("tags");
    }
  }
}
