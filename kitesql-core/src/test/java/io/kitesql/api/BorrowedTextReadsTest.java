package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.testing.TempDatabase;
import io.kitesql.value.Text;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Text borrowed from a real database's map, read char by char the way user code reads it ({@code
 * charAt} loops, {@code java.util.regex}, {@code chars()}), against the {@code String} that was
 * stored; and the failure once its transaction has ended.
 */
class BorrowedTextReadsTest {
  @TempDatabase Database db;

  private static final Pattern WORD_WITH_ACCENT = Pattern.compile("\\w*[^\\x00-\\x7F]\\w*");
  private static final Pattern EMAIL = Pattern.compile("[\\w.+-]+@[\\w-]+\\.[a-z]{2,}");

  /** ASCII; mostly ASCII with two-, three- and four-byte characters; long and short. */
  private static List<String> notes() {
    String ascii = "Plain words, contact ops.team+db@example.org at 10:45. ";
    String mixed = "Crème brûlée costs 5 € — ask señor@café.example.com \uD83D\uDE00 twice. ";
    return List.of(
        ascii, mixed, ascii.repeat(300), mixed.repeat(300), "", "\uD83D\uDE00", "é".repeat(70));
  }

  @Test
  void borrowedTextReadsAsTheStoredString() {
    db.execute("create table notes (id int primary key, note varchar)");
    var notes = notes();
    for (int i = 0; i < notes.size(); i++) {
      db.execute("insert into notes values (?, ?)", i, notes.get(i));
    }
    var select = db.prepare("select note from notes where id = ?");
    try (var tx = db.beginRead()) {
      for (int i = 0; i < notes.size(); i++) {
        String s = notes.get(i);
        try (var rows = tx.query(select, i)) {
          assertThat(rows.next()).isTrue();
          Text t = rows.getText(0);
          assertThat(t.isBorrowed()).isTrue();
          assertThat(t.length()).isEqualTo(s.length());
          for (int k = 0; k < s.length(); k++) {
            assertThat(t.charAt(k)).isEqualTo(s.charAt(k));
          }
          for (int k = s.length() - 1; k >= 0; k--) {
            assertThat(t.charAt(k)).isEqualTo(s.charAt(k));
          }
          assertThat(t.chars().toArray()).isEqualTo(s.chars().toArray());
          assertThat(t.codePoints().toArray()).isEqualTo(s.codePoints().toArray());
          assertThat(matches(EMAIL.matcher(t))).isEqualTo(matches(EMAIL.matcher(s)));
          assertThat(matches(WORD_WITH_ACCENT.matcher(t)))
              .isEqualTo(matches(WORD_WITH_ACCENT.matcher(s)));
          assertThat(t.toString()).isEqualTo(s);
        }
      }
    }
  }

  private static List<String> matches(Matcher m) {
    var all = new ArrayList<String>();
    while (m.find()) {
      all.add(m.start() + ".." + m.end() + "=" + m.group());
    }
    return all;
  }

  @Test
  void charAtFailsOnceTheTransactionEnded() {
    db.execute("create table notes (id int primary key, note varchar)");
    db.execute("insert into notes values (1, ?)", "plain ASCII note");
    db.execute("insert into notes values (2, ?)", "crème brûlée, then plain ASCII");
    var texts = new ArrayList<Text>();
    try (var tx = db.beginRead();
        var rows = tx.query(db.prepare("select note from notes order by id"))) {
      while (rows.next()) {
        Text t = rows.getText(0);
        assertThat(t.charAt(12)).isEqualTo(t.toString().charAt(12)); // the cursor in a run
        texts.add(t);
      }
    }
    assertThat(texts).hasSize(2);
    for (Text t : texts) {
      assertThatThrownBy(() -> t.charAt(13))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("after its read transaction ended");
    }
  }
}
