package io.kitesql.slt;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A random schema and data set for {@link QueryDifferentialTest}: tables {@code t1..t3} of 0 to 40
 * rows (mostly 2 to 12), each with columns {@code k, a, b} (INTEGER), {@code s} (TEXT) and {@code
 * r} (REAL), all nullable unless {@code k} is the primary key.
 *
 * <p>Values come from small domains so that equalities, duplicates and NULLs are frequent: integers
 * -3..6, texts built from {@code a}, {@code b}, {@code c} and {@code _} (lowercase only, because
 * SQLite's LIKE ignores ASCII case and KiteSQL's does not; the empty string included), reals that
 * are exact binary fractions (sums and products stay exact, so summation order and {@code %.3f}
 * rounding cannot differ between engines).
 */
record DiffSchema(List<Table> tables) {
  /** The SQL types the generator knows, with their sqllogictest letters. */
  enum Type {
    INT('I'),
    REAL('R'),
    TEXT('T');

    final char letter;

    Type(char letter) {
      this.letter = letter;
    }
  }

  /** A column of a table or of a derived table. */
  record Column(String name, Type type) {}

  /** Every table has these columns, so set operations and joins line up by name and type. */
  static final List<Column> COLUMNS =
      List.of(
          new Column("k", Type.INT),
          new Column("a", Type.INT),
          new Column("b", Type.INT),
          new Column("s", Type.TEXT),
          new Column("r", Type.REAL));

  private static final String[] TEXTS = {
    "''", "'a'", "'b'", "'ab'", "'ba'", "'abc'", "'b_c'", "'cab'"
  };
  private static final String[] REALS = {"-1.5", "0.0", "0.5", "2.25", "3.0", "-0.25"};
  private static final String[] INDEXES = {
    "a", "b", "s", "r", "a, b", "b, a", "s, a", "a, s", "r, k", "b, s, a"
  };

  /**
   * One table.
   *
   * @param keyed whether {@code k} is the primary key (then unique and non-NULL)
   * @param indexes each secondary index's column list
   * @param rows the rows as SQL tuples
   * @param indexesFirst whether the indexes are made before the rows are inserted or after
   */
  record Table(
      String name, boolean keyed, List<String> indexes, List<String> rows, boolean indexesFirst) {
    /** The statements that create and fill the table, with or without keys and indexes. */
    List<String> statements(boolean withKeys) {
      var ddl = new ArrayList<String>();
      ddl.add(
          "CREATE TABLE "
              + name
              + " (k INTEGER"
              + (withKeys && keyed ? " PRIMARY KEY" : "")
              + ", a INTEGER, b INTEGER, s TEXT, r REAL)");
      var load =
          rows.isEmpty()
              ? List.<String>of()
              : List.of("INSERT INTO " + name + " VALUES " + String.join(", ", rows));
      var indexDdl = new ArrayList<String>();
      for (int i = 0; withKeys && i < indexes.size(); i++) {
        indexDdl.add(
            "CREATE INDEX " + name + "_i" + i + " ON " + name + " (" + indexes.get(i) + ")");
      }
      ddl.addAll(indexesFirst ? indexDdl : load);
      ddl.addAll(indexesFirst ? load : indexDdl);
      return ddl;
    }
  }

  /** A new random schema with data. */
  static DiffSchema random(SplittableRandom random) {
    var tables = new ArrayList<Table>();
    int large = random.nextInt(8) == 0 ? 1 + random.nextInt(3) : 0; // now and then one larger table
    for (int t = 1; t <= 3; t++) {
      tables.add(randomTable(random, "t" + t, t == large));
    }
    return new DiffSchema(List.copyOf(tables));
  }

  /** Every statement of the schema, for the database with keys and indexes or without. */
  List<String> statements(boolean withKeys) {
    return tables.stream().flatMap(t -> t.statements(withKeys).stream()).toList();
  }

  /** The schema and data as a script, for a failure message. */
  String describe() {
    return String.join(";\n", statements(true)) + ";\n";
  }

  private static Table randomTable(SplittableRandom random, String name, boolean large) {
    boolean keyed = random.nextInt(3) > 0;
    var indexes = new ArrayList<String>();
    for (var columns : INDEXES) {
      if (random.nextInt(4) == 0) {
        indexes.add(columns);
      }
    }
    var rows = new ArrayList<String>();
    int count =
        large
            ? 20 + random.nextInt(21)
            : random.nextInt(5) == 0 ? random.nextInt(2) : 2 + random.nextInt(11);
    int k = random.nextInt(4) - 2;
    for (int i = 0; i < count; i++) {
      k += 1 + random.nextInt(2);
      var key = keyed ? Integer.toString(k) : integer(random);
      if (!keyed && !rows.isEmpty() && random.nextInt(5) == 0) {
        rows.add(rows.get(random.nextInt(rows.size()))); // a duplicate row
        continue;
      }
      rows.add(
          "("
              + key
              + ", "
              + integer(random)
              + ", "
              + integer(random)
              + ", "
              + text(random)
              + ", "
              + real(random)
              + ")");
    }
    return new Table(name, keyed, List.copyOf(indexes), List.copyOf(rows), random.nextBoolean());
  }

  private static boolean isNull(SplittableRandom random) {
    return random.nextInt(6) == 0;
  }

  static String integer(SplittableRandom random) {
    return isNull(random) ? "NULL" : Integer.toString(random.nextInt(10) - 3);
  }

  static String text(SplittableRandom random) {
    return isNull(random) ? "NULL" : TEXTS[random.nextInt(TEXTS.length)];
  }

  static String real(SplittableRandom random) {
    return isNull(random) ? "NULL" : REALS[random.nextInt(REALS.length)];
  }
}
