package io.kitesql.reliability;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs a main class of the test classpath in a child JVM, so that a JVM crash (SIGBUS, SIGSEGV)
 * fails the test that provoked it instead of killing the build.
 */
public final class ChildJvm {
  private ChildJvm() {}

  /**
   * What the child did: its exit code (a JVM killed by a signal exits with 128 + signal; one that
   * crashed in native code writes an hs_err file and aborts), its output, and the hs_err files it
   * left in {@code workDir}.
   */
  public record Outcome(int exitCode, String stdout, String stderr, List<Path> crashReports) {
    public boolean crashed() {
      return exitCode != 0 || !crashReports.isEmpty();
    }

    @Override
    public String toString() {
      return "exit "
          + exitCode
          + ", stdout ["
          + stdout.strip()
          + "], stderr ["
          + tail(stderr)
          + "], crash reports "
          + crashReports;
    }

    private static String tail(String text) {
      var lines = text.strip().lines().toList();
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 12), lines.size()));
    }
  }

  /** Runs {@code mainClass} with {@code args}; output and crash reports go to {@code workDir}. */
  public static Outcome run(Path workDir, Class<?> mainClass, String... args)
      throws IOException, InterruptedException {
    return run(workDir, List.of(), mainClass, args);
  }

  /**
   * Runs {@code mainClass} with {@code args} and extra JVM options (after the defaults, so they
   * win: e.g. {@code --sun-misc-unsafe-memory-access=deny}).
   */
  public static Outcome run(
      Path workDir, List<String> jvmOptions, Class<?> mainClass, String... args)
      throws IOException, InterruptedException {
    var child = start(workDir, jvmOptions, mainClass, args);
    if (!child.process.waitFor(120, TimeUnit.SECONDS)) {
      child.kill();
      throw new AssertionError("the child JVM ran for more than 120 s: " + child.stdout());
    }
    return child.outcome();
  }

  /** Starts {@code mainClass} without waiting for it; see {@link Running}. */
  public static Running start(Path workDir, Class<?> mainClass, String... args) throws IOException {
    return start(workDir, List.of(), mainClass, args);
  }

  /**
   * Starts {@code mainClass} with extra JVM options without waiting for it; see {@link Running}.
   */
  public static Running start(
      Path workDir, List<String> jvmOptions, Class<?> mainClass, String... args)
      throws IOException {
    Files.createDirectories(workDir);
    var java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    var command =
        new ArrayList<>(
            List.of(
                java,
                "--enable-native-access=ALL-UNNAMED",
                "-XX:TieredStopAtLevel=1",
                "-Xshare:auto",
                "-XX:-CreateCoredumpOnCrash",
                "-XX:ErrorFile=" + workDir.resolve("hs_err_pid%p.log")));
    command.addAll(jvmOptions);
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass.getName()));
    command.addAll(List.of(args));
    // Output goes straight into files (no pipe): what the child wrote before a kill is all there.
    var out = workDir.resolve("child.out");
    var err = workDir.resolve("child.err");
    var process =
        new ProcessBuilder(command)
            .directory(workDir.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    return new Running(workDir, process, out, err);
  }

  /** A child JVM still running: wait for a line of its output, kill it, or wait for its outcome. */
  public record Running(Path workDir, Process process, Path out, Path err) {
    /**
     * Waits until the child's output contains {@code text}; fails if the child ends first or after
     * 60 s.
     */
    public void awaitOutput(String text) throws IOException, InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!stdout().contains(text)) {
        if (!process.isAlive()) {
          throw new AssertionError("the child ended before printing '" + text + "': " + outcome());
        }
        if (System.nanoTime() > deadline) {
          kill();
          throw new AssertionError(
              "the child did not print '" + text + "' within 60 s: " + stdout());
        }
        Thread.sleep(10);
      }
    }

    /** SIGKILL (on Linux), and waits for the process to end. */
    public void kill() throws InterruptedException {
      process.destroyForcibly();
      process.waitFor(30, TimeUnit.SECONDS);
    }

    public String stdout() throws IOException {
      return Files.readString(out);
    }

    /** What the child did; call once it ended. */
    public Outcome outcome() throws IOException {
      List<Path> reports;
      try (Stream<Path> files = Files.list(workDir)) {
        reports = files.filter(f -> f.getFileName().toString().startsWith("hs_err")).toList();
      }
      return new Outcome(
          process.exitValue(), Files.readString(out), Files.readString(err), reports);
    }
  }
}
