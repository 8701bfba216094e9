package io.kitesql.boot.test.autoconfigure.notes;

import io.kitesql.data.repository.KiteSqlRepository;
import java.util.List;

public interface NoteRepository extends KiteSqlRepository<Note, Long> {
  List<Note> findByAuthor(String author);
}
