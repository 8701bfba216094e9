package io.kitesql.table;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;

/**
 * Where a row is stored: its encoded row key in {@link io.kitesql.storage.Keyspace#DATA} (table
 * prefix, tag {@code 'r'}, memcomparable primary key or hidden row id; see the package
 * documentation). A small owned copy, so UPDATE and DELETE can find the row again after the cursor
 * that produced it moved on, or in a later call of the same transaction.
 *
 * <p>Equality is by key bytes. Treat the arrays as read-only.
 *
 * @param key the encoded row key
 * @param stored the stored row (its encoded bytes) as a scan of a write transaction read it when
 *     the ref was made, or null: a DELETE of the same statement records it for undo instead of
 *     reading the row again ({@link TableStore#delete})
 */
public record RowRef(byte[] key, byte[] stored) {
  public RowRef {
    Objects.requireNonNull(key, "key");
  }

  /** A ref without the stored row. */
  public RowRef(byte[] key) {
    this(key, null);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RowRef(byte[] other, byte[] _) && Arrays.equals(key, other);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(key);
  }

  @Override
  public String toString() {
    return "RowRef[" + HexFormat.of().formatHex(key) + "]";
  }
}
