package io.kitesql.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.boot.testapp.Note;
import io.kitesql.boot.testapp.NoteRepository;
import io.kitesql.jdbc.KiteSqlDataSource;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.JdbcTemplate;

/** {@code kitesql.path=mem:} and {@code mem:<name>}: the starter on an in-memory database. */
class InMemoryDatabaseTests {
  @TempDir Path dir;

  @Test
  void memOpensAnInMemoryDatabaseOfThisContextAlone() {
    var first = new AtomicReference<Database>();
    KiteSqlAutoConfigurationTests.runner(dir)
        .withPropertyValues("kitesql.path=mem:")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              var database = context.getBean(Database.class);
              first.set(database);
              assertThat(database.dataFile().getParent())
                  .as("its files are deleted once open")
                  .doesNotExist();
              var notes = context.getBean(NoteRepository.class);
              notes.save(new Note(1L, "ann", "in memory"));
              assertThat(notes.findByAuthor("ann"))
                  .extracting(n -> n.body().toString())
                  .containsExactly("in memory");
              KiteSqlAutoConfigurationTests.runner(dir)
                  .withPropertyValues("kitesql.path=mem:")
                  .run(
                      second -> {
                        assertThat(second).hasNotFailed();
                        assertThat(second.getBean(Database.class)).isNotSameAs(database);
                        assertThat(second.getBean(NoteRepository.class).count()).isZero();
                      });
            });
    assertThat(first.get().isClosed()).as("closed with its context").isTrue();
    assertThat(dir.resolve("db"))
        .as("the configured default directory was not used")
        .doesNotExist();
  }

  @Test
  void aNamedOneIsSharedWithTheJdbcDriver() {
    KiteSqlAutoConfigurationTests.runner(dir)
        .withPropertyValues("kitesql.path=mem:starter-and-jdbc")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              var notes = context.getBean(NoteRepository.class);
              notes.save(new Note(1L, "ann", "through the repository"));
              var dataSource = new KiteSqlDataSource("jdbc:kitesql:mem:starter-and-jdbc");
              try {
                var jdbc = new JdbcTemplate(dataSource);
                assertThat(jdbc.queryForObject("select body from notes where id = 1", String.class))
                    .isEqualTo("through the repository");
                jdbc.update("insert into notes values (2, 'bob', 'through JDBC')");
              } finally {
                dataSource.close();
              }
              assertThat(notes.findByAuthor("bob"))
                  .extracting(n -> n.body().toString())
                  .containsExactly("through JDBC");
            });
  }

  @Test
  void aBlankPathIsRefusedNamingWhatItMayBe() {
    KiteSqlAutoConfigurationTests.runner(dir)
        .withPropertyValues("kitesql.path= ")
        .run(
            context -> {
              assertThat(context).hasFailed();
              assertThat(context.getStartupFailure())
                  .rootCause()
                  .hasMessageContaining("path")
                  .hasMessageContaining("must name a database directory, mem: or mem:<name>");
            });
  }
}
