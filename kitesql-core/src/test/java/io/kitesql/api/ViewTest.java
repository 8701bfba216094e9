package io.kitesql.api;

import static io.kitesql.testing.Failures.assertFails;
import static io.kitesql.testing.QueryRows.column;
import static io.kitesql.testing.QueryRows.lists;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.ErrorCode;
import io.kitesql.storage.MappedRegions;
import io.kitesql.testing.Databases;
import io.kitesql.testing.TempDatabase;
import io.kitesql.value.DataType;
import io.kitesql.value.Text;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Views through the API: they persist, keep their columns, are re-planned with the statements that
 * use them, let filters reach the tables' indexes, lend their text from the map, and every refusal
 * has its code and names what is wrong. Query semantics are cross-checked against SQLite in {@code
 * slt/views.slt}.
 */
class ViewTest {
  @TempDatabase Database db;

  private static void load(Database db) {
    db.execute(
        "create table emp (id int primary key, name varchar(10), dept varchar(10), salary int)");
    db.execute("create index emp_dept on emp (dept)");
    db.execute(
        "insert into emp values (1, 'ann', 'eng', 100), (2, 'bob', 'eng', 80), (3, 'cid', 'ops', 70)");
  }

  @Test
  void viewsAndTheirColumnsSurviveReopening() {
    load(db);
    db.execute("create view eng (who, pay) as select name, salary from emp where dept = 'eng'");
    db.execute("create view eng_rich as select who from eng where pay >= 100");
    db = Databases.reopen(db);
    assertThat(db.catalog().views()).extracting(v -> v.name()).containsExactly("eng", "eng_rich");
    assertThat(column(db, "select who from eng order by pay")).containsExactly("bob", "ann");
    assertThat(column(db, "select who from eng_rich")).containsExactly("ann");
    var columns = db.prepare("select * from eng").columns();
    assertThat(columns)
        .containsExactly(
            new ResultColumn("who", DataType.varchar(10)), new ResultColumn("pay", DataType.INT));
    // the dependency is stored too: the table still cannot be dropped
    assertFails(
        () -> db.execute("drop table emp"),
        ErrorCode.DEPENDENT_OBJECTS_EXIST,
        "table emp",
        "view eng");
  }

