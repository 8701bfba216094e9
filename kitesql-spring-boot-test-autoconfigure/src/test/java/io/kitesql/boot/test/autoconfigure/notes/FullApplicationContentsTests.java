package io.kitesql.boot.test.autoconfigure.notes;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.boot.health.KiteSqlHealthIndicator;
import io.kitesql.boot.metrics.KiteSqlStatementMetrics;
import io.kitesql.boot.test.autoconfigure.AutoConfigureKiteSqlTestDatabase;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.web.context.WebApplicationContext;
import org.springframework.web.servlet.DispatcherServlet;

/**
 * The same application started whole: the beans the slice leaves out exist on this class path, so
 * their absence in the slice is the slice's doing. A full application can take the temporary
 * database too.
 */
@SpringBootTest
@AutoConfigureKiteSqlTestDatabase
class FullApplicationContentsTests {
  @Autowired ApplicationContext context;

  @Test
  void hasTheWebMetricsAndApplicationBeansTheSliceLeavesOut() {
    assertThat(context).isInstanceOf(WebApplicationContext.class);
    assertThat(context.getBeanNamesForType(DispatcherServlet.class)).isNotEmpty();
    assertThat(context.getBeanNamesForType(MeterRegistry.class)).isNotEmpty();
    assertThat(context.getBeanNamesForType(KiteSqlStatementMetrics.class)).isNotEmpty();
    assertThat(context.getBeanNamesForType(KiteSqlHealthIndicator.class)).isNotEmpty();
    assertThat(context.getBeanNamesForType(NoteFormatter.class)).hasSize(1);
  }

  @Test
  void opensTheDatabaseInATemporaryDirectory() {
    var path = Path.of(context.getEnvironment().getRequiredProperty("kitesql.path"));

    assertThat(path.getFileName().toString()).startsWith("kitesql-test-");
  }
}
