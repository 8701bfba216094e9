package io.kitesql.demo;

import io.kitesql.api.KiteSql;
import io.kitesql.storage.StorageOptions;
import io.kitesql.value.Text;
import java.nio.file.Path;

/**
 * Creates (or reopens) a database in {@code ./data}, inserts a few notes with SQL, and reads them
 * back in a read-only transaction, showing that the text is a view of the LMDB map (no copy).
 */
public final class Demo {
  private Demo() {}

  public static void main(String[] args) {
    var path = Path.of(args.length > 0 ? args[0] : "data");
    try (var db = KiteSql.open(path, StorageOptions.defaults().withMapSize(1L << 30))) {
      db.execute("create table if not exists notes (id int primary key, author varchar(40), body varchar)");
      db.execute("create index if not exists notes_author on notes (author)");
      int run = db.write(tx -> {
        int first;
        try (var rows = tx.query("select coalesce(max(id), 0) from notes")) {
          rows.next();
          first = rows.getInt(0) + 1;
        }
        String[] authors = {"ada", "grace", "zoë 🪁"};
        for (int i = 0; i < 3; i++) {
          var body = ("note " + (first + i) + ": kites fly on borrowed wind. ").repeat(200 * (i + 1));
          tx.execute("insert into notes values (?, ?, ?)", first + i, authors[i], body);
        }
        return (first - 1) / 3 + 1;
      });
      System.out.printf("database %s, run %d: inserted 3 notes%n", path.toAbsolutePath(), run);
      var byAuthor = db.prepare("select id, body, char_length(body) from notes where author = ? order by id desc limit 2");
      db.read(tx -> {
        try (var rows = tx.query(byAuthor, "zoë 🪁")) {
          while (rows.next()) {
            Text body = rows.getText(1);
            System.out.printf("  id=%d: %d chars, borrowed from the map: %s (address 0x%x), starts \"%s...\"%n",
                rows.getInt(0), rows.getLong(2), body.isBorrowed(), body.nativeAddress(), body.subSequence(0, 24));
          }
        }
        try (var plan = tx.query("explain select id, body from notes where author = ?")) {
          while (plan.next()) {
            System.out.println("  plan: " + plan.getText(0));
          }
        }
        return null;
      });
    }
  }
}
