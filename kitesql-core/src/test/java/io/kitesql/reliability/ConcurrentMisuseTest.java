package io.kitesql.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Threads sharing one read-only transaction: concurrent queries on it give exact answers, and reads
 * of its values racing with its end and the database's close give the complete value or {@link
 * IllegalStateException}, never a JVM crash or other bytes. The workloads ({@link
 * ConcurrentMisuseMain}) run in a child JVM so that a crash fails the test, not the build; one
 * short variant runs in this JVM too.
 *
 * <p>Long (fuzz) mode: {@code -Dkitesql.concurrent.millis=60000} per workload, more threads with
 * {@code -Dkitesql.concurrent.threads=8}, another seed with {@code -Dkitesql.concurrent.seed=…},
 * the size of the text read in bulk with {@code -Dkitesql.concurrent.textChars=200000000} (then
 * give the child more heap: {@code -Dkitesql.concurrent.childHeap=8g}).
 */
class ConcurrentMisuseTest {
  private static final long MILLIS = Long.getLong("kitesql.concurrent.millis", 2000);
  private static final int THREADS = Integer.getInteger("kitesql.concurrent.threads", 4);
  private static final long SEED = Long.getLong("kitesql.concurrent.seed", 14L);
  private static final int TEXT_CHARS = Integer.getInteger("kitesql.concurrent.textChars", 4 << 20);

  /** The child's heap: each reader of the big text holds up to two copies of it at once. */
  private static final String CHILD_HEAP = System.getProperty("kitesql.concurrent.childHeap", "1g");

  @TempDir Path dir;

  @Test
  void queriesOfOneTransactionOnManyThreadsAreExact() throws Exception {
    assertThat(runChild("queries", 0)).startsWith("ok");
  }

  @Test
  void readsRacingTheEndOfTheirTransactionAndTheCloseGiveTheValueOrIllegalState() throws Exception {
    assertThat(runChild("close", 0)).startsWith("ok");
  }

  @Test
  void queriesOfOneTransactionOnManyThreadsInThisJvm() throws Exception {
    var db = dir.resolve("in-process");
    try (var opened = ConcurrentMisuseMain.open(db)) {
      ConcurrentMisuseMain.fill(opened, 1000);
    }
    assertThat(ConcurrentMisuseMain.sharedQueries(db, 300, THREADS)).startsWith("ok");
  }

  /** Runs a workload in a child JVM; returns its last line, after checking it exited normally. */
  private String runChild(String mode, int attempt) throws Exception {
    var java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    var db = dir.resolve(mode + "-" + attempt);
    var command =
        List.of(
            java,
            "--enable-native-access=ALL-UNNAMED",
            "-Xshare:auto",
            "-Xmx" + CHILD_HEAP,
            "-XX:ErrorFile=" + dir.resolve("hs_err_%p.log"),
            "-cp",
            System.getProperty("java.class.path"),
            ConcurrentMisuseMain.class.getName(),
            mode,
            db.toString(),
            Long.toString(MILLIS),
            Long.toString(SEED),
            Integer.toString(THREADS),
            Integer.toString(TEXT_CHARS));
    var out = dir.resolve(mode + ".out");
    var err = dir.resolve(mode + ".err");
    var process =
        new ProcessBuilder(command)
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    boolean exited = process.waitFor(MILLIS + 120_000, TimeUnit.MILLISECONDS);
    if (!exited) {
      process.destroyForcibly().waitFor();
    }
    var lines = Files.readAllLines(out);
    var crash = lines.stream().filter(l -> l.startsWith("# ")).limit(12).toList();
    var last = lines.isEmpty() ? "(no output)" : lines.getLast();
    System.out.printf("concurrent misuse, %s: %s%n", mode, last);
    assertThat(exited).as("the child finished; stderr: %s", tail(err)).isTrue();
    assertThat(process.exitValue())
        .as(
            "exit code of the child (134 = abort or crash); stdout %s; stderr: %s",
            crash.isEmpty() ? last : crash, tail(err))
        .isZero();
    return last;
  }

  private static String tail(Path file) throws Exception {
    var lines = Files.readAllLines(file);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 25), lines.size()));
  }
}
