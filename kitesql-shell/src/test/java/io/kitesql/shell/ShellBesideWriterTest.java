package io.kitesql.shell;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.KiteSql;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shell in one process beside an application writing the same database in another: it sees what
 * was committed, the writer keeps committing while the shell has the database open, and a write
 * through the shell is refused. Both are real child JVMs.
 */
class ShellBesideWriterTest {
  @TempDir Path dir;

  @Test
  void theShellReadsALiveDatabaseWhileAnotherProcessWrites() throws Exception {
    var database = dir.resolve("db");
    var stop = dir.resolve("stop");
    Files.createDirectories(database);
    var writer =
        Child.start(dir.resolve("writer"), WriterMain.class, database.toString(), stop.toString());
    Child shell = null;
    try {
      int before = awaitCommitted(writer, 50);
      shell = Child.start(dir.resolve("shell"), KiteSqlShell.class, "--csv", database.toString());
      shell.send("select count(*) as n from events;\n");
      String count = shell.await(line -> line.matches("\\d+"));
      assertThat(Integer.parseInt(count))
          .as("rows committed before the shell started")
          .isGreaterThanOrEqualTo(before);

      int whileOpen = lastCommitted(writer);
      int later =
          awaitCommitted(writer, whileOpen + 30); // the writer goes on beside the open shell
      shell.send("select max(id) as m from events;\n");
      String max = shell.await(line -> line.matches("\\d+") && Integer.parseInt(line) >= later);
      assertThat(Integer.parseInt(max)).isGreaterThanOrEqualTo(later);

      shell.send("insert into events values (0, 'from the shell');\n");
      assertThat(shell.process.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(shell.process.exitValue()).isEqualTo(KiteSqlShell.FAILED);
      assertThat(Files.readString(shell.err)).contains("read-only", "25006", "--write");
      assertThat(writer.process.isAlive()).isTrue();
      int afterRefusal = lastCommitted(writer);
      awaitCommitted(writer, afterRefusal + 10);
    } finally {
      Files.createFile(stop);
      assertThat(writer.process.waitFor(60, TimeUnit.SECONDS)).isTrue();
      if (shell != null) {
        shell.process.destroyForcibly();
      }
    }
    assertThat(writer.process.exitValue()).as(Files.readString(writer.err)).isZero();
    int last = lastCommitted(writer);
    try (var db = KiteSql.open(database)) {
      List<Long> ids =
          db.read(
              tx -> {
                var found = new ArrayList<Long>();
                try (var rows = tx.query("select id from events order by id")) {
                  while (rows.next()) {
                    found.add(rows.getLong(0));
                  }
                }
                return found;
              });
      assertThat(ids).hasSize(last).doesNotContain(0L).startsWith(1L).endsWith((long) last);
    }
  }

  /**
   * Waits until the writer committed row {@code id} (or a later one) and returns the one it
   * reported.
   */
  private static int awaitCommitted(Child writer, int id) throws IOException, InterruptedException {
    return Integer.parseInt(
        writer
            .await(
                line ->
                    line.matches("committed \\d+") && Integer.parseInt(line.substring(10)) >= id)
            .substring(10));
  }

  private static int lastCommitted(Child writer) throws IOException {
    return Files.readAllLines(writer.out).stream()
        .filter(l -> l.matches("committed \\d+"))
        .mapToInt(l -> Integer.parseInt(l.substring(10)))
        .max()
        .orElse(0);
  }

  /** A child JVM on this test's class path; output goes to files, input through a pipe. */
  private record Child(Process process, OutputStream stdin, Path out, Path err) {
    static Child start(Path workDir, Class<?> mainClass, String... args) throws IOException {
      Files.createDirectories(workDir);
      var java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      var command =
          new ArrayList<>(
              List.of(
                  java,
                  "--enable-native-access=ALL-UNNAMED",
                  "-XX:TieredStopAtLevel=1",
                  "-cp",
                  System.getProperty("java.class.path"),
                  mainClass.getName()));
      command.addAll(List.of(args));
      var out = workDir.resolve("out");
      var err = workDir.resolve("err");
      var process =
          new ProcessBuilder(command)
              .redirectOutput(out.toFile())
              .redirectError(err.toFile())
              .start();
      return new Child(process, process.getOutputStream(), out, err);
    }

    void send(String text) throws IOException {
      stdin.write(text.getBytes(StandardCharsets.UTF_8));
      stdin.flush();
    }

    /** Waits (at most 60 s) for an output line matching {@code wanted} and returns it. */
    String await(Predicate<String> wanted) throws IOException, InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (System.nanoTime() < deadline) {
        var found = Files.readAllLines(out).stream().filter(wanted).reduce((a, b) -> b);
        if (found.isPresent()) {
          return found.get();
        }
        if (!process.isAlive()) {
          throw new AssertionError(
              "the child ended (exit " + process.exitValue() + "): " + Files.readString(err));
        }
        Thread.sleep(20);
      }
      throw new AssertionError(
          "no such line within 60 s; output: " + Files.readString(out) + Files.readString(err));
    }
  }
}
