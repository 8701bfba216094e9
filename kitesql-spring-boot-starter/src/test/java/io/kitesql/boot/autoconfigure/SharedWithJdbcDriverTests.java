package io.kitesql.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.boot.testapp.Note;
import io.kitesql.boot.testapp.NoteRepository;
import io.kitesql.jdbc.KiteSqlDataSource;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The starter's database and a {@code jdbc:kitesql:} data source on the same directory, in one
 * application: one open database (LMDB allows one per directory per process), each side sees the
 * other's writes, and the database stays open for the side still using it.
 */
class SharedWithJdbcDriverTests {
  @TempDir Path dir;

  @Test
  void theStarterAndADataSourceShareOneDatabase() {
    var path = dir.resolve("db");
    KiteSqlAutoConfigurationTests.runner(dir)
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              var notes = context.getBean(NoteRepository.class);
              notes.save(new Note(1L, "ann", "through the repository"));
              var dataSource = new KiteSqlDataSource("jdbc:kitesql:" + path);
              try {
                var jdbc = new JdbcTemplate(dataSource);
                assertThat(jdbc.queryForObject("select body from notes where id = 1", String.class))
                    .isEqualTo("through the repository");
                jdbc.update("insert into notes values (2, 'bob', 'through JDBC')");
                assertThat(notes.findByAuthor("bob"))
                    .extracting(n -> n.body().toString())
                    .containsExactly("through JDBC");
              } finally {
                dataSource.close();
              }
              assertThat(context.getBean(Database.class).isClosed())
                  .isFalse(); // the starter still holds it
              assertThat(notes.count()).isEqualTo(2);
            });
  }
}
