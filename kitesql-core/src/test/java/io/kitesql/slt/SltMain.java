package io.kitesql.slt;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Command line: {@code SltMain [--original-values] [--names a,b] <engine> <file-or-directory>...}
 * runs every {@code .slt} and {@code .test} file (directories recursively) on a fresh engine per
 * file, prints each file's failures and counts, and finally {@code N passed, N failed, N skipped, N
 * not run after halt}.
 *
 * <ul>
 *   <li>{@code --original-values}: render values as the original sqllogictest program does with
 *       SQLite ({@link SltFormat.Values#ORIGINAL}), for a corpus written for SQLite;
 *   <li>{@code --names a,b}: the names {@code skipif}/{@code onlyif} match (default: the engine's
 *       own name), e.g. {@code --names kitesql,sqlite} to run the records a corpus meant for
 *       SQLite.
 * </ul>
 *
 * Exit status: 0 when every record that ran passed; 1 when a record failed or no record ran at all
 * (every one skipped, or empty files: a run that tests nothing must not pass); 2 on bad usage, when
 * the arguments name no test file, or a file does not parse. See {@code
 * src/test/resources/slt/README.md} for the Maven command.
 */
public final class SltMain {
  /** The engines by name, each made for the value rules asked for. */
  static final Map<String, Function<SltFormat.Values, SltEngine>> ENGINES = new LinkedHashMap<>();

  static {
    ENGINES.put("sqlite", SqliteEngine::inMemory);
    ENGINES.put("kitesql", KiteSqlEngine::inTemporaryDirectory);
  }

  private static final String USAGE =
      "usage: SltMain [--original-values] [--names name,...] <engine> <file-or-directory>...";

  /** The parsed command line. */
  private record Options(
      SltFormat.Values values, Set<String> names, String engine, List<Path> paths) {}

  private SltMain() {}

  /** Runs the command and exits with its status. */
  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command, printing to {@code out}/{@code err}, and returns the exit status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    Options options;
    try {
      options = parse(args);
    } catch (IllegalArgumentException e) {
      err.println(e.getMessage());
      err.println(USAGE + " (engines: " + engines() + ")");
      return 2;
    }
    Function<SltFormat.Values, SltEngine> factory = ENGINES.get(options.engine());
    if (factory == null) {
      err.println("unknown engine '" + options.engine() + "'; available engines: " + engines());
      return 2;
    }
    List<Path> files;
    try {
      files = SltFiles.find(options.paths());
    } catch (IllegalArgumentException e) {
      err.println(e.getMessage());
      return 2;
    }
    if (files.isEmpty()) {
      err.println("no .slt or .test file under " + options.paths());
      return 2;
    }
    Set<String> names = options.names().isEmpty() ? Set.of(options.engine()) : options.names();
    int passed = 0;
    int failed = 0;
    int skipped = 0;
    int notRun = 0;
    for (Path file : files) {
      SltResult result;
      try {
        result = runFile(file, () -> factory.apply(options.values()), names);
      } catch (SltParseException e) {
        err.println(e.getMessage());
        return 2;
      }
      passed += result.passed();
      failed += result.failed();
      skipped += result.skipped();
      notRun += result.notRun();
      result.failures().forEach(out::println);
      out.println(
          file
              + ": "
              + SltResult.counts(
                  result.passed(), result.failed(), result.skipped(), result.notRun()));
    }
    out.println(
        SltResult.counts(passed, failed, skipped, notRun) + " (" + files.size() + " files)");
    if (passed + failed == 0) {
      err.println(
          "no record was run: the "
              + files.size()
              + " files hold no statement or query that applies to "
              + String.join(", ", names));
      return 1;
    }
    return failed == 0 ? 0 : 1;
  }

  private static Options parse(String[] args) {
    var values = SltFormat.Values.KITESQL;
    var names = new LinkedHashSet<String>();
    int i = 0;
    for (; i < args.length && args[i].startsWith("--"); i++) {
      switch (args[i]) {
        case "--original-values" -> values = SltFormat.Values.ORIGINAL;
        case "--names" -> {
          if (++i == args.length || args[i].isBlank()) {
            throw new IllegalArgumentException(
                "--names needs a comma-separated list of engine names");
          }
          Arrays.stream(args[i].split(","))
              .map(String::strip)
              .filter(n -> !n.isEmpty())
              .forEach(names::add);
        }
        default -> throw new IllegalArgumentException("unknown option '" + args[i] + "'");
      }
    }
    if (args.length - i < 2) {
      throw new IllegalArgumentException("an engine and at least one file or directory are needed");
    }
    var paths = new ArrayList<Path>();
    Arrays.stream(args, i + 1, args.length).map(Path::of).forEach(paths::add);
    return new Options(values, Set.copyOf(names), args[i], paths);
  }

  /** Parses {@code file} and runs it on a new engine, closed afterwards. */
  static SltResult runFile(Path file, Supplier<SltEngine> engines) {
    return runFile(file, engines, null);
  }

  /**
   * Parses {@code file} and runs it on a new engine, closed afterwards; {@code skipif}/{@code
   * onlyif} match {@code names} (the engine's own name when null).
   */
  static SltResult runFile(Path file, Supplier<SltEngine> engines, Set<String> names) {
    List<SltRecord> records = SltParser.parse(file);
    SltEngine engine = engines.get();
    try {
      return SltRunner.run(
          file.toString(), records, engine, names == null ? Set.of(engine.name()) : names);
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
