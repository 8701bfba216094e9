package io.kitesql.optimize;

import io.kitesql.api.Database;
import io.kitesql.bind.BoundStatement;
import io.kitesql.bind.StatementBinder;
import io.kitesql.expr.Parameters;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.PlanPrinter;
import io.kitesql.sql.SqlParser;
import java.util.BitSet;
import java.util.List;

/** Plans bound from SQL against a real schema, for the tests of one optimizer rule each. */
final class RulePlans {
  private RulePlans() {}

  /**
   * A small schema: {@code t} with index {@code t_ac (a, c)}, {@code orders} with {@code orders_cs
   * (customer_id, status)}, {@code customers} (no index), {@code items} with a narrow index on
   * {@code category}.
   */
  static void schema(Database db) {
    db.execute(
        "create table t (id int primary key, a int, b int, c int, name varchar, note varchar)");
    db.execute("create index t_ac on t (a, c)");
    db.execute(
        "create table orders (id int primary key, customer_id int, status varchar, amount int)");
    db.execute("create index orders_cs on orders (customer_id, status)");
    db.execute("create table customers (id int primary key, name varchar)");
    db.execute(
        "create table items (id int primary key, category int, title varchar, body varchar)");
    db.execute("create index items_category on items (category)");
  }

  /** Every output column of {@code plan}: what a query's parent reads. */
  static BitSet allColumns(PlanNode plan) {
    var all = new BitSet();
    all.set(0, plan.output().size());
    return all;
  }

  /** The plan of query {@code sql} as the binder builds it, before any rule ran. */
  static PlanNode bound(Database db, String sql) {
    var bound = StatementBinder.bind(SqlParser.parse(sql), sql, db.catalog(), new Parameters());
    return ((BoundStatement.Query) bound).plan();
  }

  /** {@code plan} as EXPLAIN prints it: a line a node, children indented by two spaces. */
  static List<String> lines(PlanNode plan) {
    return PlanPrinter.lines(plan);
  }
}
