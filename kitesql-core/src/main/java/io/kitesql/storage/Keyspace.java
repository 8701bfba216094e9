package io.kitesql.storage;

/** The LMDB databases of one environment. Each is an ordered map of byte keys to byte values. */
public enum Keyspace {
  /** Format marker and other environment-wide records. */
  META("kitesql.meta"),
  /** Table, column and index definitions. */
  CATALOG("kitesql.catalog"),
  /** Rows and index entries of every table. */
  DATA("kitesql.data");

  private final String dbiName;

  Keyspace(String dbiName) {
    this.dbiName = dbiName;
  }

  String dbiName() {
    return dbiName;
  }
}
