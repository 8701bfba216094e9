package io.kitesql.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The cells of the article's four tables: SQL (identical for every engine except where a function
 * is spelled differently), the text columns the map check inspects, and what the caller does with
 * the rows.
 */
public final class Workload {

  /**
   * One row of cells.
   *
   * @param table "1".."4"
   * @param variant the column or sub-table
   * @param sql the statement (KiteSQL and H2 spelling)
   * @param sqliteSql SQLite's spelling
   * @param textColumns result columns holding text (checked against the LMDB map)
   * @param consumer what the caller does with the rows of one execution
   * @param parameterPositions which of the tier's parameters the statement takes, in its order;
   *     null for all of them
   */
  public record Cell(
      String table,
      String variant,
      String sql,
      String sqliteSql,
      int[] textColumns,
      ConsumerFactory consumer,
      int[] parameterPositions) {
    public Cell(
        String table,
        String variant,
        String sql,
        String sqliteSql,
        int[] textColumns,
        ConsumerFactory consumer) {
      this(table, variant, sql, sqliteSql, textColumns, consumer, null);
    }

    /** The statement as {@code kind} spells it. */
    public String sqlFor(Stores.Kind kind) {
      return kind == Stores.Kind.SQLITE ? sqliteSql : sql;
    }

    /**
     * The parameter sets this cell's statement takes, made once (executions allocate nothing for
     * them).
     */
    public Object[][] parametersOf(Object[][] all) {
      if (parameterPositions == null) {
        return all;
      }
      var out = new Object[all.length][];
      for (int p = 0; p < all.length; p++) {
        out[p] = new Object[parameterPositions.length];
        for (int i = 0; i < parameterPositions.length; i++) {
          out[p][i] = all[p][parameterPositions[i]];
        }
      }
      return out;
    }
  }

  /**
   * A consumer per engine: KiteSQL parses borrowed text with {@link BorrowedJson}, peers with
   * Jackson.
   */
  @FunctionalInterface
  public interface ConsumerFactory {
    Measure.Consumer forEngine(boolean kite);
  }

  static final String WHERE = " from orders where customer_id = ? and status = ? and amount > ?";

  /**
   * Table 6: a predicate on a small, non-indexed column over every row, which reads no note (the
   * lookup parameters' {@code amount > 0} holds for every row).
   */
  public static final String SMALL_COLUMN_FILTER = "select count(*) from orders where amount > ?";

  /** The article's Table 3 statement. */
  public static final String TABLE3 =
      """
      select status, note, peak, max(peak) over (partition by status) \
      from (select status, note, max(amount) as peak from orders \
      where customer_id = ? and status = ? and amount > ? \
      group by status, note) t \
      order by note desc""";

  public static final String DOCS_JSON = "select id, body from json_docs where grp = ?";
  public static final String DOCS_CSV = "select id, body from csv_docs where grp = ?";

  private Workload() {}

  /** Tables 1–3 on one tier of orders. */
  public static List<Cell> orders() {
    var cells = new ArrayList<Cell>();
    String lookup = "select id, status, amount, note" + WHERE;
    cells.add(same("1", "lookup", lookup, new int[] {1, 3}, k -> Workload::touchLookup));
    cells.add(
        same("1", "lookup + scan every char", lookup, new int[] {1, 3}, k -> Workload::scanLookup));
    cells.add(
        same(
            "2",
            "caller length()",
            "select note" + WHERE,
            new int[] {0},
            k -> Workload::callerLength));
    cells.add(
        same(
            "2",
            "octet_length",
            "select octet_length(note)" + WHERE,
            new int[0],
            k -> Workload::sumNumbers));
    cells.add(
        new Cell(
            "2",
            "char_length",
            "select char_length(note)" + WHERE,
            "select length(note)" + WHERE,
            new int[0],
            k -> Workload::sumNumbers));
    cells.add(
        same("3", "group + window + sort", TABLE3, new int[] {0, 1}, k -> Workload::touchTable3));
    cells.add(
        new Cell(
            "6",
            "filter on amount, every row",
            SMALL_COLUMN_FILTER,
            SMALL_COLUMN_FILTER,
            new int[0],
            k -> Workload::sumNumbers,
            new int[] {2}));
    return cells;
  }

