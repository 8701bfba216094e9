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
 * Runs the whole corpus under {@code src/test/resources/slt/} against SQLite, one dynamic test
 * per file: proof that the runner works and that the expected results, written by reasoning,
 * agree with a second engine (records SQLite is known to get "wrong" are guarded by {@code
 * skipif sqlite}).
 *
 * <p>{@code -Dslt.path=<file-or-directory>} (passed through Maven to the test JVM) runs other
 * {@code .slt} files instead, e.g. a checkout of SQLite's own corpus.
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
    SltResult result = SltMain.runFile(file, SqliteEngine::inMemory);
    // The report lists every failed record with file:line, SQL, expected and actual.
    assertThat(result.failed()).as("failed records\n%s\n", result.report()).isZero();
    assertThat(result.passed()).as("records run in %s", file).isPositive();
  }

  /** The corpus directory, found through the classpath (target/test-classes/slt). */
  static Path corpusRoot() throws URISyntaxException {
    URL url = SqliteCorpusTest.class.getClassLoader().getResource("slt");
    assertThat(url).as("slt resource directory on the test classpath").isNotNull();
    return Path.of(url.toURI());
  }
}
