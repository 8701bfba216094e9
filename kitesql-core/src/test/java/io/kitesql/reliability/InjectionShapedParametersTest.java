package io.kitesql.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.testing.TempDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Parameters are bound as values, never spliced into SQL text: strings shaped like SQL injection,
 * parameter markers, comments and odd characters go in and come back unchanged, match only
 * themselves, and leave the schema and the other rows alone. Every parameter style is covered
 * (positional {@code ?}, numbered {@code ?N} / {@code $N}, named {@code :name}).
 */
class InjectionShapedParametersTest {
  /** Strings that would change a statement if they were pasted into its text. */
  static final List<String> HOSTILE =
      List.of(
          "'; drop table accounts; --",
          "' or '1'='1",
          "\" or \"\"=\"",
          "1; delete from accounts",
          "x') union select name, secret from accounts --",
          "/* comment */ 1",
          "-- line comment",
          "?",
          "?1",
          "$1",
          ":name",
          "'?'",
          "\\'; drop table accounts; \\--",
          "back\\slash",
          "nul\u0000byte",
          "new\nline\r\ttab",
          "quote''doubled",
          "émoji 🪁 and 中文",
          "%",
          "_",
          "%' or 1=1 --",
          "",
          "'".repeat(1000),
          "a".repeat(100_000) + "'; drop table accounts; --");

  @TempDatabase(mapSize = 256L << 20)
  Database db;

  @BeforeEach
  void open() {
    db.execute("create table accounts (id int primary key, name varchar, secret varchar)");
    db.execute("create index accounts_name on accounts (secret)");
    db.execute("insert into accounts values (0, 'admin', 'hunter2')");
  }

  @Test
  void hostileStringsRoundTripAsPlainValuesInEveryParameterStyle() {
    var positional = db.prepare("insert into accounts (id, name, secret) values (?, ?, 'p')");
    var numbered = db.prepare("insert into accounts (id, name, secret) values ($1, $2, 'n')");
    var named = db.prepare("insert into accounts (id, name, secret) values (:id, :name, 'x')");
    db.write(
        tx -> {
          int id = 1;
          for (var s : HOSTILE) {
            tx.execute(positional, id++, s);
            tx.execute(numbered, id++, s);
            tx.execute(named, Map.of("id", id++, "name", s));
          }
          return null;
        });

    var byName = db.prepare("select id, name from accounts where name = ? order by id");
    var byNameNumbered = db.prepare("select count(*) from accounts where name = ?1 and ?1 = name");
    for (int i = 0; i < HOSTILE.size(); i++) {
      String s = HOSTILE.get(i);
      int first = 1 + 3 * i;
      List<Object> found =
          db.read(
              tx -> {
                var out = new ArrayList<Object>();
                try (var rows = tx.query(byName, s)) {
                  while (rows.next()) {
                    out.add(rows.getLong(0));
                    assertThat(rows.getText(0 + 1).toString()).isEqualTo(s);
                  }
                }
                return out;
              });
      assertThat(found)
          .as("rows named %s", abbreviate(s))
          .containsExactly((long) first, (long) first + 1, (long) first + 2);
      Long count =
          db.read(
              tx -> {
                try (var rows = tx.query(byNameNumbered, s)) {
                  rows.next();
                  return rows.getLong(0);
                }
              });
      assertThat(count).isEqualTo(3);
    }

    // The schema and the row that was there are untouched; nothing else matched anything.
    assertThat(db.catalog().table("accounts")).isPresent();
    Long total =
        db.read(
            tx -> {
              try (var rows = tx.query("select count(*) from accounts")) {
                rows.next();
                return rows.getLong(0);
              }
            });
    assertThat(total).isEqualTo(1 + 3L * HOSTILE.size());
    String secret =
        db.read(
            tx -> {
              try (var rows = tx.query("select secret from accounts where id = 0")) {
                rows.next();
                return rows.getText(0).toString();
              }
            });
    assertThat(secret).isEqualTo("hunter2");
    assertThat(db.checkIntegrity().problems()).isEmpty();
  }

  @Test
  void hostileStringsInWhereClausesOfUpdatesAndDeletesMatchNothing() {
    var update = db.prepare("update accounts set secret = 'pwned' where name = ?");
    var delete = db.prepare("delete from accounts where secret = ?");
    var like = db.prepare("select count(*) from accounts where name like ?");
    for (var s : HOSTILE) {
      long updated = db.write(tx -> tx.execute(update, s));
      long deleted = db.write(tx -> tx.execute(delete, s));
      assertThat(updated).as("updated by %s", abbreviate(s)).isZero();
      assertThat(deleted).as("deleted by %s", abbreviate(s)).isZero();
    }
    // LIKE treats the parameter as a pattern, as SQL says: '%' matches the one row, the rest
    // nothing.
    for (var s : HOSTILE) {
      Long count =
          db.read(
              tx -> {
                try (var rows = tx.query(like, s)) {
                  rows.next();
                  return rows.getLong(0);
                }
              });
      assertThat(count).as("like %s", abbreviate(s)).isEqualTo(s.equals("%") ? 1 : 0);
    }
    String secret =
        db.read(
            tx -> {
              try (var rows = tx.query("select secret from accounts where id = 0")) {
                rows.next();
                return rows.getText(0).toString();
              }
            });
    assertThat(secret).isEqualTo("hunter2");
  }

  @Test
  void markersInsideStringLiteralsAreTextNotParameters() {
    var statement = db.prepare("select '?', ':name', '$1', ? from accounts where id = 0");
    assertThat(statement.parameterCount()).isEqualTo(1);
    List<String> values =
        db.read(
            tx -> {
              try (var rows = tx.query(statement, "'; drop table accounts; --")) {
                rows.next();
                var out = new ArrayList<String>();
                for (int i = 0; i < 4; i++) {
                  out.add(rows.getText(i).toString());
                }
                return out;
              }
            });
    assertThat(values).containsExactly("?", ":name", "$1", "'; drop table accounts; --");
  }

  private static String abbreviate(String s) {
    return s.length() > 40 ? s.substring(0, 40) + "..." : s;
  }
}
