package io.kitesql.fuzz;

import java.util.List;

/**
 * The tables the grammar generator writes statements for: every column type, a composite index, a
 * table without primary key, nullable columns everywhere but the keys.
 */
final class FuzzSchema {
  private FuzzSchema() {}

  /** The value kinds the generator builds expressions of. */
  enum Kind {
    INT,
    BIGINT,
    DOUBLE,
    DECIMAL,
    TEXT,
    BOOL,
    DATE,
    TIMESTAMP,
    BINARY
  }

  record Column(String name, Kind kind) {}

  record Table(String name, List<Column> columns) {}

  static final List<Table> TABLES =
      List.of(
          new Table(
              "t1",
              List.of(
                  new Column("id", Kind.INT),
                  new Column("a", Kind.INT),
                  new Column("b", Kind.BIGINT),
                  new Column("s", Kind.TEXT),
                  new Column("d", Kind.DOUBLE),
                  new Column("m", Kind.DECIMAL),
                  new Column("f", Kind.BOOL))),
          new Table(
              "t2",
              List.of(
                  new Column("id", Kind.BIGINT),
                  new Column("t1_id", Kind.INT),
                  new Column("name", Kind.TEXT),
                  new Column("dt", Kind.DATE),
                  new Column("ts", Kind.TIMESTAMP),
                  new Column("bin", Kind.BINARY))),
          new Table(
              "t3",
              List.of(
                  new Column("k", Kind.TEXT),
                  new Column("v", Kind.INT),
                  new Column("w", Kind.INT))));

  /** DDL creating {@link #TABLES} with their indexes. */
  static final List<String> DDL =
      List.of(
          "CREATE TABLE t1 (id INT PRIMARY KEY, a INT, b BIGINT, s VARCHAR(20), d DOUBLE, m DECIMAL(10, 2), f BOOLEAN)",
          "CREATE INDEX t1_a ON t1 (a)",
          "CREATE INDEX t1_s_b ON t1 (s, b)",
          "CREATE TABLE t2 (id BIGINT PRIMARY KEY, t1_id INT NOT NULL, name TEXT, dt DATE, ts TIMESTAMP, bin VARBINARY)",
          "CREATE INDEX t2_t1 ON t2 (t1_id)",
          "CREATE UNIQUE INDEX t2_name ON t2 (name)",
          "CREATE TABLE t3 (k VARCHAR(10), v INT, w INT DEFAULT 7, UNIQUE (k))",
          "CREATE INDEX t3_vw ON t3 (v, w)");
}
