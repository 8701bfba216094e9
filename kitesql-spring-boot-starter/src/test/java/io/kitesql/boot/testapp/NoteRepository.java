package io.kitesql.boot.testapp;

import io.kitesql.data.repository.KiteSqlRepository;
import java.util.List;

public interface NoteRepository extends KiteSqlRepository<Note, Long> {
  /** Served by the index on author. */
  List<Note> findByAuthor(String author);

  /** No index on body: a full scan. */
  List<Note> findByBodyStartingWith(String prefix);
}