  @Test
  void refusalsNameTheViewAndChangeNothing() {
    load(db);
    db.execute("create view eng as select id, name from emp where dept = 'eng'");
    db.execute("create view eng_names as select name from eng");
    var before = db.catalog();
    assertFails(
        () -> db.execute("insert into eng values (9, 'zed')"),
        ErrorCode.UNSUPPORTED_FEATURE,
        "INSERT into view eng",
        "read-only");
    assertFails(
        () -> db.execute("update eng set name = 'x'"),
        ErrorCode.UNSUPPORTED_FEATURE,
        "UPDATE of view eng");
    assertFails(
        () -> db.execute("delete from eng where id = 1"),
        ErrorCode.UNSUPPORTED_FEATURE,
        "DELETE from view eng");
    assertFails(
        () -> db.execute("drop table emp"),
        ErrorCode.DEPENDENT_OBJECTS_EXIST,
        "cannot drop table emp",
        "view eng depends");
    assertFails(
        () -> db.execute("drop view eng"),
        ErrorCode.DEPENDENT_OBJECTS_EXIST,
        "cannot drop view eng",
        "view eng_names depends");
    assertFails(
        () -> db.execute("drop table eng"),
        ErrorCode.WRONG_OBJECT_TYPE,
        "eng is a view",
        "DROP VIEW");
    assertFails(
        () -> db.execute("drop view eng_names, eng"),
        ErrorCode.UNSUPPORTED_FEATURE,
        "DROP VIEW of several views");
    assertFails(
        () -> db.execute("drop view eng_names cascade"), ErrorCode.UNSUPPORTED_FEATURE, "cascade");
    assertFails(
        () -> db.execute("drop table emp, emp"),
        ErrorCode.UNSUPPORTED_FEATURE,
        "DROP TABLE of several objects");
    assertFails(
        () -> db.execute("drop table if exists eng"), ErrorCode.WRONG_OBJECT_TYPE, "eng is a view");
    assertFails(
        () -> db.execute("drop view emp"),
        ErrorCode.WRONG_OBJECT_TYPE,
        "emp is a table",
        "DROP TABLE");
    assertFails(
        () -> db.execute("create index eng_name on eng (name)"),
        ErrorCode.WRONG_OBJECT_TYPE,
        "eng is a view");
    assertFails(
        () -> db.execute("alter table eng add column x int"),
        ErrorCode.WRONG_OBJECT_TYPE,
        "eng is a view");
    assertFails(
        () -> db.execute("create view emp as select 1 as x"),
        ErrorCode.CATALOG_CONFLICT,
        "table emp already exists");
    assertFails(
        () -> db.execute("create table eng (x int)"),
        ErrorCode.CATALOG_CONFLICT,
        "view named eng already exists");
    assertFails(
        () -> db.execute("create view eng as select 1 as x"),
        ErrorCode.CATALOG_CONFLICT,
        "view eng already exists");
    assertFails(
        () -> db.execute("create view p as select name from emp where id = ?"),
        ErrorCode.SYNTAX_ERROR,
        "view p",
        "parameters");
    assertFails(
        () -> db.execute("create view d as select id, id from emp"),
        ErrorCode.CATALOG_CONFLICT,
        "column id appears twice");
    assertFails(
        () -> db.execute("create view d (a, b, c) as select id, name from emp"),
        ErrorCode.UNKNOWN_COLUMN,
        "3 names");
    assertFails(
        () -> db.execute("create view d as select nope from emp"),
        ErrorCode.UNKNOWN_COLUMN,
        "nope");
    assertFails(
        () -> db.execute("create materialized view m as select id from emp"),
        ErrorCode.UNSUPPORTED_FEATURE,
        "MATERIALIZED VIEW");
    assertFails(
        () -> db.execute("create temporary view m as select id from emp"),
        ErrorCode.UNSUPPORTED_FEATURE,
        "VIEW");
    assertFails(
        () -> db.execute("create or replace view eng as select name, id from emp"),
        ErrorCode.CATALOG_CONFLICT,
        "cannot change column 1 from id INT to name");
    assertFails(
        () -> db.execute("create or replace view eng as select id from emp"),
        ErrorCode.CATALOG_CONFLICT,
        "cannot drop columns");
    assertFails(
        () -> db.execute("create or replace view eng as select id, name from eng_names"),
        ErrorCode.UNKNOWN_COLUMN,
        "id");
    assertFails(
        () ->
            db.execute(
                "create or replace view eng as select e.id, e.name from emp e join eng_names n on n.name = e.name"),
        ErrorCode.CATALOG_CONFLICT,
        "view eng would read itself");
    db.execute(
        "create table if not exists eng (x int)"); // a relation of that name exists: nothing to
    // do
    db.execute("create view if not exists emp as select 1 as x");
    assertThat(db.catalog()).isSameAs(before);
    assertThat(column(db, "select name from eng_names order by name"))
        .containsExactly("ann", "bob");
    assertThat(column(db, "select count(*) from emp")).containsExactly("3");
  }

  /**
   * A view stores its query as JSqlParser prints it: for every construct below the view must give
   * exactly the rows of its query run directly (same order where the query orders).
   */
  @Test
  void aViewGivesTheRowsOfItsQueryForEveryConstruct() {
    var queries =
        List.of(
            "select name || ' (' || coalesce(dept, '?') || ')' as label from emp where name like 'a%' escape '!'",
            "select 'it''s', - - salary, + - 3, cast(salary as decimal(10, 2)) / 3 as third from emp",
            "select case when salary > 90 then 'high' when salary > 75 then 'mid' else 'low' end as band, count(*) as n"
                + " from emp group by 1 having count(*) >= 1 order by band",
            "select name, rank() over (partition by dept order by salary desc) as r,"
                + " sum(salary) over w as running from emp window w as (order by id rows between unbounded preceding and current row)",
            "select name from emp where id in (select id from emp where salary between 75 and 100) and not exists"
                + " (select 1 from emp e2 where e2.salary > emp.salary and e2.dept = emp.dept)",
            "select date '2024-02-29' as d, timestamp '2024-02-29 10:11:12' as ts, true and not false as t",
            "select dept, max(salary) as m from emp group by dept order by dept nulls first fetch first 2 rows only",
            "with recursive n(i) as (select 1 union all select i + 1 from n where i < 5) select i, i * i as sq from n",
            "select id from emp intersect select id from emp where salary < 90 except select 3",
            "select e.name, f.name as other from emp e left join emp f on f.dept = e.dept and f.id <> e.id order by e.id, f.id",
            "select * from (values (1, 'one'), (2, 'two')) as t(num, word) order by num desc limit 1 offset 1",
            "select distinct dept from emp where dept is not null and salary is not null order by dept desc");
    load(db);
    for (int i = 0; i < queries.size(); i++) {
      var query = queries.get(i);
      db.execute("create view q" + i + " as " + query);
      assertThat(lists(db, "select * from q" + i))
          .as(query)
          .isEqualTo(lists(db, query))
          .isNotEmpty();
    }
  }

