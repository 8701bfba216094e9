package io.kitesql.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The benchmark's data, generated deterministically so that every engine loads identical rows: the
 * {@code orders} table of Tables 1–3 and the {@code json_docs}/{@code csv_docs} tables of Table 4.
 * All text is ASCII, so bytes and chars coincide.
 */
public final class DataSets {
  /** The five statuses of the article. */
  public static final List<String> STATUSES = List.of("new", "paid", "shipped", "done", "void");

  /** DDL shared by every engine (identical text). */
  public static final List<String> ORDERS_DDL =
      List.of(
          "create table orders (id int primary key, customer_id int, status varchar, amount int, note varchar)",
          "create index orders_customer_status on orders (customer_id, status)");

  public static final String ORDERS_INSERT = "insert into orders values (?, ?, ?, ?, ?)";

  /** Table 4's two tables (same structure; body is a JSON document or one CSV line). */
  public static final List<String> DOCS_DDL =
      List.of(
          "create table json_docs (id int primary key, grp int, body varchar)",
          "create index json_docs_grp on json_docs (grp)",
          "create table csv_docs (id int primary key, grp int, body varchar)",
          "create index csv_docs_grp on csv_docs (grp)");

  private static final String FILLER = filler(300_000);

  private DataSets() {}

  private static String filler(int length) {
    var random = new SplittableRandom(42);
    var sb = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      int r = random.nextInt(32);
      sb.append(r < 5 ? ' ' : (char) ('a' + r % 26));
    }
    return sb.toString();
  }

  /** Text of exactly {@code length} chars, distinct per {@code seed}. */
  public static String text(long seed, int length) {
    var prefix = "n" + seed + " ";
    if (prefix.length() >= length) {
      return prefix.substring(0, length);
    }
    int from = (int) Math.floorMod(seed * 131, 997L);
    return prefix + FILLER.substring(from, from + length - prefix.length());
  }

  /** The number of (customer_id, status) pairs for {@code rows} rows. */
  public static int pairs(int rows) {
    return rows / BenchConfig.ROWS_PER_PAIR;
  }

  /** Row {@code id} of orders (0-based) as insert parameters; pairs are spread over the ids. */
  public static Object[] orderRow(int id, int rows, int noteLength) {
    int pair = id % pairs(rows);
    return new Object[] {
      id,
      pair / STATUSES.size() + 1,
      STATUSES.get(pair % STATUSES.size()),
      1 + (id * 7919) % 1000,
      text(id, noteLength)
    };
  }

  /**
   * Lookup parameters {@code (customer_id, status, min_amount)} for every pair, in a shuffled
   * order, boxed once so executions allocate nothing for them.
   */
  public static Object[][] lookupParameters(int rows) {
    int pairs = pairs(rows);
    var order = new ArrayList<Integer>(pairs);
    for (int p = 0; p < pairs; p++) {
      order.add(p);
    }
    java.util.Collections.shuffle(order, new java.util.Random(7));
    var params = new Object[pairs][];
    for (int i = 0; i < pairs; i++) {
      int p = order.get(i);
      params[i] = new Object[] {p / STATUSES.size() + 1, STATUSES.get(p % STATUSES.size()), 0};
    }
    return params;
  }

  /** Group parameters for Table 4. */
  public static Object[][] groupParameters(int groups) {
    var params = new Object[groups][];
    for (int g = 0; g < groups; g++) {
      params[g] = new Object[] {(g * 7) % groups};
    }
    return params;
  }

  /** A JSON document of about {@link BenchConfig#DOC_BYTES}; only the title has escapes. */
  public static String jsonDoc(int id) {
    var head =
        "{\"id\":"
            + id
            + ",\"user\":\"user-"
            + (id % 977)
            + "\",\"title\":\"Doc \\\""
            + id
            + "\\\" of the day\",\"tags\":[\"alpha\",\"beta\",\"t"
            + (id % 13)
            + "\"],\"score\":"
            + (id % 101)
            + ",\"body\":\"";
    return head + text(id, BenchConfig.DOC_BYTES - head.length() - 2) + "\"}";
  }

  /** A CSV line of about {@link BenchConfig#DOC_BYTES}: id,user,title,tags,score,body. */
  public static String csvDoc(int id) {
    var head =
        id
            + ",user-"
            + (id % 977)
            + ",Doc "
            + id
            + " of the day,alpha;beta;t"
            + (id % 13)
            + ","
            + (id % 101)
            + ",";
    return head + text(id, BenchConfig.DOC_BYTES - head.length());
  }

  /** Row {@code id} of json_docs or csv_docs: groups are spread over the ids. */
  public static Object[] docRow(int id, int groups, boolean json) {
    return new Object[] {id, id % groups, json ? jsonDoc(id) : csvDoc(id)};
  }
}
