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

  record Delete(Keyspace keyspace, byte[] key) implements WriteOp {
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
