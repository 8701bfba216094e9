package io.kitesql.boot.jackson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.value.Text;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Borrowed text from a real read transaction, written by {@link TextSerializer}, gives the same
 * JSON as the same values as {@code String}s: through the UTF-8 byte path (an output stream) and
 * the char path (a string writer, fed by {@code Text.getChars}), with characters JSON must escape.
 */
class TextSerializerTests {
  /** A row as an application would map it: text as CharSequence. */
  record Row(long id, CharSequence body) {}

  private static final List<String> BODIES =
      List.of(
          "plain ascii",
          "quote \" backslash \\ slash / newline \n tab \t bell \u0007 nul \u0000",
          "ünïcødé ✈ kites and a supplementary 🪁 character",
          "x".repeat(70_000) + "é");

  @TempDir Path dir;
  private Database database;
  private final JsonMapper mapper =
      JsonMapper.builder().addModule(new KiteSqlJacksonModule()).build();
  private final JsonMapper plain = JsonMapper.builder().build();

  @BeforeEach
  void open() {
    database = KiteSql.open(dir.resolve("db"));
    database.execute("create table rows (id bigint primary key, body varchar)");
    for (int i = 0; i < BODIES.size(); i++) {
      database.execute("insert into rows values (?, ?)", i, BODIES.get(i));
    }
  }

  @AfterEach
  void close() {
    database.close();
  }

  private static List<Row> expected() {
    var rows = new ArrayList<Row>();
    for (int i = 0; i < BODIES.size(); i++) {
      rows.add(new Row(i, BODIES.get(i)));
    }
    return rows;
  }

  private <T> T withBorrowedRows(java.util.function.Function<List<Row>, T> use) {
    return database.read(
        tx -> {
          var rows = new ArrayList<Row>();
          try (var cursor = tx.query("select id, body from rows order by id")) {
            while (cursor.next()) {
              rows.add(new Row(cursor.getLong(0), cursor.getText(1)));
            }
          }
          assertThat(rows).allSatisfy(row -> assertThat(((Text) row.body()).isBorrowed()).isTrue());
          return use.apply(rows);
        });
  }

  @Test
  void utf8PathWritesTheSameJsonAsStrings() {
    byte[] written =
        withBorrowedRows(
            rows -> {
              var out = new ByteArrayOutputStream();
              mapper.writeValue(out, rows);
              return out.toByteArray();
            });
    assertThat(new String(written, StandardCharsets.UTF_8))
        .isEqualTo(plain.writeValueAsString(expected()));
  }

  @Test
  void charPathWritesTheSameJsonAsStrings() {
    String written = withBorrowedRows(mapper::writeValueAsString);
    assertThat(written).isEqualTo(plain.writeValueAsString(expected()));
  }

  @Test
  void ownedTextIsWrittenToo() {
    var owned = new Row(1, Text.of("owned ✈ \"text\""));
    assertThat(mapper.writeValueAsBytes(owned))
        .isEqualTo(plain.writeValueAsBytes(new Row(1, "owned ✈ \"text\"")));
  }

  @Test
  void borrowedTextAfterItsTransactionFailsLoudly() {
    List<Row> dead = withBorrowedRows(rows -> rows);
    assertThatThrownBy(() -> mapper.writeValueAsBytes(dead))
        .isInstanceOf(DatabindException.class)
        .hasRootCauseInstanceOf(IllegalStateException.class);
    // The char path (a Writer target) reads the text through getChars: it fails alike.
    assertThatThrownBy(() -> mapper.writeValueAsString(dead))
        .isInstanceOf(DatabindException.class)
        .hasRootCauseInstanceOf(IllegalStateException.class);
  }

  @Test
  void bootsJsonMapperGetsTheModule() {
    new ApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(
                JacksonAutoConfiguration.class, KiteSqlJacksonAutoConfiguration.class))
        .run(
            context -> {
              assertThat(context).hasSingleBean(KiteSqlJacksonModule.class);
              var json =
                  context.getBean(JsonMapper.class).writeValueAsString(new Row(7, Text.of("kite")));
              assertThat(json).isEqualTo("{\"id\":7,\"body\":\"kite\"}");
            });
  }
}
