package io.kitesql.optimize;

import static io.kitesql.testing.QueryRows.column;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.options.StorageOptions;
import io.kitesql.testing.Allocations;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The access paths for the query shapes repositories generate (IN lists, ORs of equalities, ORDER
 * BY served by key order with LIMIT/OFFSET, MIN/MAX, LIKE prefixes): the plan each rule must
 * produce (EXPLAIN), the cases where it must not fire, and the rows, which are computed here from
 * the inserted data, not taken from the engine.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IndexAccessPlansTest {
  static final int ROWS = 2_000;

  Database db;
  final List<Row> rows = new ArrayList<>();

  /** One row of {@code t}, as inserted. */
  record Row(int id, Integer a, String b, Integer c) {}

  @BeforeAll
  void load(@TempDir Path dir) {
    db = KiteSql.open(dir, StorageOptions.defaults().withMapSize(256L << 20));
    db.execute("create table t (id int primary key, a int, b varchar, c int)");
    db.execute("create index t_a on t (a)");
    db.execute("create index t_b on t (b)");
    db.execute("create index t_c on t (c)");
    db.execute("create index t_ac on t (a, c)");
    for (int id = 1; id <= ROWS; id++) {
      Integer a = id % 97 == 0 ? null : id % 50;
      // Texts with a NUL, '%', '_', the escape, multi-byte and supplementary characters, and the
      // highest code point.
      String b =
          switch (id % 11) {
            case 0 -> null;
            case 1 -> "x7" + id;
            case 2 -> "x7%" + id;
            case 3 -> "x7_" + id;
            case 4 -> "é" + id;
            case 5 -> "\uD83D\uDE00" + id;
            case 6 -> "x\u0000" + id;
            case 7 -> "\uDBFF\uDFFF" + id;
            case 8 -> "x!" + id;
            default -> "y" + id;
          };
      Integer c = id % 101 == 0 ? null : (id * 7919) % 2003; // distinct where not NULL
      rows.add(new Row(id, a, b, c));
      db.execute("insert into t values (?, ?, ?, ?)", id, a, b, c);
    }
  }

  @AfterAll
  void close() {
    db.close();
  }

  String explain(String sql) {
    return String.join("\n", column(db, "explain " + sql));
  }

  List<String> ids(Predicate<Row> where) {
    return ids(where, Comparator.comparingInt(Row::id));
  }

  List<String> ids(Predicate<Row> where, Comparator<Row> order) {
    return rows.stream().filter(where).sorted(order).map(r -> String.valueOf(r.id())).toList();
  }

  @Test
  void inListOnThePrimaryKeyIsOneLookupPerValue() {
    assertThat(explain("select id from t where id in (5, 3, 9)"))
        .contains("PrimaryKeyLookup t = (5) or = (3) or = (9)")
        .doesNotContain("Filter")
        .doesNotContain("TableScan");
    // Unsorted, duplicated, NULL and absent values; rows come once each, in key order.
    assertThat(column(db, "select id from t where id in (9, 3, 3, null, 5, 99999, -1)"))
        .containsExactly("3", "5", "9");
    assertThat(column(db, "select id from t where id in (?, ?, ?, ?)", 1_999, 2, null, 2))
        .containsExactly("2", "1999");
    assertThat(column(db, "select id from t where id in (?)", (Object) null)).isEmpty();
    // findAllById with many ids: one lookup each, however long the list.
    var many = Stream.iterate(-2_000, i -> i + 3).limit(5_000).toArray();
    var sql =
        "select id from t where id in ("
            + String.join(", ", java.util.Collections.nCopies(many.length, "?"))
            + ")";
    assertThat(explain(sql)).startsWith("Project id\n  PrimaryKeyLookup t = (?1) or");
    assertThat(column(db, sql, many)).isEqualTo(ids(r -> (r.id() + 2_000) % 3 == 0));
  }

  @Test
  void anInListAllocatesAboutWhatItsPointLookupsWould() {
    var point = db.prepare("select id, b from t where id = ?");
    var list = db.prepare("select id, b from t where id in (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    Object[] ids = {17, 3, 999, 250, 41, 1_500, 8, 77, 1_200, 640};
    long[] sink = new long[1];
    try (var tx = db.beginRead()) {
      long pointBytes =
          Allocations.minBytes(
              300,
              () -> {
                try (var rows = tx.query(point, 17)) {
                  while (rows.next()) {
                    sink[0] += rows.getInt(0);
                  }
                }
              });
      long listBytes =
          Allocations.minBytes(
              300,
              () -> {
                try (var rows = tx.query(list, ids)) {
                  while (rows.next()) {
                    sink[0] += rows.getInt(0);
                  }
                }
              });
      System.out.printf(
          "bytes per execution: point lookup %d, IN list of 10 %d%n", pointBytes, listBytes);
      assertThat(listBytes).isLessThanOrEqualTo(10 * pointBytes + 512);
    }
  }

  @Test
  void inListOnAnIndexAndAnOrOfEqualities() {
    var expected = ids(r -> r.a() != null && (r.a() == 7 || r.a() == 3));
    assertThat(explain("select id from t where a in (?, ?)"))
        .contains("IndexRangeScan t using t_a = (?1) or = (?2)")
        .doesNotContain("Filter");
    assertThat(sorted(column(db, "select id from t where a in (?, ?)", 7, 3))).isEqualTo(expected);
    assertThat(explain("select id from t where a = 7 or a = 3"))
        .contains("= (7) or = (3)")
        .doesNotContain("Filter");
    assertThat(sorted(column(db, "select id from t where a = 7 or a = 3 or a = 7")))
        .isEqualTo(expected);
  }

  @Test
  void inListTimesEqualityOnACompositeIndex() {
    assertThat(explain("select id from t where a in (1, 2) and c > 1000"))
        .contains("IndexRangeScan t using t_ac > (1, 1000) <= (1) or > (2, 1000) <= (2)")
        .doesNotContain("Filter");
    assertThat(sorted(column(db, "select id from t where a in (1, 2) and c > 1000")))
        .isEqualTo(
            ids(r -> r.a() != null && (r.a() == 1 || r.a() == 2) && r.c() != null && r.c() > 1000));
  }

  @Test
  void latestPageWalksThePrimaryKeyBackward() {
    assertThat(explain("select id, b from t order by id desc limit 10"))
        .contains("PrimaryKeyScan t reverse")
        .doesNotContain("TopN")
        .doesNotContain("Sort");
    assertThat(column(db, "select id, b from t order by id desc limit 10 offset 3"))
        .isEqualTo(
            ids(
                r -> r.id() > ROWS - 13 && r.id() <= ROWS - 3,
                Comparator.comparingInt(Row::id).reversed()));
  }

  @Test
  void sortedPageWalksTheIndexAndStopsAfterOffsetPlusLimit() {
    assertThat(explain("select id, b from t order by c limit 10 offset 100"))
        .contains("IndexScan t using t_c")
        .doesNotContain("TopN")
        .doesNotContain("Sort");
    // NULLs first, as ORDER BY c ASC puts them; c is distinct otherwise, so the page is determined.
    var byC =
        Comparator.comparing(Row::c, Comparator.nullsFirst(Comparator.<Integer>naturalOrder()))
            .thenComparingInt(Row::id);
    assertThat(column(db, "select id from t order by c limit 10 offset 100"))
        .isEqualTo(ids(r -> true, byC).subList(100, 110));
    assertThat(column(db, "select id from t order by c desc limit 5"))
        .isEqualTo(ids(r -> true, byC.reversed()).subList(0, 5));
  }

  @Test
  void offsetStepsOverEntriesWithoutLookingRowsUp() {
    var byC =
        Comparator.comparing(Row::c, Comparator.nullsFirst(Comparator.<Integer>naturalOrder()))
            .thenComparingInt(Row::id);
    var page = db.prepare("select id, b from t order by c limit 10 offset ?");
    long[] sink = new long[1];
    try (var tx = db.beginRead()) {
      for (int offset : new int[] {0, 1, 999, 1_990, 1_999, 2_000, 5_000}) {
        var ids = new ArrayList<String>();
        try (var rows = tx.query(page, offset)) {
          while (rows.next()) {
            ids.add(String.valueOf(rows.getInt(0)));
          }
        }
        var all = ids(r -> true, byC);
        assertThat(ids)
            .as("offset " + offset)
            .isEqualTo(
                all.subList(Math.min(offset, all.size()), Math.min(offset + 10, all.size())));
      }
      Runnable[] pages = new Runnable[2];
      for (int i = 0; i < 2; i++) {
        int offset = i == 0 ? 0 : 1_500;
        pages[i] =
            () -> {
              try (var rows = tx.query(page, offset)) {
                while (rows.next()) {
                  sink[0] += rows.getText(1) == null ? 0 : rows.getText(1).length();
                }
              }
            };
      }
      long first = Allocations.minBytes(100, pages[0]);
      long deep = Allocations.minBytes(100, pages[1]);
      System.out.printf("bytes per page: offset 0 %d, offset 1,500 %d%n", first, deep);
      assertThat(deep).isLessThanOrEqualTo(first + 256); // no row of the 1,500 skipped was made
    }
    // Backward over several ranges.
    var byAThenId =
        Comparator.comparing(Row::a, Comparator.nullsFirst(Comparator.<Integer>naturalOrder()))
            .thenComparingInt(Row::id);
    assertThat(
            column(
                db,
                "select id from t where a in (1, 2, 3) order by a desc, id desc limit 5 offset 30"))
        .isEqualTo(
            ids(r -> r.a() != null && r.a() >= 1 && r.a() <= 3, byAThenId.reversed())
                .subList(30, 35));
  }

  @Test
  void offsetStepsOverLongRowsReadAhead() {
    db.execute("create table l (id int primary key, k int, body varchar)");
    db.execute("create index l_k on l (k)");
    for (int id = 1; id <= 300; id++) {
      db.execute(
          "insert into l values (?, ?, ?)",
          id,
          (id * 37) % 300,
          "x".repeat(2_500) + id); // rows past a leaf: read ahead
    }
    var byK =
        Stream.iterate(1, i -> i + 1)
            .limit(300)
            .sorted(Comparator.comparingInt(i -> (i * 37) % 300))
            .toList();
    for (int offset : new int[] {3, 17, 100, 290}) {
      var expected =
          byK.subList(offset, Math.min(offset + 7, 300)).stream().map(String::valueOf).toList();
      assertThat(column(db, "select id, body from l order by k limit 7 offset " + offset))
          .as("offset " + offset)
          .isEqualTo(expected);
      // After a few rows read one by one and in batches, then OFFSET: the same rows.
      assertThat(
              column(
                  db,
                  "select id from (select id, body from l order by k limit 7 offset "
                      + offset
                      + ") x"))
          .isEqualTo(expected);
    }
    db.execute("drop table l");
  }

  @Test
  void orderByThePrimaryKeyAfterAnIndexEqualityNeedsNoSort() {
    assertThat(explain("select id from t where a = 3 order by id")).doesNotContain("Sort");
    assertThat(column(db, "select id from t where a = 3 order by id"))
        .isEqualTo(ids(r -> Objects.equals(r.a(), 3)));
    assertThat(explain("select id from t where a = 3 order by c desc, id desc limit 4"))
        .contains("using t_ac = (3) reverse")
        .doesNotContain("TopN");
    var byCThenId =
        Comparator.comparing(Row::c, Comparator.nullsFirst(Comparator.<Integer>naturalOrder()))
            .thenComparingInt(Row::id);
    assertThat(column(db, "select id from t where a = 3 order by c desc, id desc limit 4"))
        .isEqualTo(ids(r -> Objects.equals(r.a(), 3), byCThenId.reversed()).subList(0, 4));
  }

  @Test
  void orderTheWalkCannotDeliverKeepsItsSort() {
    // NULLs last in ascending order: keys put them first.
    assertThat(explain("select id from t order by c nulls last limit 5")).contains("TopN");
    // Mixed directions.
    assertThat(explain("select id from t where a = 3 order by c, id desc limit 5"))
        .contains("TopN");
    // No LIMIT, an index that does not cover: sorting beats a lookup per row.
    assertThat(explain("select id, b from t order by c")).contains("Sort").contains("TableScan");
    // An expression, not a column.
    assertThat(explain("select id from t order by c + 1 limit 5")).contains("TopN");
    var byC =
        Comparator.comparing(Row::c, Comparator.nullsLast(Comparator.<Integer>naturalOrder()))
            .thenComparingInt(Row::id);
    assertThat(column(db, "select id from t order by c nulls last, id limit 5"))
        .isEqualTo(ids(r -> true, byC).subList(0, 5));
  }

  @Test
  void minAndMaxReadOneEndOfTheIndex() {
    assertThat(explain("select max(c) from t"))
        .contains("Limit 1")
        .contains("using t_c > (NULL) reverse");
    assertThat(explain("select min(c) from t")).contains("Limit 1").contains("using t_c > (NULL)");
    var nonNull = rows.stream().map(Row::c).filter(Objects::nonNull).toList();
    assertThat(column(db, "select max(c) from t"))
        .containsExactly(String.valueOf(nonNull.stream().max(Integer::compare).get()));
    assertThat(column(db, "select min(c) from t"))
        .containsExactly(String.valueOf(nonNull.stream().min(Integer::compare).get()));
    assertThat(explain("select min(c) from t where a = ?")).contains("using t_ac > (?1, NULL)");
    for (int a : new int[] {0, 3, 49}) {
      var cs =
          rows.stream()
              .filter(r -> Objects.equals(r.a(), a))
              .map(Row::c)
              .filter(Objects::nonNull)
              .toList();
      assertThat(column(db, "select min(c) from t where a = ?", a))
          .containsExactly(String.valueOf(cs.stream().min(Integer::compare).get()));
      assertThat(column(db, "select max(c) from t where a = ?", a))
          .containsExactly(String.valueOf(cs.stream().max(Integer::compare).get()));
    }
    assertThat(column(db, "select max(c) from t where a = 999"))
        .containsExactly("null"); // no row: NULL
    assertThat(column(db, "select max(id) from t where b like 'y%'"))
        .isEqualTo(
            List.of(
                String.valueOf(
                    rows.stream()
                        .filter(r -> r.b() != null && r.b().startsWith("y"))
                        .mapToInt(Row::id)
                        .max()
                        .getAsInt())));
  }

  @Test
  void likePrefixIsARangeOfTheIndexWithTheLikeKept() {
    assertThat(explain("select id from t where b like 'x7%'"))
        .contains("IndexRangeScan t using t_b LIKE ('x7%')")
        .contains("Filter b LIKE 'x7%'");
    for (var pattern :
        List.of(
            "x7%",
            "x7!%%",
            "x7!_1%",
            "x7_1%",
            "x%",
            "%1",
            "é1%",
            "\uD83D\uDE00%",
            "\uDBFF\uDFFF1%",
            "x\u00001%",
            "x!!%",
            "",
            "y1",
            "_")) {
      var regex = toRegex(pattern, '!');
      var expected = ids(r -> r.b() != null && r.b().matches(regex));
      assertThat(sorted(column(db, "select id from t where b like ? escape '!'", pattern)))
          .as(pattern)
          .isEqualTo(expected);
    }
    assertThat(column(db, "select id from t where b like ?", (Object) null)).isEmpty();
    // ILIKE folds case: no range.
    assertThat(explain("select id from t where b ilike 'x7%'")).contains("TableScan");
  }

  @Test
  void orAcrossIndexesIsAUnionOfTheirRangesEachRowOnce() {
    assertThat(explain("select id from t where a = ? or b = ?"))
        .contains("AnyOf t (IndexRangeScan using t_a = (?1); IndexRangeScan using t_b = (?2))")
        .contains("Filter (a = ?1) OR (b = ?2)");
    // Rows matching both branches come once.
    var both =
        rows.stream()
            .filter(r -> Objects.equals(r.a(), 12) && r.b() != null)
            .findFirst()
            .orElseThrow();
    assertThat(sorted(column(db, "select id from t where a = ? or b = ?", 12, both.b())))
        .isEqualTo(ids(r -> Objects.equals(r.a(), 12) || Objects.equals(r.b(), both.b())));
    // Three branches, one a range, one an IN list on the primary key; NULL in a branch.
    var sql = "select id from t where c > 1990 or a = ? or id in (1, 2, 3)";
    assertThat(explain(sql)).contains("AnyOf t (");
    assertThat(sorted(column(db, sql, 7)))
        .isEqualTo(
            ids(r -> (r.c() != null && r.c() > 1990) || Objects.equals(r.a(), 7) || r.id() <= 3));
    assertThat(sorted(column(db, sql, (Object) null)))
        .isEqualTo(ids(r -> (r.c() != null && r.c() > 1990) || r.id() <= 3));
    // A branch whose ranges hold more than its condition (a LIKE prefix): rows of the other branch
    // that its ranges hold but its condition rejects come once, from the other branch.
    var like = "select id from t where b like '%5' or a = ?";
    assertThat(explain(like))
        .contains(
            "AnyOf t (IndexRangeScan using t_b LIKE ('%5'); IndexRangeScan using t_a = (?1))");
    assertThat(sorted(column(db, like, 4)))
        .isEqualTo(ids(r -> (r.b() != null && r.b().endsWith("5")) || Objects.equals(r.a(), 4)));
    // A branch no key serves: a full scan.
    assertThat(explain("select id from t where a = 1 or id + 1 = 5")).contains("TableScan");
  }

  @Test
  void keysetPageIsOneWalkOfTheIndexInKeyOrder() {
    db.execute("create table k (id int primary key, c int not null, v varchar)");
    db.execute("create index k_c on k (c)");
    for (int id = 1; id <= 300; id++) {
      db.execute("insert into k values (?, ?, ?)", id, id % 17, "v" + id);
    }
    // Entries of k_c end with the primary key: c = ? AND id > ? is a range of the index.
    assertThat(explain("select id from k where c = ? and id > ?"))
        .contains("IndexRangeScan k using k_c > (?1, ?2) <= (?1)")
        .doesNotContain("Filter");
    var page = "select id, c from k where c > ? or (c = ? and id > ?) order by c, id limit 10";
    assertThat(explain(page))
        .contains("IndexRangeScan k using k_c > (?1) or > (?2, ?3) <= (?2)")
        .doesNotContain("TopN");
    var all =
        Stream.iterate(1, i -> i + 1)
            .limit(300)
            .sorted(Comparator.<Integer>comparingInt(i -> i % 17).thenComparingInt(i -> i))
            .toList();
    int at = 0;
    var seen = new ArrayList<String>();
    int lastC = -1;
    int lastId = 0;
    while (true) { // page through everything, as a Window scroll does
      var ids = column(db, page, lastC, lastC, lastId);
      if (ids.isEmpty()) {
        break;
      }
      assertThat(ids)
          .isEqualTo(
              all.subList(at, Math.min(at + 10, all.size())).stream()
                  .map(String::valueOf)
                  .toList());
      at += ids.size();
      seen.addAll(ids);
      lastId = Integer.parseInt(ids.getLast());
      lastC = lastId % 17;
    }
    assertThat(seen).hasSize(300);
    // The row-value spelling is the same walk.
    assertThat(explain("select id from k where (c, id) > (?, ?) order by c, id limit 10"))
        .contains("using k_c > (?1) or > (?1, ?2) <= (?1)")
        .doesNotContain("TopN");
    db.execute("drop table k");
  }

  @Test
  void inSubqueryLooksTheOuterTableUpPerValue() {
    assertThat(explain("select id, b from t where id in (select id from t where a = 2)"))
        .contains("PrimaryKeyLookup t = (each of (subquery))")
        .doesNotContain("TableScan");
    assertThat(column(db, "select id from t where id in (select id from t where a = ?)", 2))
        .isEqualTo(ids(r -> Objects.equals(r.a(), 2)));
    // Values of another column, with NULLs and duplicates; an index of the outer table.
    assertThat(explain("select id from t where a in (select c from t where id < 40)"))
        .contains("using t_a = (each of (subquery))");
    var cs = rows.stream().filter(r -> r.id() < 40).map(Row::c).filter(Objects::nonNull).toList();
    assertThat(sorted(column(db, "select id from t where a in (select c from t where id < 40)")))
        .isEqualTo(ids(r -> r.a() != null && cs.contains(r.a())));
    assertThat(column(db, "select id from t where id in (select c from t where id = 101)"))
        .isEmpty(); // only a NULL
    // An operand no key serves: a filter, whose values are looked up in a hash set (integers of any
    // width alike).
    var cs40 =
        rows.stream()
            .filter(r -> r.id() < 400)
            .map(Row::c)
            .filter(Objects::nonNull)
            .collect(java.util.stream.Collectors.toSet());
    assertThat(
            sorted(
                column(
                    db,
                    "select id from t where a + 0 in (select cast(c as bigint) from t where id < 400)")))
        .isEqualTo(ids(r -> r.a() != null && cs40.contains(r.a())));
    assertThat(
            sorted(
                column(
                    db,
                    "select id from t where a + 0 not in (select c from t where id < 400 and c is not null)")))
        .isEqualTo(ids(r -> r.a() != null && !cs40.contains(r.a())));
    assertThat(
            sorted(column(db, "select id from t where b || '' in (select b from t where id < 30)")))
        .isEqualTo(ids(r -> r.b() != null && r.id() < 30));
    // NOT IN keeps the filter: a NULL among the values makes it reject every row.
    assertThat(explain("select id from t where id not in (select c from t)")).contains("TableScan");
    assertThat(column(db, "select id from t where id not in (select c from t)")).isEmpty();
  }

  @Test
  void correlatedExistsLooksTheInnerTableUp() {
    assertThat(explain("select id from t o where exists (select 1 from t i where i.id = o.c)"))
        .contains("SubPlan EXISTS correlated")
        .contains("PrimaryKeyLookup t i = (");
    assertThat(
            sorted(
                column(db, "select id from t o where exists (select 1 from t i where i.id = o.c)")))
        .isEqualTo(ids(r -> r.c() != null && r.c() >= 1 && r.c() <= ROWS));
  }

  @Test
  void countOfAWholeTableCountsItsNarrowestIndex() {
    // Entries of t_a (a INT, then id): narrower than rows of (id, a, b, c) and than t_ac's (a, c,
    // id).
    assertThat(explain("select count(*) from t"))
        .contains("IndexScan t using t_a covered columns=[]");
    assertThat(column(db, "select count(*) from t")).containsExactly(String.valueOf(ROWS));
    assertThat(column(db, "select count(*), count(*) from t where id > 0"))
        .containsExactly(String.valueOf(ROWS));
    // Counted by stepping over entries, over any ranges, and in a write transaction with its own
    // writes.
    assertThat(column(db, "select count(*) from t where a in (1, 2, null, 2)"))
        .containsExactly(
            String.valueOf(
                rows.stream().filter(r -> r.a() != null && (r.a() == 1 || r.a() == 2)).count()));
    assertThat(column(db, "select count(*) from t where c > 1000"))
        .containsExactly(
            String.valueOf(rows.stream().filter(r -> r.c() != null && r.c() > 1000).count()));
    assertThat(column(db, "select count(*) from t where id in (select id from t where a = 5)"))
        .containsExactly(
            String.valueOf(rows.stream().filter(r -> Objects.equals(r.a(), 5)).count()));
    assertThat(column(db, "select count(*) from t where a = 999")).containsExactly("0");
    long inWrite =
        db.write(
            tx -> {
              tx.execute("insert into t values (?, 1, 'new', 1)", ROWS + 1);
              long n;
              try (var c = tx.query("select count(*) from t where a = 1")) {
                c.next();
                n = c.getLong(0);
              }
              tx.rollback();
              return n;
            });
    assertThat(inWrite).isEqualTo(rows.stream().filter(r -> Objects.equals(r.a(), 1)).count() + 1);
    // A table whose only index is wider than its rows keeps counting rows.
    db.execute("create table w (id int primary key, s varchar)");
    db.execute("create index w_s on w (s)");
    assertThat(explain("select count(*) from w")).contains("TableScan w");
    db.execute("drop table w");
  }

  @Test
  void explainAnalyzeShowsEachNodesActualRows() {
    var lines =
        column(db, "explain analyze select id, b from t order by id desc limit 10 offset 5");
    assertThat(lines.get(0)).startsWith("Limit 10 offset 5 (actual rows=10 loops=1 time=");
    // The walk stopped after offset + limit entries.
    assertThat(lines.get(2))
        .startsWith("    PrimaryKeyScan t reverse columns=[id, b] (actual rows=15 loops=1 time=");
    var withParameter = column(db, "explain analyze select id from t where a in (?, ?)", 7, 3);
    long expected = rows.stream().filter(r -> r.a() != null && (r.a() == 7 || r.a() == 3)).count();
    assertThat(withParameter.get(1))
        .contains("IndexRangeScan t using t_a = (?1) or = (?2)")
        .contains("(actual rows=" + expected + " loops=1");
    // A correlated subquery's nodes run once per enclosing row.
    var correlated =
        column(
            db,
            "explain analyze select id from t o where o.id <= 3 and exists (select 1 from t i where i.id = o.c)");
    long found =
        rows.stream()
            .filter(r -> r.id() <= 3 && r.c() != null && r.c() >= 1 && r.c() <= ROWS)
            .count();
    assertThat(String.join("\n", correlated))
        .contains("PrimaryKeyLookup t i = (outer.c) columns=[] (actual rows=" + found + " loops=3");
    assertThatThrownBy(() -> column(db, "explain verbose select id from t"))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("EXPLAIN option VERBOSE");
  }

  @Test
  void deletesAndUpdatesByInListTouchExactlyTheirRows() {
    db.execute("create table d (id int primary key, a int, v varchar)");
    db.execute("create index d_a on d (a)");
    for (int id = 1; id <= 200; id++) {
      db.execute("insert into d values (?, ?, ?)", id, id % 10, "v" + id);
    }
    db.execute("delete from d where id in (?, ?, ?, ?)", 5, 150, 5, 999);
    db.execute("update d set v = 'changed' where a in (3, 4)");
    var left = column(db, "select id from d order by id");
    assertThat(left).hasSize(198).doesNotContain("5", "150");
    var changed = column(db, "select id from d where v = 'changed' order by id");
    assertThat(changed)
        .isEqualTo(
            Stream.iterate(1, i -> i + 1)
                .limit(200)
                .filter(i -> i % 10 == 3 || i % 10 == 4)
                .filter(i -> i != 5 && i != 150)
                .map(String::valueOf)
                .toList());
    // An OR over two indexes (AnyOf) in UPDATE and DELETE: each row once.
    db.execute("create index d_v on d (v)");
    db.execute("update d set a = a + 100 where a = 7 or v = ?", "v18");
    assertThat(column(db, "select id from d where a >= 100 order by id"))
        .isEqualTo(
            Stream.iterate(1, i -> i + 1)
                .limit(200)
                .filter(i -> i % 10 == 7 || i == 18)
                .filter(i -> i != 5 && i != 150)
                .map(String::valueOf)
                .toList());
    db.execute("delete from d where a = 107 or v = 'changed'");
    assertThat(column(db, "select count(*) from d"))
        .containsExactly(String.valueOf(198 - 20 - changed.size()));
    db.execute("drop table d");
  }

  private static List<String> sorted(List<String> ids) {
    return ids.stream().sorted(Comparator.comparingInt(Integer::parseInt)).toList();
  }

  /** A LIKE pattern with escape {@code escape} as a Java regex over whole strings. */
  private static String toRegex(String pattern, char escape) {
    var sb = new StringBuilder("(?s)");
    for (int i = 0; i < pattern.length(); ) {
      int cp = pattern.codePointAt(i);
      i += Character.charCount(cp);
      if (cp == escape) {
        cp = pattern.codePointAt(i);
        i += Character.charCount(cp);
        sb.append(java.util.regex.Pattern.quote(Character.toString(cp)));
      } else if (cp == '%') {
        sb.append(".*");
      } else if (cp == '_') {
        sb.append(".");
      } else {
        sb.append(java.util.regex.Pattern.quote(Character.toString(cp)));
      }
    }
    return sb.toString();
  }
}
