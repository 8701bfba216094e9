package io.kitesql.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Table 7's data and statements: the queries Spring Data generates for a typical entity, on one
 * table {@code items} with a primary key and secondary indexes on {@code category}, {@code name}
 * and {@code score}. Rows are generated from their number alone, so every engine loads identical
 * rows; parameter sets are generated from a seed, so every engine runs identical executions.
 */
final class SpringQueries {
  /** Distinct categories: {@code category = ?} matches about one row in 50. */
  static final int CATEGORIES = 50;

  /** Letters of a name: random-looking, lower case, so a 6-letter prefix matches about one row. */
  static final int NAME_LETTERS = 8;

  /** Parameter sets per shape; executions cycle through them. */
  static final int PARAMETER_SETS = 64;

  /** The table, identical on every engine. */
  static final String TABLE_DDL =
      "create table items (id int primary key, category int, name varchar, score int, created bigint, description varchar)";

  /** Its secondary indexes, identical on every engine. */
  static final List<String> INDEX_DDL =
      List.of(
          "create index items_category on items (category)",
          "create index items_name on items (name)",
          "create index items_score on items (score)");

  /** The table and its indexes, for a table loaded after its indexes exist. */
  static final List<String> DDL =
      java.util.stream.Stream.concat(java.util.stream.Stream.of(TABLE_DDL), INDEX_DDL.stream())
          .toList();

  static final String INSERT = "insert into items values (?, ?, ?, ?, ?, ?)";

  /** The entity's columns, as a repository method returning {@code Item} selects them. */
  private static final String ENTITY =
      "select id, category, name, score, created, description from items";

  /** Result column kinds of {@link #ENTITY}: {@code n} a number, {@code t} text. */
  private static final String ENTITY_COLUMNS = "nntnnt";

  /** A timestamp in 2026: {@code created} of row 1, in epoch milliseconds. */
  private static final long CREATED_BASE = 1_767_225_600_000L;

  private SpringQueries() {}

  /**
   * One statement of a shape.
   *
   * @param sql the text every engine runs
   * @param columns one letter per result column: {@code n} read as a number, {@code t} as text
   */
  record Statement(String sql, String columns) {}

  /**
   * Builds parameter set {@code k} of a shape for a table of {@code rows} rows: one array per
   * statement.
   */
  @FunctionalInterface
  interface Parameters {
    Object[][] of(int rows, SplittableRandom random);
  }

  /**
   * One row of Table 7.
   *
   * @param name the query shape
   * @param method what Spring Data generates it for
   * @param statements what one execution runs, in order (a {@code Page} runs its page and its
   *     count)
   * @param bounded whether the result size stays the same as the table grows (the growth target
   *     applies)
   * @param ordered whether the statements fix the order of their rows (else rows are compared as a
   *     multiset)
   * @param parameters how parameter sets are drawn
   */
  record Shape(
      String name,
      String method,
      List<Statement> statements,
      boolean bounded,
      boolean ordered,
      Parameters parameters) {

    /**
     * The shape's {@link #PARAMETER_SETS} parameter sets for a table of {@code rows} rows, the same
     * on every engine.
     */
    Object[][][] parameterSets(int rows) {
      var random = new SplittableRandom(name.hashCode());
      var sets = new Object[PARAMETER_SETS][][];
      for (int k = 0; k < sets.length; k++) {
        sets[k] = parameters.of(rows, random);
      }
      return sets;
    }
  }

  /** Row {@code i} (0-based; its id is {@code i + 1}) as INSERT parameters. */
  static Object[] row(int i, int rows) {
    int id = i + 1;
    return new Object[] {
      id,
      category(id),
      name(id),
      score(id, rows),
      CREATED_BASE + id * 60_000L + mix(id) % 60_000,
      "item " + id + " of the catalogue, " + DataSets.text(id, 24)
    };
  }

  static int category(int id) {
    return (int) (mix(id * 31L + 7) % CATEGORIES);
  }

  /** {@link #NAME_LETTERS} random-looking letters. */
  static String name(int id) {
    long h = mix(id);
    var name = new char[NAME_LETTERS];
    for (int i = 0; i < name.length; i++) {
      name[i] = (char) ('a' + h % 26);
      h /= 26;
    }
    return new String(name);
  }

  /** In {@code [0, rows / 4)}: about four rows per score, so (score, id) keysets meet ties. */
  static int score(int id, int rows) {
    return (int) (mix(id * 17L + 3) % scores(rows));
  }

  private static int scores(int rows) {
    return Math.max(1, rows / 4);
  }

  /** A non-negative hash of {@code x} (SplitMix64's finalizer). */
  private static long mix(long x) {
    long z = x * 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return (z ^ (z >>> 31)) >>> 1;
  }

  private static int anyId(int rows, SplittableRandom random) {
    return 1 + random.nextInt(rows);
  }

  private static Object[][] one(Object... parameters) {
    return new Object[][] {parameters};
  }

  private static Statement entity(String rest) {
    return new Statement(ENTITY + rest, ENTITY_COLUMNS);
  }

