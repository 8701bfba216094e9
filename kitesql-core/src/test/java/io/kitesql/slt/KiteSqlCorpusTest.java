package io.kitesql.slt;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs the sqllogictest corpus against KiteSQL, one dynamic test per file; {@code -Dslt.path},
 * {@code -Dslt.values} and {@code -Dslt.names} as for {@link SqliteCorpusTest}.
 */
class KiteSqlCorpusTest {

  @TestFactory
  Stream<DynamicTest> corpus() throws URISyntaxException {
    String override = System.getProperty("slt.path");
    Path root =
        override == null || override.isBlank() ? SqliteCorpusTest.corpusRoot() : Path.of(override);
    List<Path> files = SltFiles.find(root);
    assertThat(files).isNotEmpty();
    return files.stream()
        .map(
            file ->
                DynamicTest.dynamicTest(
                    root.relativize(file).toString(),
                    () -> {
                      var result =
                          SltMain.runFile(
                              file,
                              () -> KiteSqlEngine.inTemporaryDirectory(SqliteCorpusTest.values()),
                              SqliteCorpusTest.names());
                      assertThat(result.failed())
                          .as("failed records\n%s\n", result.report())
                          .isZero();
                      assertThat(result.passed()).isPositive();
                    }));
  }
}
