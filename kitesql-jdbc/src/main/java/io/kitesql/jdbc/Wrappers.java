package io.kitesql.jdbc;

import java.sql.SQLException;

/** {@link java.sql.Wrapper#unwrap} for the driver's objects that wrap nothing but themselves. */
final class Wrappers {
  private Wrappers() {}

  /**
   * {@code self} as {@code type}.
   *
   * @param what how the refusal names {@code self} ("a KiteSQL statement")
   * @throws SQLException (HY000) if {@code self} is not a {@code type}
   */
  static <T> T unwrap(Object self, Class<T> type, String what) throws SQLException {
    if (type.isInstance(self)) {
      return type.cast(self);
    }
    throw new SQLException(what + " is not a " + type.getName(), "HY000");
  }
}
