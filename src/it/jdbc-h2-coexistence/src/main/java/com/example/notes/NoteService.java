package com.example.notes;

import io.kitesql.data.transaction.ReadOnlyTxn;
import java.util.List;
import java.util.function.Function;
import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** KiteSQL transactions, named explicitly: {@code @ReadOnlyTxn} and {@code @Transactional("kiteSqlTransactionManager")}. */
@Service
public class NoteService {
  private final NoteRepository notes;

  public NoteService(NoteRepository notes) {
    this.notes = notes;
  }

  /** Runs {@code work} on all notes inside one KiteSQL read-only transaction. */
  @ReadOnlyTxn
  public <T> T read(Function<List<Note>, T> work) {
    return work.apply(notes.findAll(Sort.by("id")));
  }

  /** Adds a note in a KiteSQL write transaction, then fails: the note must not be kept. */
  @Transactional("kiteSqlTransactionManager")
  public void addThenFail(String title) {
    notes.save(new Note(null, title, "never kept"));
    throw new IllegalStateException("refused after the insert: " + title);
  }
}
