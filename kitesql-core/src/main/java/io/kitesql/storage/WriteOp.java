package io.kitesql.storage;

/**
 * A write remembered by its transaction, so that the transaction can be replayed on a fresh LMDB
 * transaction after the map was grown.
 */
sealed interface WriteOp {
  long bytes();

  record Put(Keyspace keyspace, byte[] key, byte[] value, boolean onlyIfAbsent) implements WriteOp {
    @Override
    public long bytes() {
      return key.length + value.length + 32L;
    }
  }

  /**
   * A delete of {@code key}; {@code previous}, if not null, is the value the caller knows the key
   * holds if present (an index entry's empty value, a row it read in this transaction since the
   * last write to it), so that recording it for undo needs no lookup. {@code inOrder}: one of many
   * keys deleted in ascending order, found through the positioned cursor.
   */
  record Delete(Keyspace keyspace, byte[] key, byte[] previous, boolean inOrder)
      implements WriteOp {
    @Override
    public long bytes() {
      return key.length + 24L;
    }
  }

  record DeletePrefix(Keyspace keyspace, byte[] prefix) implements WriteOp {
    @Override
    public long bytes() {
      return prefix.length + 24L;
    }
  }
}
