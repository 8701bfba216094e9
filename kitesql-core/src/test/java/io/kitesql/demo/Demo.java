package io.kitesql.demo;

import io.kitesql.api.KiteSql;
import io.kitesql.options.StorageOptions;
import io.kitesql.value.Text;
import java.nio.file.Path;

/**
 * Creates (or reopens) a database in {@code ./data}, inserts three notes (one per author) with SQL,
 * then, in a read-only transaction, reads the newest two notes of one author, showing that the text
 * is a view of the LMDB map (no copy), and the plan of that same query.
 */
public final class Demo {
  private static final String[] AUTHORS = {"ada", "grace", "zoë 🪁"};

  private Demo() {}

  public static void main(String[] args) {
    var path = Path.of(args.length > 0 ? args[0] : "data");
    try (var db = KiteSql.open(path, StorageOptions.defaults().withMapSize(1L << 30))) {
      db.execute(
          "create table if not exists notes (id int primary key, author varchar(40), body varchar)");
      db.execute("create index if not exists notes_author on notes (author)");
      int first =
          db.write(
              tx -> {
                int next;
                try (var rows = tx.query("select coalesce(max(id), 0) from notes")) {
                  rows.next();
                  next = rows.getInt(0) + 1;
                }
                for (int i = 0; i < 3; i++) {
                  var body =
                      ("note " + (next + i) + ": kites fly on borrowed wind. ")
                          .repeat(200 * (i + 1));
                  tx.execute("insert into notes values (?, ?, ?)", next + i, AUTHORS[i], body);
                }
                return next;
              });
      System.out.printf(
          "database %s: inserted notes %d-%d by %s%n",
          path.toAbsolutePath(), first, first + 2, String.join(", ", AUTHORS));
      String newest =
          "select id, body, char_length(body) from notes where author = ? order by id desc limit 2";
      var byAuthor = db.prepare(newest);
      db.read(
          tx -> {
            System.out.printf("newest 2 notes by %s (%s):%n", AUTHORS[2], newest);
            try (var rows = tx.query(byAuthor, AUTHORS[2])) {
              while (rows.next()) {
                Text body = rows.getText(1);
                System.out.printf(
                    "  id=%d: %d chars, borrowed from the map: %s (address 0x%x), starts \"%s...\"%n",
                    rows.getInt(0),
                    rows.getLong(2),
                    body.isBorrowed(),
                    body.asReadOnlySegment().address(),
                    body.subSequence(0, 24));
              }
            }
            System.out.println("plan of that query:");
            try (var plan = tx.query("explain " + newest)) {
              while (plan.next()) {
                System.out.println("  " + plan.getText(0));
              }
            }
            return null;
          });
    }
  }
}
