package io.kitesql.value;

/** The kinds of SQL column types; see {@link DataType} for their Java values and storage. */
public enum TypeKind {
  BOOLEAN,
  INT,
  BIGINT,
  DOUBLE,
  DECIMAL,
  VARCHAR,
  VARBINARY,
  DATE,
  TIMESTAMP
}