  /** The shapes, in the report's order. */
  static List<Shape> shapes() {
    var shapes = new ArrayList<Shape>();
    shapes.add(
        new Shape(
            "id = ?",
            "findById",
            List.of(entity(" where id = ?")),
            true,
            true,
            (rows, r) -> one(anyId(rows, r))));
    shapes.add(
        new Shape(
            "id in (10 parameters)",
            "findAllById",
            List.of(entity(" where id in (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")),
            true,
            false,
            (rows, r) -> {
              var ids = new Object[10];
              for (int i = 0; i < ids.length; i++) {
                ids[i] = anyId(rows, r);
              }
              return new Object[][] {ids};
            }));
    shapes.add(
        new Shape(
            "category in (?, ?)",
            "findByCategoryIn",
            List.of(entity(" where category in (?, ?)")),
            false,
            false,
            (rows, r) -> {
              int a = r.nextInt(CATEGORIES);
              return one(a, (a + 1 + r.nextInt(CATEGORIES - 1)) % CATEGORIES);
            }));
    shapes.add(
        new Shape(
            "order by id desc limit 10",
            "findTop10ByOrderByIdDesc",
            List.of(entity(" order by id desc limit 10")),
            true,
            true,
            (rows, r) -> one()));
    shapes.add(
        new Shape(
            "order by score, id limit 10 offset 100",
            "findAll(PageRequest.of(10, 10, Sort.by(\"score\", \"id\")))",
            List.of(entity(" order by score, id limit 10 offset 100")),
            true,
            true,
            (rows, r) -> one()));
    shapes.add(
        new Shape(
            "max(score)",
            "@Query max, or findFirstByOrderByScoreDesc",
            List.of(new Statement("select max(score) from items", "n")),
            true,
            true,
            (rows, r) -> one()));
    shapes.add(
        new Shape(
            "name like ? (prefix)",
            "findByNameStartingWith",
            List.of(entity(" where name like ?")),
            true,
            false,
            (rows, r) -> one(name(anyId(rows, r)).substring(0, NAME_LETTERS - 2) + "%")));
    shapes.add(
        new Shape(
            "score = ? or name = ?",
            "findByScoreOrName",
            List.of(entity(" where score = ? or name = ?")),
            true,
            false,
            (rows, r) -> one(score(anyId(rows, r), rows), name(anyId(rows, r)))));
    shapes.add(
        new Shape(
            "id in (select id … where category = ?)",
            "@Query semi-join",
            List.of(entity(" where id in (select id from items where category = ?)")),
            false,
            false,
            (rows, r) -> one(r.nextInt(CATEGORIES))));
    shapes.add(
        new Shape(
            "category = ? order by id",
            "findByCategoryOrderById",
            List.of(entity(" where category = ? order by id")),
            false,
            true,
            (rows, r) -> one(r.nextInt(CATEGORIES))));
    shapes.add(
        new Shape(
            "category = ? and score > ? order by score, id limit 5",
            "findTop5ByCategoryAndScoreGreaterThanOrderByScoreAscIdAsc",
            List.of(entity(" where category = ? and score > ? order by score, id limit 5")),
            true,
            true,
            // the top 64 scores: about 256 rows at every size, about 5 of them in the category
            (rows, r) -> one(r.nextInt(CATEGORIES), Math.max(-1, scores(rows) - 65))));
    shapes.add(
        new Shape(
            "exists: category = ? limit 1",
            "existsByCategory",
            List.of(new Statement("select 1 from items where category = ? limit 1", "n")),
            true,
            true,
            (rows, r) -> one(r.nextInt(CATEGORIES))));
    shapes.add(
        new Shape(
            "count(*) where category = ?",
            "countByCategory",
            List.of(new Statement("select count(*) from items where category = ?", "n")),
            false,
            true,
            (rows, r) -> one(r.nextInt(CATEGORIES))));
    shapes.add(
        new Shape(
            "(score, id) > (?, ?) order by score, id limit 10",
            "findBy(…, ScrollPosition.forward(keyset))",
            List.of(entity(" where (score, id) > (?, ?) order by score, id limit 10")),
            true,
            true,
            (rows, r) -> {
              int id = anyId(rows, r);
              return one(score(id, rows), id);
            }));
    shapes.add(
        new Shape(
            "page + count(*)",
            "findAll(PageRequest.of(10, 10, Sort.by(\"score\", \"id\"))) → Page",
            List.of(
                entity(" order by score, id limit 10 offset 100"),
                new Statement("select count(*) from items", "n")),
            true,
            true,
            (rows, r) -> new Object[][] {{}, {}}));
    return List.copyOf(shapes);
  }

  /** One execution as the measured caller does it: every column of every row read, text touched. */
  static long consume(Engine.Rows rows, String columns) throws Exception {
    long sum = 0;
    while (rows.next()) {
      for (int c = 0; c < columns.length(); c++) {
        sum += columns.charAt(c) == 'n' ? rows.number(c) : Workload.touch(rows.text(c));
      }
    }
    rows.close();
    return sum;
  }

  /**
   * The rows of one execution as values (numbers as {@code Long}, text as {@code String}), one list
   * per statement; in the engine's order if the shape fixes it, else sorted.
   */
  static List<List<List<Object>>> rows(Shape shape, Engine.Query[] queries, Object[][] parameters)
      throws Exception {
    var out = new ArrayList<List<List<Object>>>();
    for (int s = 0; s < queries.length; s++) {
      String columns = shape.statements().get(s).columns();
      var rows = queries[s].execute(parameters[s]);
      var list = new ArrayList<List<Object>>();
      while (rows.next()) {
        var row = new ArrayList<Object>();
        for (int c = 0; c < columns.length(); c++) {
          row.add(columns.charAt(c) == 'n' ? (Object) rows.number(c) : rows.text(c).toString());
        }
        list.add(row);
      }
      rows.close();
      if (!shape.ordered()) {
        list.sort(Comparator.comparing(Object::toString));
      }
      out.add(list);
    }
    return out;
  }
}
