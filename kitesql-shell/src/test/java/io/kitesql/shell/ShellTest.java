package io.kitesql.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shell run on streams in this JVM (the child-process case is {@link ShellBesideWriterTest}).
 */
class ShellTest {
  @TempDir Path dir;

  private String stdout = "";
  private String stderr = "";

  @BeforeEach
  void createDatabase() throws Exception {
    try (var connection = DriverManager.getConnection("jdbc:kitesql:" + dir);
        var statement = connection.createStatement()) {
      statement.execute(
          "create table notes (id int primary key, body varchar not null, score double default 1.5)");
      statement.execute("create unique index notes_body on notes (body)");
      statement.execute(
          "insert into notes values (1, 'kites, fly', 2.5), (20, 'he said \"hi\"', null)");
      statement.execute("create view long_notes as select id from notes where id > 10");
    }
  }

  private int run(String input, String... args) {
    var out = new ByteArrayOutputStream();
    var err = new ByteArrayOutputStream();
    int status =
        KiteSqlShell.run(
            args,
            new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
            out,
            err,
            false);
    stdout = out.toString(StandardCharsets.UTF_8);
    stderr = err.toString(StandardCharsets.UTF_8);
    return status;
  }

  @Test
  void aQueryPrintsAnAlignedTableWithNumbersToTheRight() {
    assertThat(run("select id, body, score\n  from notes order by id;\n", dir.toString())).isZero();
    assertThat(stdout)
        .isEqualTo(
            """
        id | body         | score
        ---+--------------+------
         1 | kites, fly   |   2.5
        20 | he said "hi" |  NULL
        (2 rows)
        """);
    assertThat(stderr).isEmpty();
  }

  @Test
  void csvQuotesWhatNeedsQuotingAndLeavesNullEmpty() {
    assertThat(run(".mode csv\nselect * from notes order by id;", dir.toString())).isZero();
    assertThat(stdout)
        .isEqualTo("id,body,score\n1,\"kites, fly\",2.5\n20,\"he said \"\"hi\"\"\",\n");
    assertThat(run("", "--csv", "-c", "select '' as e, 'a\nb' as f", dir.toString())).isZero();
    assertThat(stdout).isEqualTo("e,f\n\"\",\"a\nb\"\n");
  }

  @Test
  void tablesAndDescribeShowTheSchema() {
    assertThat(run(".tables\n\\d notes\n.describe LONG_NOTES\n", dir.toString())).isZero();
    assertThat(stdout.lines())
        .containsExactly(
            "long_notes (view)",
            "notes",
            "column  type     null      default",
            "id      INT      not null",
            "body    VARCHAR  not null",
            "score   DOUBLE             1.5",
            "primary key (id)",
            "unique index notes_body (body)",
            "column  type  null  default",
            "id      INT");
  }

  @Test
  void timingAndExplainAreThere() {
    assertThat(run(".timing on\nexplain select body from notes where id = 1;", dir.toString()))
        .isZero();
    assertThat(stdout).contains("PrimaryKeyLookup notes").containsPattern("Time: \\d+\\.\\d{3} ms");
  }

  @Test
  void readRunsAFileAndItsCommands() throws Exception {
    var script = dir.resolveSibling(dir.getFileName() + "-script.sql");
    Files.writeString(
        script, ".mode csv\nselect count(*) as n\n  from notes;\n.quit\nselect 'not run';\n");
    assertThat(run(".read " + script + "\nselect 'after';", dir.toString())).isZero();
    assertThat(stdout).isEqualTo("n\n2\n'after'\nafter\n");
  }

  @Test
  void theDatabaseIsReadOnlyUnlessAskedToWrite() throws Exception {
    assertThat(run("insert into notes values (3, 'three', 3);", dir.toString()))
        .isEqualTo(KiteSqlShell.FAILED);
    assertThat(stderr).contains("read-only", "25006", "--write");
    assertThat(
            run(
                "",
                "--write",
                "-c",
                "insert into notes values (3, 'three', 3); delete from notes where id > 2",
                dir.toString()))
        .isZero();
    assertThat(stdout).isEqualTo("1 row changed\n2 rows changed\n");
    assertThat(run("", "-c", "select count(*) from notes", "--csv", dir.toString())).isZero();
    assertThat(stdout).endsWith("\n1\n");
  }

  @Test
  void withoutATerminalTheFirstFailureEndsTheRunWithStatus1() {
    assertThat(run("select 1;\nselec 2;\nselect 3;\n", dir.toString()))
        .isEqualTo(KiteSqlShell.FAILED);
    assertThat(stdout).contains("(1 row)").doesNotContain("3");
    assertThat(stderr).contains("syntax error", "42601");

    assertThat(run("select * from missing;", dir.toString())).isEqualTo(KiteSqlShell.FAILED);
    assertThat(stderr).contains("missing", "42P01");
    assertThat(run(".frobnicate\n", dir.toString())).isEqualTo(KiteSqlShell.FAILED);
    assertThat(stderr).contains("unknown command .frobnicate", ".help");
    assertThat(run(".describe nothing\n", dir.toString())).isEqualTo(KiteSqlShell.FAILED);
    assertThat(stderr).contains("no table or view named nothing");
    assertThat(run(".mode json\n", dir.toString())).isEqualTo(KiteSqlShell.FAILED);
    assertThat(stderr).contains(".mode takes table or csv");
    assertThat(run(".read /no/such/file.sql\n", dir.toString())).isEqualTo(KiteSqlShell.FAILED);
    assertThat(stderr).contains("cannot read /no/such/file.sql");
  }

  @Test
  void aWrongCommandLineOrAMissingDatabaseIsNamed() {
    assertThat(run("", dir.resolve("absent").toString())).isEqualTo(KiteSqlShell.FAILED);
    assertThat(stderr).contains("no database directory", "absent");
    assertThat(run("", "--verbose", dir.toString())).isEqualTo(KiteSqlShell.USAGE);
    assertThat(stderr).contains("unknown option --verbose", "usage: kitesql");
    assertThat(run("")).isEqualTo(KiteSqlShell.USAGE);
    assertThat(stderr).contains("no database directory given");
    assertThat(run("", dir.toString(), "-c")).isEqualTo(KiteSqlShell.USAGE);
    assertThat(stderr).contains("-c needs the SQL");
  }

  @Test
  void anEmptyDirectoryIsNoDatabase() throws Exception {
    var empty = Files.createDirectory(dir.resolveSibling(dir.getFileName() + "-empty"));
    assertThat(run("select 1;", empty.toString())).isEqualTo(KiteSqlShell.FAILED);
    assertThat(stderr).startsWith("kitesql: cannot open " + empty);
  }
}
