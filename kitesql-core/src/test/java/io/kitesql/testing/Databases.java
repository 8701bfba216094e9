package io.kitesql.testing;

import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;

/** What tests do with a whole database beyond opening it. */
public final class Databases {
  private Databases() {}

  /**
   * Closes {@code db} and opens its directory again with the same options: what a restart of the
   * application sees. Assign the result back to a {@link TempDatabase} field, which closes it.
   */
  public static Database reopen(Database db) {
    var directory = db.directory();
    var options = db.options();
    db.close();
    return KiteSql.open(directory, options);
  }
}
