package io.kitesql.slt;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs the whole corpus under {@code src/test/resources/slt/} against SQLite, one dynamic test
 * per file: proof that the runner works and that the expected results, written by reasoning,
 * agree with a second engine (records SQLite is known to get "wrong" are guarded by {@code
 * skipif sqlite}).
 */
class SqliteCorpusTest {

  @TestFactory
  Stream<DynamicTest> corpus() throws URISyntaxException {
    Path root = corpusRoot();
    List<Path> files = SltFiles.find(root);
    assertThat(files).as("slt files under %s", root).isNotEmpty();
    return files.stream()
        .map(file -> DynamicTest.dynamicTest(root.relativize(file).toString(), () -> run(file)));
  }

  private static void run(Path file) {
    SltResult result = SltMain.runFile(file, SqliteEngine::inMemory);
    String failures =
        result.failures().stream().map(Object::toString).collect(Collectors.joining("\n"));
    assertThat(result.failures()).as("%s\n%s", failures, result.report()).isEmpty();
    assertThat(result.passed()).as("records run in %s", file).isPositive();
  }

  /** The corpus directory, found through the classpath (target/test-classes/slt). */
  static Path corpusRoot() throws URISyntaxException {
    URL url = SqliteCorpusTest.class.getClassLoader().getResource("slt");
    assertThat(url).as("slt resource directory on the test classpath").isNotNull();
    return Path.of(url.toURI());
  }
}
