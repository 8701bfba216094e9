package io.kitesql.storage;

import io.kitesql.value.Memory;
import io.kitesql.value.Scope;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A transaction over the environment's {@link Keyspace}s: a consistent snapshot to read, and for
 * {@link WriteTransaction} the one place to write.
 *
 * <p>A transaction's methods are called by one thread at a time; values it returned may be read by
 * any thread until it ends (see {@link #scope()}). {@link #close()} is idempotent.
 */
public sealed interface KvTransaction extends AutoCloseable
    permits ReadTransaction, WriteTransaction {

  /**
   * The value stored under the first {@code length} bytes of {@code key}. In a read-only
   * transaction the slice borrows the map until the transaction ends; in a write transaction it is
   * an owned copy.
   */
  Optional<Slice> get(Keyspace keyspace, byte[] key, int length);

  default Optional<Slice> get(Keyspace keyspace, byte[] key) {
    return get(keyspace, key, key.length);
  }

  /**
   * The 8-byte big-endian number stored under {@code key}: a counter the engine reads for itself (a
   * row count, a sequence), so a write transaction does not count its copy in {@link
   * WriteTransaction#bytesCopied()}, which tells what the caller's values cost.
   */
  default OptionalLong getLong(Keyspace keyspace, byte[] key) {
    return get(keyspace, key)
        .map(s -> OptionalLong.of(s.base().get(Memory.LONG_BE, s.offset())))
        .orElse(OptionalLong.empty());
  }

  /** Opens a cursor; close it when done (ending the transaction closes it too). */
  KvCursor openCursor(Keyspace keyspace);

  /**
   * The liveness of borrowed values: values made from this transaction's slices keep this scope and
   * die when the transaction ends. Each read transaction has its own scope, which never revives:
   * values of an ended transaction stay dead while its pooled context serves later ones. {@link
   * Scope#OWNED} for write transactions, whose slices are copies.
   */
  Scope scope();

  boolean isReadOnly();

  /**
   * Bytes of the LMDB map this transaction handed out as views (keys and values of read-only
   * transactions); 0 for write transactions. Counts lending, not reading: a value decoded twice
   * from one slice counts once.
   */
  long bytesBorrowed();

  /** Bytes this transaction copied out of the map (keys and values read in write transactions). */
  long bytesCopied();

  boolean isOpen();

  @Override
  void close();
}
