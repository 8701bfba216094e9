package io.kitesql.data.transaction;

import io.kitesql.api.Database;
import io.kitesql.api.ReadWriteTransaction;
import java.io.IOException;
import java.util.function.Supplier;
import org.springframework.transaction.annotation.Isolation;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * A service bean whose methods run a callback under one transaction attribute each, so tests can
 * nest them in any order and look at what is bound inside.
 */
public class TxService {
  private final Database db;

  public TxService(Database db) {
    this.db = db;
  }

  @Transactional
  public <T> T write(Supplier<T> work) {
    return work.get();
  }

  @ReadOnlyTxn
  public <T> T read(Supplier<T> work) {
    return work.get();
  }

  @Transactional(propagation = Propagation.SUPPORTS)
  public <T> T supports(Supplier<T> work) {
    return work.get();
  }

  @Transactional(propagation = Propagation.SUPPORTS, readOnly = true)
  public <T> T supportsRead(Supplier<T> work) {
    return work.get();
  }

  @Transactional(propagation = Propagation.MANDATORY)
  public <T> T mandatory(Supplier<T> work) {
    return work.get();
  }

  @Transactional(propagation = Propagation.MANDATORY, readOnly = true)
  public <T> T mandatoryRead(Supplier<T> work) {
    return work.get();
  }

  @Transactional(propagation = Propagation.NEVER)
  public <T> T never(Supplier<T> work) {
    return work.get();
  }

  @Transactional(propagation = Propagation.NOT_SUPPORTED)
  public <T> T notSupported(Supplier<T> work) {
    return work.get();
  }

  @Transactional(propagation = Propagation.REQUIRES_NEW)
  public <T> T requiresNewWrite(Supplier<T> work) {
    return work.get();
  }

  @ReadOnlyTxn(propagation = Propagation.REQUIRES_NEW)
  public <T> T requiresNewRead(Supplier<T> work) {
    return work.get();
  }

  @Transactional(propagation = Propagation.NESTED)
  public <T> T nested(Supplier<T> work) {
    return work.get();
  }

  @Transactional(isolation = Isolation.SERIALIZABLE)
  public <T> T serializableWrite(Supplier<T> work) {
    return work.get();
  }

  @Transactional(isolation = Isolation.SERIALIZABLE, readOnly = true)
  public <T> T serializableRead(Supplier<T> work) {
    return work.get();
  }

  @Transactional(isolation = Isolation.READ_COMMITTED)
  public <T> T readCommittedWrite(Supplier<T> work) {
    return work.get();
  }

  @Transactional(isolation = Isolation.REPEATABLE_READ, readOnly = true)
  public <T> T repeatableRead(Supplier<T> work) {
    return work.get();
  }

  @Transactional(timeout = 1)
  public <T> T writeWithOneSecondTimeout(Supplier<T> work) {
    return work.get();
  }

  @ReadOnlyTxn(timeout = 1)
  public <T> T readWithOneSecondTimeout(Supplier<T> work) {
    return work.get();
  }

  // ---- rollback rules: each writes note `id`, then throws ----

  @Transactional
  public void writeThenThrowUnchecked(int id) {
    insert(id);
    throw new IllegalStateException("unchecked after writing " + id);
  }

  @Transactional
  public void writeThenThrowChecked(int id) throws IOException {
    insert(id);
    throw new IOException("checked after writing " + id);
  }

  @Transactional(rollbackFor = IOException.class)
  public void writeThenThrowCheckedWithRollbackFor(int id) throws IOException {
    insert(id);
    throw new IOException("checked after writing " + id);
  }

  @Transactional(noRollbackFor = IllegalArgumentException.class)
  public void writeThenThrowUncheckedWithNoRollbackFor(int id) {
    insert(id);
    throw new IllegalArgumentException("unchecked after writing " + id);
  }

  private void insert(int id) {
    var bound = (ReadWriteTransaction) KiteSqlTransactions.current(db).orElseThrow();
    bound.execute("insert into notes values (?, ?)", id, "note " + id);
  }
}
