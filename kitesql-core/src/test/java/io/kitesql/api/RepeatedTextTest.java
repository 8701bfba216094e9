package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.testing.TempDatabase;
import io.kitesql.value.Text;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A read-only transaction lends one text object for a short value that a column repeats row after
 * row: the values read stay exactly the stored ones (equal lengths, different bytes included), and
 * a transaction never gets a text of an earlier one.
 */
class RepeatedTextTest {
  /** Short values of one length that differ in one byte, repeated in runs, and a long one. */
  private static final List<String> CODES =
      List.of("ab", "ab", "ac", "ac", "ab", "bb", "bb", "bb", "x".repeat(40), "x".repeat(40));

  @TempDatabase Database db;

  @BeforeEach
  void fill() {
    db.execute("create table t (id int primary key, code varchar)");
    var insert = db.prepare("insert into t values (?, ?)");
    db.write(
        tx -> {
          for (int i = 0; i < CODES.size(); i++) {
            tx.execute(insert, i, CODES.get(i));
          }
          return null;
        });
  }

  private List<Text> read(Transaction tx) {
    var texts = new ArrayList<Text>();
    try (var rows = tx.query("select code from t order by id")) {
      while (rows.next()) {
        texts.add(rows.getText(0));
      }
    }
    return texts;
  }

  @Test
  void repeatsShareOneObjectAndEveryValueIsTheStoredOne() {
    try (var tx = db.beginRead()) {
      var texts = read(tx);
      assertThat(texts).map(Text::toString).containsExactlyElementsOf(CODES);
      assertThat((Object) texts.get(1)).isSameAs(texts.get(0));
      assertThat((Object) texts.get(2)).isNotSameAs(texts.get(1));
      assertThat((Object) texts.get(4)).isNotSameAs(texts.get(3));
      assertThat((Object) texts.get(7)).isSameAs(texts.get(5));
      // long values are compared with no previous one
      assertThat((Object) texts.get(9)).isNotSameAs(texts.get(8));
      assertThat(texts).allMatch(Text::isBorrowed);
    }
  }

  @Test
  void aLaterTransactionGetsTextsOfItsOwn() {
    List<Text> first;
    try (var tx = db.beginRead()) {
      first = read(tx);
    }
    try (var tx = db.beginRead()) {
      var second = read(tx);
      assertThat(second).map(Text::toString).containsExactlyElementsOf(CODES);
      for (int i = 0; i < CODES.size(); i++) {
        assertThat((Object) second.get(i)).isNotSameAs(first.get(i));
      }
    }
    assertThatThrownBy(() -> first.getFirst().toString())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("ended");
  }

  @Test
  void writeTransactionsCopyEveryValue() {
    db.write(
        tx -> {
          var texts = read(tx);
          assertThat(texts).map(Text::toString).containsExactlyElementsOf(CODES);
          assertThat(texts).noneMatch(Text::isBorrowed);
          return null;
        });
  }
}
