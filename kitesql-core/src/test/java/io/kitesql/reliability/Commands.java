package io.kitesql.reliability;

import java.io.IOException;

/** Runs the system's tools (mount, losetup, mkfs) for the tests that need real file systems. */
final class Commands {
  private Commands() {}

  /**
   * What a command did: its exit code (-1: it could not be started) and its output, stdout and
   * stderr together.
   */
  record Result(String command, int exitCode, String output) {
    boolean failed() {
      return exitCode != 0;
    }

    /** The command, its exit code and output, for a failure message. */
    String why() {
      return command + ": exit " + exitCode + (output.isEmpty() ? "" : ": " + output);
    }

    /**
     * "" on success, else why not: the exit code and output, or why the program could not be
     * started.
     */
    String failure() {
      return exitCode == 0 ? "" : exitCode < 0 ? output : "exit " + exitCode + ": " + output;
    }
  }

  static Result run(String... args) throws InterruptedException {
    Process process;
    try {
      process = new ProcessBuilder(args).redirectErrorStream(true).start();
    } catch (IOException e) {
      return new Result(
          String.join(" ", args), -1, "cannot run " + args[0] + ": " + e.getMessage());
    }
    String output;
    try (var in = process.getInputStream()) {
      output = new String(in.readAllBytes()).strip();
    } catch (IOException e) {
      output = e.toString();
    }
    return new Result(String.join(" ", args), process.waitFor(), output);
  }
}