  /** Table 4: fetch, and fetch + parse, of JSON and CSV documents. */
  public static List<Cell> documents() {
    return List.of(
        same(
            "4",
            "JSON fetch",
            DOCS_JSON,
            new int[] {1},
            k -> rows -> Workload.fetch(rows, Parse.NONE)),
        same(
            "4",
            "JSON fetch + parse",
            DOCS_JSON,
            new int[] {1},
            k -> rows -> Workload.fetch(rows, k ? Parse.BORROWED_JSON : Parse.JACKSON)),
        same(
            "4",
            "CSV fetch",
            DOCS_CSV,
            new int[] {1},
            k -> rows -> Workload.fetch(rows, Parse.NONE)),
        same(
            "4",
            "CSV fetch + parse",
            DOCS_CSV,
            new int[] {1},
            k -> rows -> Workload.fetch(rows, Parse.CSV)));
  }

  private static Cell same(
      String table, String variant, String sql, int[] text, ConsumerFactory consumer) {
    return new Cell(table, variant, sql, sql, text, consumer);
  }

  /** Reads a string the way the article's caller does: take it, its length and its ends. */
  static long touch(CharSequence s) {
    int n = s.length();
    return n == 0 ? 0 : n + s.charAt(0) + s.charAt(n - 1);
  }

  /** Reads every char. */
  static long scan(CharSequence s) {
    long sum = 0;
    for (int i = 0, n = s.length(); i < n; i++) {
      sum += s.charAt(i);
    }
    return sum;
  }

  static long touchLookup(Engine.Rows rows) throws Exception {
    long sum = 0;
    while (rows.next()) {
      sum += rows.number(0) + touch(rows.text(1)) + rows.number(2) + touch(rows.text(3));
    }
    rows.close();
    return sum;
  }

  static long scanLookup(Engine.Rows rows) throws Exception {
    long sum = 0;
    while (rows.next()) {
      sum += rows.number(0) + scan(rows.text(1)) + rows.number(2) + scan(rows.text(3));
    }
    rows.close();
    return sum;
  }

  static long callerLength(Engine.Rows rows) throws Exception {
    long sum = 0;
    while (rows.next()) {
      sum += rows.text(0).length();
    }
    rows.close();
    return sum;
  }

  static long sumNumbers(Engine.Rows rows) throws Exception {
    long sum = 0;
    while (rows.next()) {
      sum += rows.number(0);
    }
    rows.close();
    return sum;
  }

  static long touchTable3(Engine.Rows rows) throws Exception {
    long sum = 0;
    while (rows.next()) {
      sum += touch(rows.text(0)) + touch(rows.text(1)) + rows.number(2) + rows.number(3);
    }
    rows.close();
    return sum;
  }

  /** How Table 4 parses the documents it kept. */
  enum Parse {
    NONE,
    BORROWED_JSON,
    JACKSON,
    CSV
  }

  /** Keeps every body past the end of the query, then parses them. */
  static long fetch(Engine.Rows rows, Parse parse) throws Exception {
    var bodies = new ArrayList<CharSequence>(BenchConfig.DOCS_PER_GROUP);
    long sum = 0;
    while (rows.next()) {
      sum += rows.number(0);
      bodies.add(rows.text(1));
    }
    rows.close();
    for (var body : bodies) {
      sum +=
          switch (parse) {
            case NONE -> touch(body);
            case BORROWED_JSON -> {
              var doc = BorrowedJson.parse(body);
              yield doc.id()
                  + touch(doc.user())
                  + touch(doc.title())
                  + doc.tags().size()
                  + touch(doc.body());
            }
            case JACKSON -> {
              var doc = Documents.jackson(body);
              yield doc.id()
                  + touch(doc.user())
                  + touch(doc.title())
                  + doc.tags().size()
                  + touch(doc.body());
            }
            case CSV -> {
              var doc = Documents.csv(body);
              yield doc.id()
                  + touch(doc.user())
                  + touch(doc.title())
                  + doc.tags().size()
                  + touch(doc.body());
            }
          };
    }
    return sum;
  }
}
