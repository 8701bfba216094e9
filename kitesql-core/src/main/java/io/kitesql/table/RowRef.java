package io.kitesql.table;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;

/**
 * Where a row is stored: its encoded row key in {@link io.kitesql.storage.Keyspace#DATA} (table
 * prefix, tag {@code 'r'}, memcomparable primary key or hidden row id; see the package
 * documentation). A small owned copy, so UPDATE and DELETE can find the row again after the
 * cursor that produced it moved on, or in a later call of the same transaction.
 *
 * <p>Equality is by key bytes. Treat the array as read-only.
 *
 * @param key the encoded row key
 */
public record RowRef(byte[] key) {
  public RowRef {
    Objects.requireNonNull(key, "key");
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RowRef(byte[] other) && Arrays.equals(key, other);
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
