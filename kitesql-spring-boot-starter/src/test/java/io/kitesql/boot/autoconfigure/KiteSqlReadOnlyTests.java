package io.kitesql.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.boot.testapp.Note;
import io.kitesql.boot.testapp.NoteRepository;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/** {@code kitesql.read-only=true}: an existing database is read, never written. */
class KiteSqlReadOnlyTests {
  @TempDir Path dir;

  private ApplicationContextRunner runner() {
    return KiteSqlAutoConfigurationTests.runner(dir);
  }

  @Test
  void readsAnExistingDatabaseRefusesWritesAndLeavesItsFileAsItWas() throws Exception {
    runner()
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              context.getBean(NoteRepository.class).save(new Note(1L, "ann", "written before"));
            });
    var before = sha256(dir.resolve("db").resolve("data.mdb"));

    runner()
        .withPropertyValues("kitesql.read-only=true")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(Database.class).storage().options().isReadOnly()).isTrue();
              var notes = context.getBean(NoteRepository.class);
              assertThat(notes.findByAuthor("ann"))
                  .extracting(n -> n.body().toString())
                  .containsExactly("written before");
              assertThatThrownBy(() -> notes.save(new Note(2L, "bob", "refused")))
                  .isInstanceOf(InvalidDataAccessApiUsageException.class)
                  .cause()
                  .isInstanceOfSatisfying(
                      KiteSqlException.class,
                      e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.READ_ONLY_DATABASE));
              assertThat(notes.findAll()).extracting(Note::id).containsExactly(1L);
            });
    assertThat(sha256(dir.resolve("db").resolve("data.mdb"))).isEqualTo(before);
  }

  @Test
  void anEmptyDatabaseWithSchemaScriptsFailsStartUpSayingWhy() {
    runner()
        .withPropertyValues("kitesql.schema.mode=never")
        .run(context -> assertThat(context).hasNotFailed());

    runner()
        .withPropertyValues("kitesql.read-only=true")
        .run(
            context -> {
              assertThat(context).hasFailed();
              assertThat(context.getStartupFailure())
                  .rootCause()
                  .hasMessageContainingAll(
                      "kitesql.read-only is true",
                      "has no table yet",
                      "2 statement(s)",
                      "kitesql.schema.mode=never");
            });
    runner()
        .withPropertyValues("kitesql.read-only=true", "kitesql.schema.mode=never")
        .run(context -> assertThat(context.getBean(Database.class).catalog().tables()).isEmpty());
  }

  @Test
  void schemaModeAlwaysIsRefusedAtBinding() {
    runner()
        .withPropertyValues("kitesql.read-only=true", "kitesql.schema.mode=always")
        .run(
            context -> {
              assertThat(context).hasFailed();
              assertThat(context.getStartupFailure())
                  .rootCause()
                  .hasMessageContainingAll(
                      "'schema.mode'", "must not be ALWAYS when kitesql.read-only is true");
            });
  }

  @Test
  void propertyMapsOntoTheEnginesReadOnlyOption() {
    var properties = new KiteSqlProperties();
    properties.setReadOnly(true);
    assertThat(properties.toStorageOptions().isReadOnly()).isTrue();
    assertThat(new KiteSqlProperties().toStorageOptions().isReadOnly()).isFalse();
  }

  private static String sha256(Path file) throws IOException, NoSuchAlgorithmException {
    return HexFormat.of()
        .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
  }
}
