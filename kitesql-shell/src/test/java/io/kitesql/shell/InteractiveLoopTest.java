package io.kitesql.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import org.jline.terminal.impl.DumbTerminal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The prompt on a JLine terminal over streams: a failure is printed and the session goes on. */
class InteractiveLoopTest {
  @TempDir Path dir;

  @Test
  void aFailureDoesNotEndTheSessionAndLinesGoToTheHistory() throws Exception {
    var database = Files.createDirectory(dir.resolve("db"));
    try (var connection = DriverManager.getConnection("jdbc:kitesql:" + database)) {
      connection.createStatement().execute("create table t (id int primary key)");
      connection.createStatement().execute("insert into t values (7)");
    }
    var input =
        "select\n  id from t;\n.nonsense\nselect * from nowhere;\nselect id + 1 as next from t;\n.quit\nselect 'after quit';\n";
    var output = new ByteArrayOutputStream();
    var history = dir.resolve("history");
    try (var connection =
            DriverManager.getConnection("jdbc:kitesql:" + database + "?readOnly=true");
        var terminal =
            new DumbTerminal(
                "test",
                "dumb",
                new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
                output,
                StandardCharsets.UTF_8)) {
      InteractiveLoop.run(terminal, connection, ShellArguments.parse(database.toString()), history);
    }
    String screen = output.toString(StandardCharsets.UTF_8);
    assertThat(screen)
        .contains(
            "(read-only)",
            "kitesql> ",
            "    ...> ",
            " 7\n(1 row)",
            "unknown command .nonsense",
            "nowhere",
            "42P01",
            "next\n----\n   8\n(1 row)")
        .doesNotContain("after quit");
    assertThat(Files.readString(history))
        .contains("id from t;", ".nonsense", "select id + 1 as next from t;");
  }
}
