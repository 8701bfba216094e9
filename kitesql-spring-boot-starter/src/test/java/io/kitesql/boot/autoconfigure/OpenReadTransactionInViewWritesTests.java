package io.kitesql.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.kitesql.api.Database;
import io.kitesql.boot.testapp.Note;
import io.kitesql.boot.testapp.NoteRepository;
import io.kitesql.data.transaction.KiteSqlTransactions;
import io.kitesql.data.transaction.OpenReadTransactionInViewInterceptor;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.boot.transaction.autoconfigure.TransactionManagerCustomizationAutoConfiguration;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.config.annotation.EnableWebMvc;

/**
 * With the open-read-transaction-in-view interceptor (on by default), repository writes a
 * controller makes outside {@code @Transactional} run in a read-write transaction of their own and
 * commit, as they do without the interceptor, and the request's later reads see them.
 */
class OpenReadTransactionInViewWritesTests {
  @TempDir Path dir;

  @RestController
  static class NotesController {
    private final NoteRepository notes;
    private final Database database;

    NotesController(NoteRepository notes, Database database) {
      this.notes = notes;
      this.database = database;
    }

    /** Saves a note with no transaction of the application's around it. */
    @PostMapping("/notes/{id}")
    String save(@PathVariable long id) {
      boolean snapshotBound = KiteSqlTransactions.current(database).isPresent();
      notes.save(new Note(id, "ann", "note " + id));
      return snapshotBound + " " + notes.existsById(id);
    }

    @DeleteMapping("/notes/{id}")
    String delete(@PathVariable long id) {
      notes.deleteById(id);
      return "deleted";
    }

    @GetMapping("/notes/{id}")
    String body(@PathVariable long id) {
      return notes.findById(id).map(note -> note.body().toString()).orElse("none");
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableWebMvc
  @Import({KiteSqlAutoConfigurationTests.ApplicationPackage.class, NotesController.class})
  static class WebApp {}

  private WebApplicationContextRunner runner() {
    return new WebApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(
                KiteSqlAutoConfiguration.class,
                KiteSqlRepositoriesAutoConfiguration.class,
                TransactionManagerCustomizationAutoConfiguration.class,
                TransactionAutoConfiguration.class,
                KiteSqlWebAutoConfiguration.class))
        .withUserConfiguration(WebApp.class)
        .withPropertyValues("kitesql.path=" + dir.resolve("db"));
  }

  @Test
  void repositoryWritesOutsideTransactionalRunInTheirOwnWriteTransaction() {
    runner()
        .run(
            context -> {
              assertThat(context)
                  .hasNotFailed()
                  .hasSingleBean(OpenReadTransactionInViewInterceptor.class);
              MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
              // The request's snapshot is bound while the controller runs (on by default), and the
              // request reads back its own write.
              mvc.perform(post("/notes/7"))
                  .andExpect(status().isOk())
                  .andExpect(content().string("true true"));
              var notes = context.getBean(NoteRepository.class);
              assertThat(notes.findById(7L)).map(note -> note.body().toString()).contains("note 7");
              mvc.perform(get("/notes/7"))
                  .andExpect(status().isOk())
                  .andExpect(content().string("note 7"));
              mvc.perform(delete("/notes/7")).andExpect(status().isOk());
              assertThat(notes.existsById(7L)).isFalse();
            });
  }
}
