package io.kitesql.boot.test.autoconfigure.notes;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.boot.test.autoconfigure.AutoConfigureKiteSqlTestDatabase;
import io.kitesql.boot.test.autoconfigure.DataKiteSqlTest;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.test.annotation.DirtiesContext.HierarchyMode;
import org.springframework.test.context.TestContextManager;

/**
 * What happens to a slice's database directory when its test context closes, as the test framework
 * closes it.
 */
class TemporaryDatabaseDirectoryTests {
  private static final String CONFIGURED = "target/configured-kitesql-path";
  private static final String CONFIGURED_BY = "notes.test.kitesql-path";

  @Test
  void theTemporaryDirectoryIsDeletedAfterTheDatabaseClosed() throws Exception {
    var testContext = new TestContextManager(SliceWithAConfiguredPath.class).getTestContext();
    var context = testContext.getApplicationContext();
    var database = context.getBean(Database.class);
    var directory = Path.of(context.getEnvironment().getRequiredProperty("kitesql.path"));
    assertThat(directory).isDirectory().isNotEmptyDirectory();
    assertThat(directory.getFileName().toString()).startsWith("kitesql-test-");

    testContext.markApplicationContextDirty(HierarchyMode.EXHAUSTIVE); // closes the context

    assertThat(database.isClosed()).isTrue();
    assertThat(directory).doesNotExist();
    assertThat(Path.of(CONFIGURED)).doesNotExist();
  }

  @Test
  void replaceFalseOpensTheConfiguredPathAndKeepsIt(@TempDir Path parent) throws Exception {
    var configured = parent.resolve("notes");
    System.setProperty(CONFIGURED_BY, configured.toString()); // read by the slice's properties
    try {
      var testContext =
          new TestContextManager(SliceKeepingTheConfiguredPath.class).getTestContext();
      var context = testContext.getApplicationContext();
      assertThat(context.getEnvironment().getRequiredProperty("kitesql.path"))
          .isEqualTo(configured.toString());
      assertThat(configured).isNotEmptyDirectory();

      testContext.markApplicationContextDirty(HierarchyMode.EXHAUSTIVE);

      assertThat(configured).isNotEmptyDirectory();
    } finally {
      System.clearProperty(CONFIGURED_BY);
    }
  }

  @DataKiteSqlTest(properties = "kitesql.path=" + CONFIGURED)
  static class SliceWithAConfiguredPath {}

  @DataKiteSqlTest(properties = "kitesql.path=${" + CONFIGURED_BY + "}")
  @AutoConfigureKiteSqlTestDatabase(replace = false)
  static class SliceKeepingTheConfiguredPath {}
}
