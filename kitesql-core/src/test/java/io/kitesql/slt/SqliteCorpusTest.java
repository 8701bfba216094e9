package io.kitesql.slt;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs the whole corpus under {@code src/test/resources/slt/} against SQLite, one dynamic test per
 * file: proof that the runner works and that the expected results, written by reasoning, agree with
 * a second engine (records SQLite is known to get "wrong" are guarded by {@code skipif sqlite}).
 *
 * <p>{@code -Dslt.path=<file-or-directory>} (passed through Maven to the test JVM) runs other
 * {@code .slt}/{@code .test} files instead, e.g. a checkout of SQLite's own corpus; with it, {@code
 * -Dslt.values=original} renders values by the original program's rules and {@code -Dslt.names=a,b}
 * sets the names {@code skipif}/{@code onlyif} match (see {@link SltMain}).
 */
class SqliteCorpusTest {

  @TestFactory
  Stream<DynamicTest> corpus() throws URISyntaxException {
    String override = System.getProperty("slt.path");
    Path root = override == null || override.isBlank() ? corpusRoot() : Path.of(override);
    List<Path> files = SltFiles.find(root);
    assertThat(files).as("slt files under %s", root).isNotEmpty();
    return files.stream()
        .map(file -> DynamicTest.dynamicTest(displayName(root, file), () -> run(file)));
  }

  private static String displayName(Path root, Path file) {
    return file.equals(root) ? file.getFileName().toString() : root.relativize(file).toString();
  }

  private static void run(Path file) {
    SltResult result = SltMain.runFile(file, () -> SqliteEngine.inMemory(values()), names());
    // The report lists every failed record with file:line, SQL, expected and actual.
    assertThat(result.failed()).as("failed records\n%s\n", result.report()).isZero();
    assertThat(result.passed()).as("records run in %s", file).isPositive();
  }

  /** {@code -Dslt.values=original} or the project's own rules. */
  static SltFormat.Values values() {
    return "original".equalsIgnoreCase(System.getProperty("slt.values"))
        ? SltFormat.Values.ORIGINAL
        : SltFormat.Values.KITESQL;
  }

  /** {@code -Dslt.names=a,b}, or null for the engine's own name. */
  static java.util.Set<String> names() {
    var names = System.getProperty("slt.names");
    return names == null || names.isBlank() ? null : java.util.Set.of(names.split(","));
  }

  /** The corpus directory, found through the classpath (target/test-classes/slt). */
  static Path corpusRoot() throws URISyntaxException {
    URL url = SqliteCorpusTest.class.getClassLoader().getResource("slt");
    assertThat(url).as("slt resource directory on the test classpath").isNotNull();
    return Path.of(url.toURI());
  }
}
