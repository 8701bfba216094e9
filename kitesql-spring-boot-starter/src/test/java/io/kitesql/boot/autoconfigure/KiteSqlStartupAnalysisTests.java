package io.kitesql.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.boot.testapp.Note;
import io.kitesql.boot.testapp.NoteRepository;
import java.nio.file.Path;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * {@code kitesql.analyze-on-startup}: each start measures the tables new or changed by more than a
 * tenth.
 */
class KiteSqlStartupAnalysisTests {
  @TempDir Path dir;

  private ApplicationContextRunner runner() {
    return KiteSqlAutoConfigurationTests.runner(dir);
  }

  @Test
  void aStartMeasuresTablesThatAreNewOrGrewAndLeavesCurrentOnesAlone() {
    runner()
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(measuredRows(context.getBean(Database.class)))
                  .isZero(); // made by schema.sql, measured empty
              saveNotes(context.getBean(NoteRepository.class), 1, 150);
            });
    runner()
        .run(
            context -> {
              assertThat(measuredRows(context.getBean(Database.class))).isEqualTo(150);
              saveNotes(
                  context.getBean(NoteRepository.class), 151, 160); // ten more: within a tenth
            });
    runner()
        .run(
            context -> {
              assertThat(measuredRows(context.getBean(Database.class))).isEqualTo(150);
              saveNotes(context.getBean(NoteRepository.class), 161, 400);
            });
    runner()
        .withPropertyValues("kitesql.analyze-on-startup=false")
        .run(
            context -> {
              assertThat(context).doesNotHaveBean(KiteSqlStartupAnalysis.class);
              assertThat(measuredRows(context.getBean(Database.class))).isEqualTo(150);
            });
  }

  private static long measuredRows(Database database) {
    return database.catalog().requireTable("notes").stats().rows();
  }

  private static void saveNotes(NoteRepository notes, long first, long last) {
    notes.saveAll(
        LongStream.rangeClosed(first, last)
            .mapToObj(id -> new Note(id, "a" + id % 7, "body " + id))
            .toList());
  }
}
