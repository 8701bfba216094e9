package io.kitesql.slt;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Command line: {@code SltMain <engine> <file-or-directory>...} runs every {@code .slt} file
 * (directories recursively) on a fresh engine per file, prints each file's failures and finally
 * {@code N passed, N failed}. Exit status: 0 all passed, 1 some record failed, 2 bad usage or a
 * file that does not parse. See {@code src/test/resources/slt/README.md} for the Maven command.
 */
public final class SltMain {
  /** The engines by name; KiteSQL joins once the engine exists. */
  static final Map<String, Supplier<SltEngine>> ENGINES = new LinkedHashMap<>();

  static {
    ENGINES.put("sqlite", SqliteEngine::inMemory);
    ENGINES.put("kitesql", KiteSqlEngine::inTemporaryDirectory);
  }

  private SltMain() {}

  /** Runs the command and exits with its status. */
  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command, printing to {@code out}/{@code err}, and returns the exit status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length < 2) {
      err.println("usage: SltMain <engine> <file-or-directory>... (engines: " + engines() + ")");
      return 2;
    }
    Supplier<SltEngine> engine = ENGINES.get(args[0]);
    if (engine == null) {
      err.println("unknown engine '" + args[0] + "'; available engines: " + engines());
      return 2;
    }
    List<Path> files;
    try {
      files = SltFiles.find(Arrays.stream(args, 1, args.length).map(Path::of).toList());
    } catch (IllegalArgumentException e) {
      err.println(e.getMessage());
      return 2;
    }
    int passed = 0;
    int failed = 0;
    for (Path file : files) {
      SltResult result;
      try {
        result = runFile(file, engine);
      } catch (SltParseException e) {
        err.println(e.getMessage());
        return 2;
      }
      passed += result.passed();
      failed += result.failed();
      result.failures().forEach(f -> out.println(f));
      out.printf("%s: %d passed, %d failed%n", file, result.passed(), result.failed());
    }
    out.println(passed + " passed, " + failed + " failed");
    return failed == 0 ? 0 : 1;
  }

  /** Parses {@code file} and runs it on a new engine, closed afterwards. */
  static SltResult runFile(Path file, Supplier<SltEngine> engines) {
    List<SltRecord> records = SltParser.parse(file);
    SltEngine engine = engines.get();
    try {
      return SltRunner.run(file.toString(), records, engine);
    } finally {
      closeQuietly(engine, file);
    }
  }

  /** A failing close must not hide the file's results, so it is only reported. */
  private static void closeQuietly(SltEngine engine, Path file) {
    try {
      engine.close();
    } catch (RuntimeException e) {
      System.err.println("closing " + engine.name() + " after " + file + " failed: " + e);
    }
  }

  private static String engines() {
    return String.join(", ", ENGINES.keySet());
  }
}