  @Test
  void ddlOnViewsIsTransactional() {
    load(db);
    try (var tx = db.beginWrite()) {
      tx.execute("create view v as select id from emp");
      try (var rows = tx.query("select count(*) from v")) {
        assertThat(rows.next()).isTrue();
        assertThat(rows.getLong(0)).isEqualTo(3);
      }
    } // rolled back
    assertThat(db.catalog().view("v")).isEmpty();
    db.execute("create view v as select id from emp");
    db.write(
        tx -> {
          tx.execute("drop view v");
          tx.execute("drop table emp");
          tx.rollback();
          return null;
        });
    assertThat(column(db, "select count(*) from v")).containsExactly("3");
  }

  @Test
  void preparedStatementsFollowAReplacedView() {
    load(db);
    db.execute("create view v as select name from emp where salary > 75");
    var statement = db.prepare("select * from v order by 1");
    List<String> before = db.read(tx -> column(tx.query(statement)));
    assertThat(before).containsExactly("ann", "bob");
    db.execute("create or replace view v as select name, dept from emp where salary < 75");
    assertThat(statement.columns()).extracting(ResultColumn::name).containsExactly("name", "dept");
    List<String> after = db.read(tx -> column(tx.query(statement)));
    assertThat(after).containsExactly("cid");
    db.execute("drop view v");
    assertFails(() -> db.read(tx -> tx.query(statement)), ErrorCode.UNKNOWN_TABLE, "v");
  }

  @Test
  void columnsAddedToATableLaterStayOutOfTheView() {
    load(db);
    db.execute("create view everything as select * from emp");
    db.execute("create table note (k int, body varchar)");
    db.execute("insert into note values (1, 'x'), (2, 'y'), (3, 'z')");
    db.execute("create view pairs as select * from emp join note on note.k = emp.id");
    db.execute("alter table emp add column bonus int default 5");
    assertThat(db.prepare("select * from everything").columns())
        .extracting(ResultColumn::name)
        .containsExactly("id", "name", "dept", "salary");
    // in a join the new column would sit between the two tables' columns: still the old six
    assertThat(db.prepare("select * from pairs").columns())
        .extracting(ResultColumn::name)
        .containsExactly("id", "name", "dept", "salary", "k", "body");
    assertThat(column(db, "select body from pairs where name = 'bob'")).containsExactly("y");
    assertThat(column(db, "select count(*) from pairs")).containsExactly("3");
    assertThat(column(db, "select bonus from emp where id = 1")).containsExactly("5");
    assertFails(
        () -> db.prepare("select bonus from everything").columns(),
        ErrorCode.UNKNOWN_COLUMN,
        "bonus");
  }

  @Test
  void filtersOnAViewReachTheTablesIndexes() {
    load(db);
    db.execute("create view staff as select id, name, dept from emp");
    var plan = String.join("\n", column(db, "explain select name from staff where dept = 'ops'"));
    assertThat(plan).contains("IndexRangeScan emp using emp_dept = ('ops')");
    assertThat(column(db, "select name from staff where dept = 'ops'")).containsExactly("cid");
    var join =
        String.join(
            "\n",
            column(
                db, "explain select s.name from emp e join staff s on s.id = e.id where e.id = 2"));
    assertThat(join).contains("PrimaryKeyLookup");
    assertThat(column(db, "select s.name from emp e join staff s on s.id = e.id where e.id = 2"))
        .containsExactly("bob");
  }

  @Test
  void textFromAViewIsAViewOfTheMap() {
    load(db);
    db.execute("create view names as select name from emp where salary > 10");
    db.execute("create view sorted as select name from names order by name desc");
    var map = MappedRegions.of(db.dataFile());
    for (var sql :
        List.of(
            "select name from names",
            "select name from sorted",
            "select distinct name from sorted")) {
      try (var tx = db.beginRead();
          var rows = tx.query(sql)) {
        int n = 0;
        while (rows.next()) {
          var text = (Text) rows.get(0);
          assertThat(text.isBorrowed()).as(sql).isTrue();
          assertThat(map.contains(text.asReadOnlySegment().address(), text.utf8Length()))
              .as("%s: text lies in the LMDB map", sql)
              .isTrue();
          n++;
        }
        assertThat(n).as(sql).isEqualTo(3);
      }
    }
  }
}
