package io.kitesql.api;

import io.kitesql.storage.ReadTransaction;
import java.util.Map;

/**
 * A read-only snapshot. Text and binary values it returns are views of the LMDB map, valid until
 * {@link #close()}; many read-only transactions run at once, beside the one writer.
 */
public final class ReadOnlyTransaction implements Transaction {
  private final Session session;

  ReadOnlyTransaction(Database database, ReadTransaction storage) {
    this.session = new Session(database, storage);
  }

  @Override
  public RowCursor query(PreparedStatement statement, Object... parameters) {
    return session.query(this, statement, parameters, null);
  }

  @Override
  public RowCursor query(PreparedStatement statement, Map<String, ?> parameters) {
    return session.query(this, statement, null, parameters);
  }

  @Override
  public RowCursor query(String sql, Object... parameters) {
    return query(session.database().statement(sql), parameters);
  }

  @Override
  public long bytesBorrowed() {
    return session.storage().bytesBorrowed();
  }

  @Override
  public long bytesCopied() {
    return session.storage().bytesCopied();
  }

  @Override
  public boolean lendsFromMap() {
    return true;
  }

  @Override
  public boolean isOpen() {
    return session.storage().isOpen();
  }

  /** Ends the snapshot; every value it lent becomes unreadable. */
  @Override
  public void close() {
    if (isOpen()) {
      session.closeCursors();
      session.storage().close();
    }
  }

  @Override
  public void forget(RowCursor cursor) {
    session.forget(cursor);
  }
}
