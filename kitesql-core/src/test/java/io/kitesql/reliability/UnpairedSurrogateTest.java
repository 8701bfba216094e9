package io.kitesql.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.testing.TempDatabase;
import io.kitesql.value.Text;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A Java string with an unpaired surrogate has no UTF-8 form. It used to be stored as {@code '?'}
 * (as {@code String.getBytes} does), so distinct strings collided: a false primary-key violation, a
 * lookup matching another row. Now it is refused with INVALID_VALUE naming the parameter or
 * literal, and nothing is written.
 */
class UnpairedSurrogateTest {
  private static final List<String> UNPAIRED =
      List.of("a\uD800", "a\uDC00", "\uDC00\uD800", "x\uD83Dy", "\uD83D", "ok\uDE00");

  @TempDatabase Database db;

  @BeforeEach
  void load() {
    db.execute("create table t (id varchar primary key, body varchar)");
    db.execute("insert into t values ('a?', 'question mark')");
  }

  @Test
  void parametersAreRefusedNamingTheParameter() {
    for (var bad : UNPAIRED) {
      assertInvalid(
          () -> db.execute("insert into t values (?, ?)", "fine", bad), "parameter ?2", bad);
      assertInvalid(() -> db.execute("insert into t values (?, 'x')", bad), "parameter ?1", bad);
      var named = db.prepare("insert into t values (:id, 'x')");
      assertInvalid(
          () -> db.write(tx -> tx.execute(named, Map.of("id", bad))), "parameter :id", bad);
      assertInvalid(() -> db.execute("update t set body = ?", bad), "parameter ?1", bad);
      assertInvalid(
          () -> db.read(tx -> tx.query("select body from t where id = ?", bad).toList()),
          "parameter ?1",
          bad);
      assertInvalid(() -> db.read(tx -> tx.query("select ?", bad).toList()), "parameter ?1", bad);
      assertInvalid(
          () -> db.execute("insert into t values (?, 'x')", new StringBuilder(bad)),
          "parameter ?1",
          bad);
    }
    assertOnlyTheOriginalRow(db);
  }

  @Test
  void literalsAreRefused() {
    for (var bad : UNPAIRED) {
      assertInvalid(
          () -> db.execute("insert into t values ('" + bad + "', 'x')"), "string literal", bad);
      assertInvalid(
          () -> db.read(tx -> tx.query("select count(*) from t where id = '" + bad + "'").toList()),
          "string literal",
          bad);
    }
    assertOnlyTheOriginalRow(db);
  }

  @Test
  void textOfRefusesButPairedSurrogatesAreStoredExactly() {
    assertThatThrownBy(() -> Text.of("a\uD800"))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_VALUE));
    db.execute("insert into t values (?, ?)", "a\uD83D\uDE00", "smile");
    db.execute("insert into t values ('b\uD83D\uDE00', 'literal smile')");
    var rows =
        db.read(
            tx ->
                tx.query("select id, body from t order by body").toList().stream()
                    .map(r -> r[0].toString() + "=" + r[1])
                    .toList());
    assertThat(rows)
        .containsExactly("b\uD83D\uDE00=literal smile", "a?=question mark", "a\uD83D\uDE00=smile");
  }

  private static void assertInvalid(ThrowingCallable call, String names, String bad) {
    assertThatThrownBy(call)
        .as(names + " with " + bad.chars().mapToObj(Integer::toHexString).toList())
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_VALUE))
        .hasMessageContaining(names)
        .hasMessageContaining("unpaired surrogate");
  }

  private static void assertOnlyTheOriginalRow(Database db) {
    var rows =
        db.read(
            tx ->
                tx.query("select id from t").toList().stream().map(r -> r[0].toString()).toList());
    assertThat(rows).containsExactly("a?");
    assertThat(db.checkIntegrity().isOk()).isTrue();
  }
}
