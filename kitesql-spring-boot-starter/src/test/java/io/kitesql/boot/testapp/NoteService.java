package io.kitesql.boot.testapp;

import io.kitesql.api.Database;
import io.kitesql.api.Transaction;
import io.kitesql.data.transaction.KiteSqlTransactions;
import io.kitesql.data.transaction.ReadOnlyTxn;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/** Transaction boundaries around the repository, the way an application draws them. */
@Service
public class NoteService {
  private final NoteRepository notes;
  private final Database database;

  public NoteService(NoteRepository notes, Database database) {
    this.notes = notes;
    this.database = database;
  }

  /** The KiteSQL transaction bound while an unqualified read-only @Transactional method runs. */
  @Transactional(readOnly = true)
  public Optional<Transaction> plainReadOnlyTransaction() {
    return KiteSqlTransactions.current(database);
  }

  /** The KiteSQL transaction bound while a @ReadOnlyTxn method runs. */
  @ReadOnlyTxn
  public Optional<Transaction> readOnlyTxnTransaction() {
    return KiteSqlTransactions.current(database);
  }

  /** Runs {@code work} on the notes of {@code author} inside one read-only transaction. */
  @ReadOnlyTxn
  public <T> T readByAuthor(String author, Function<List<Note>, T> work) {
    return work.apply(notes.findByAuthor(author));
  }

  /** The same query inside a read-write transaction. */
  @Transactional(transactionManager = "kiteSqlTransactionManager")
  public <T> T readByAuthorInWriteTransaction(String author, Function<List<Note>, T> work) {
    return work.apply(notes.findByAuthor(author));
  }

  /** A note read in an unqualified read-only @Transactional method: its text borrows the map. */
  @Transactional(readOnly = true)
  public Optional<Note> find(long id) {
    return notes.findById(id);
  }

  /** A note read in a @ReadOnlyTxn method. */
  @ReadOnlyTxn
  public Optional<Note> findReadOnlyTxn(long id) {
    return notes.findById(id);
  }

  /**
   * A note read in a snapshot of its own, which ends when this method returns (so does its text).
   */
  @ReadOnlyTxn(propagation = Propagation.REQUIRES_NEW)
  public Optional<Note> findInOwnSnapshot(long id) {
    return notes.findById(id);
  }

  /** Saves in a read-write transaction of its own, committed when this returns. */
  @Transactional(transactionManager = "kiteSqlTransactionManager")
  public Note save(Note note) {
    return notes.save(note);
  }
}
