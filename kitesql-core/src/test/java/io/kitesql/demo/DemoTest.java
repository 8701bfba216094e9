package io.kitesql.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo's output says what it shows. It used to say "inserted 3 notes" and then print,
 * unannounced, one author's newest notes and the plan of a different query.
 */
class DemoTest {
  @TempDir Path dir;

  @Test
  void secondRunNamesWhatItInsertedTheNotesItListsAndThePlanOfThatQuery() {
    run(); // the first run inserts notes 1-3
    var lines = run().lines().toList();

    assertThat(lines.getFirst()).endsWith(": inserted notes 4-6 by ada, grace, zoë 🪁");
    var query =
        "select id, body, char_length(body) from notes where author = ? order by id desc limit 2";
    assertThat(lines.get(1)).isEqualTo("newest 2 notes by zoë 🪁 (" + query + "):");
    // zoë wrote the third note of each run: ids 3 and 6, newest first; each body is
    // "note N: kites fly on borrowed wind. " (36 chars) repeated 600 times.
    assertThat(lines.get(2))
        .startsWith("  id=6: 21600 chars, borrowed from the map: true")
        .endsWith("\"note 6: kites fly on bor...\"");
    assertThat(lines.get(3))
        .startsWith("  id=3: 21600 chars, borrowed from the map: true")
        .endsWith("\"note 3: kites fly on bor...\"");
    assertThat(lines.get(4)).isEqualTo("plan of that query:");
    var plan = String.join("\n", lines.subList(5, lines.size()));
    // the same query's plan: the newest two by walking the author's index entries backward, no sort
    assertThat(plan)
        .contains("Limit 2")
        .contains("notes_author = (?1) reverse")
        .doesNotContain("TopN");
  }

  private String run() {
    var out = new ByteArrayOutputStream();
    var previous = System.out;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      Demo.main(new String[] {dir.toString()});
    } finally {
      System.setOut(previous);
    }
    return out.toString(StandardCharsets.UTF_8);
  }
}
