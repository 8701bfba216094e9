package io.kitesql.slt;

import io.kitesql.slt.IndexPredicates.Col;
import io.kitesql.slt.IndexPredicates.TableInfo;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * Generates the query shapes an index-driven planner answers differently from a scan, over {@link
 * IndexDiffSchema}: rows filtered by equalities, IN lists, OR of equalities, ranges, prefix LIKE
 * and IN/EXISTS subqueries; ORDER BY over the columns of an index (forward or backward, after
 * equalities on its prefix) with LIMIT/OFFSET; keyset pages; MIN/MAX and COUNT(*) with and without
 * equalities on an index prefix; GROUP BY and DISTINCT over an indexed column; joins on keys.
 *
 * <p>Every ORDER BY ends with the table's primary key, so the order is total and results compare as
 * lists; without ORDER BY they compare as multisets (and there is no LIMIT). About a third of the
 * queries are prepared: their values are parameters, bound once or twice (the second time with
 * other values drawn the same way, through the same prepared statement). The constructs SQLite and
 * KiteSQL define differently stay out, as in {@link DiffQueryGenerator}: no text compared with a
 * number, no LIKE pattern ending in its escape character (KiteSQL refuses it as PostgreSQL does;
 * SQLite matches nothing), no parameter outside an INT column's range bound to an INT slot (KiteSQL
 * refuses the conversion). SQLite runs with {@code PRAGMA case_sensitive_like = ON}, as KiteSQL's
 * LIKE is.
 */
final class IndexQueryGenerator {

  /**
   * A generated query.
   *
   * @param sql the query
   * @param ordered whether its ORDER BY fixes the order of the rows (else compare as multisets)
   * @param parameterSets the parameter values of each execution through one prepared statement;
   *     empty for a query run once without parameters
   */
  record Query(String sql, boolean ordered, List<List<Object>> parameterSets) {}

  private final SplittableRandom random;
  private final IndexPredicates predicates;

  IndexQueryGenerator(SplittableRandom random, IndexDiffSchema schema) {
    this.random = random;
    this.predicates = new IndexPredicates(random, schema);
  }

  /** The next random query. */
  Query next() {
    predicates.reset(random.nextInt(3) == 0);
    var table = random.nextInt(3) > 0 ? IndexPredicates.P : IndexPredicates.Q;
    var built =
        switch (random.nextInt(20)) {
          case 0, 1, 2, 3, 4, 5, 6, 7 -> rows(table);
          case 8, 9 -> keyset(table);
          case 10, 11, 12, 13 -> minMaxCount(table);
          case 14, 15 -> grouped(table);
          case 16, 17 -> join();
          default -> semiJoin(table);
        };
    var sets = new ArrayList<List<Object>>();
    if (predicates.hasParameters()) {
      sets.add(predicates.parameters());
      if (random.nextBoolean()) {
        sets.add(predicates.redraw());
      }
    }
    return new Query(built.sql(), built.ordered(), List.copyOf(sets));
  }

  private record Built(String sql, boolean ordered) {}

  // ---- shapes ----

  /**
   * Rows of one table, maybe in the order of an index after equalities on its prefix, maybe paged.
   */
  private Built rows(TableInfo table) {
    var where = new ArrayList<String>();
    var order = random.nextInt(5) < 3 ? orderAfterPrefix(table, where) : List.<String>of();
    conditions(table, "o", where, random.nextInt(3));
    return select(table, projection(table), where, order);
  }

  /**
   * A keyset page: {@code c > ? OR (c = ? AND key > ?)} (or a row value) ORDER BY c, key LIMIT n.
   */
  private Built keyset(TableInfo table) {
    var order = table.orders().get(random.nextInt(table.orders().size()));
    var columns = new ArrayList<>(order);
    table.key().stream().filter(k -> !columns.contains(k)).forEach(columns::add);
    if (columns.size() > 2) { // a keyset over two columns: the index's first and the key
      columns.subList(1, columns.size() - 1).clear();
    }
    boolean desc = random.nextBoolean();
    if (columns.size() == 1) { // the key alone: the page after (or before) one key
      columns.add(columns.getFirst());
    }
    var first = table.col(columns.get(0));
    var second = table.col(columns.get(1));
    var where = new ArrayList<String>();
    var op = desc ? " < " : " > ";
    boolean prepared = random.nextBoolean();
    boolean rowValue = random.nextInt(3) == 0;
    Supplier<List<Object>> draw =
        () -> {
          var a = predicates.draw(table, first, prepared);
          var b = predicates.draw(table, second, prepared);
          return rowValue ? Arrays.asList(a, b) : Arrays.asList(a, a, b);
        };
    var v =
        prepared
            ? predicates.group(draw)
            : draw.get().stream().map(IndexDiffSchema::literal).toList();
    var c0 = "o." + first.name();
    var c1 = "o." + second.name();
    where.add(
        rowValue
            ? "(" + c0 + ", " + c1 + ")" + op + "(" + v.get(0) + ", " + v.get(1) + ")"
            : "(" + c0 + op + v.get(0) + " OR (" + c0 + " = " + v.get(1) + " AND " + c1 + op
                + v.get(2) + "))");
    conditions(table, "o", where, random.nextInt(3) == 0 ? 1 : 0);
    var dir = desc ? " DESC" : "";
    var sql =
        new StringBuilder("SELECT ")
            .append(projection(table))
            .append(" FROM ")
            .append(table.name())
            .append(" o");
    sql.append(" WHERE ").append(String.join(" AND ", where));
    sql.append(" ORDER BY ").append(c0).append(dir);
    if (!c1.equals(c0)) {
      sql.append(", ").append(c1).append(dir);
    }
    for (var key : table.key()) { // the rest of the primary key: the order is total
      if (!columns.contains(key)) {
        sql.append(", o.").append(key).append(dir);
      }
    }
    return new Built(sql.append(" LIMIT ").append(limitValue()).toString(), true);
  }

  /** MIN/MAX/COUNT of a column, maybe after equalities on the prefix of an index ending in it. */
  private Built minMaxCount(TableInfo table) {
    var order = table.orders().get(random.nextInt(table.orders().size()));
    var where = new ArrayList<String>();
    int prefix = random.nextInt(order.size());
    for (var column : order.subList(0, prefix)) {
      where.add("o." + column + " = " + predicates.value(table, table.col(column)));
    }
    var target = "o." + order.get(prefix);
    var items = new ArrayList<String>();
    for (int i = 0, n = 1 + random.nextInt(3); i < n; i++) {
      items.add(
          switch (random.nextInt(6)) {
            case 0, 1 -> "MIN(" + target + ")";
            case 2, 3 -> "MAX(" + target + ")";
            case 4 -> "COUNT(*)";
            default -> "COUNT(" + target + ")";
          });
    }
    conditions(table, "o", where, random.nextInt(3) == 0 ? 1 : 0);
    return select(table, String.join(", ", items), where, List.of());
  }

  /** GROUP BY or DISTINCT over an index's leading column, in its order. */
  private Built grouped(TableInfo table) {
    var order = table.orders().get(random.nextInt(table.orders().size()));
    var key = "o." + order.getFirst();
    var where = new ArrayList<String>();
    conditions(table, "o", where, random.nextInt(2));
    var dir = random.nextBoolean() ? " DESC" : "";
    String sql;
    if (random.nextBoolean()) {
      var other = "o." + table.cols().get(random.nextInt(table.cols().size())).name();
      sql =
          "SELECT "
              + key
              + ", COUNT(*), MIN("
              + other
              + "), MAX("
              + other
              + ") FROM "
              + table.name()
              + " o"
              + where(where)
              + " GROUP BY "
              + key
              + " ORDER BY "
              + key
              + dir;
    } else {
      sql =
          "SELECT DISTINCT "
              + key
              + " FROM "
              + table.name()
              + " o"
              + where(where)
              + " ORDER BY "
              + key
              + dir;
    }
    return new Built(sql + (random.nextBoolean() ? " LIMIT " + limitValue() : ""), true);
  }

  /** p joined with q on {@code q.pid = p.id} (or q.g = p.a), filters on both sides. */
  private Built join() {
    var kind = random.nextInt(3) == 0 ? " LEFT JOIN " : " JOIN ";
    var on = random.nextInt(3) > 0 ? "x.pid = o.id" : "x.g = o.a";
    var where = new ArrayList<String>();
    conditions(IndexPredicates.P, "o", where, 1 + random.nextInt(2));
    if (random.nextBoolean()) {
      where.add(predicates.condition(IndexPredicates.Q, "x", 1));
    }
    var sql = "SELECT o.id, o.a, x.g, x.h, x.v FROM p o" + kind + "q x ON " + on + where(where);
    if (random.nextBoolean()) {
      return new Built(sql, false);
    }
    var dir = random.nextBoolean() ? " DESC" : "";
    return new Built(sql + " ORDER BY o.id" + dir + ", x.g" + dir + ", x.h" + dir + limit(), true);
  }

  /** Rows of one table filtered by an IN subquery or EXISTS, maybe among other conditions. */
  private Built semiJoin(TableInfo table) {
    var where = new ArrayList<String>();
    where.add(
        random.nextBoolean()
            ? predicates.inSubquery(table, "o", 0)
            : predicates.exists(table, "o", 0));
    conditions(table, "o", where, random.nextInt(2));
    var order = random.nextBoolean() ? orderAfterPrefix(table, where) : List.<String>of();
    return select(table, projection(table), where, order);
  }

  // ---- pieces ----

  /**
   * ORDER BY keys an index could deliver: an index's columns after equalities (or, now and then, IN
   * lists, whose rows do not come in order) on its first ones, all ascending or all descending or
   * mixed, then the primary key; {@code where} receives the prefix conditions.
   */
  private List<String> orderAfterPrefix(TableInfo table, List<String> where) {
    var index = table.orders().get(random.nextInt(table.orders().size()));
    int prefix =
        index.size() > 1 && random.nextBoolean() ? 1 + random.nextInt(index.size() - 1) : 0;
    for (var column : index.subList(0, prefix)) {
      var col = table.col(column);
      where.add(
          random.nextInt(5) == 0
              ? predicates.inList(table, col, "o." + column)
              : "o." + column + " = " + predicates.value(table, col));
    }
    var columns =
        new ArrayList<String>(index.subList(random.nextInt(4) == 0 ? 0 : prefix, index.size()));
    table.key().stream().filter(k -> !columns.contains(k)).forEach(columns::add);
    int style = random.nextInt(6); // 0..2 ascending, 3..4 descending, 5 mixed
    var keys = new ArrayList<String>();
    for (var column : columns) {
      boolean desc = style == 5 ? random.nextBoolean() : style >= 3;
      var nulls =
          random.nextInt(8) == 0 ? (random.nextBoolean() ? " NULLS FIRST" : " NULLS LAST") : "";
      keys.add("o." + column + (desc ? " DESC" : "") + nulls);
    }
    return keys;
  }

  private void conditions(TableInfo table, String alias, List<String> where, int count) {
    for (int i = 0; i < count; i++) {
      where.add(
          random.nextInt(8) == 0
              ? "("
                  + predicates.condition(table, alias, 0)
                  + " OR "
                  + predicates.condition(table, alias, 0)
                  + ")"
              : predicates.condition(table, alias, 0));
    }
  }

  private Built select(TableInfo table, String items, List<String> where, List<String> order) {
    var sql = "SELECT " + items + " FROM " + table.name() + " o" + where(where);
    if (order.isEmpty()) {
      return new Built(sql, false);
    }
    return new Built(
        sql + " ORDER BY " + String.join(", ", order) + (random.nextInt(3) > 0 ? limit() : ""),
        true);
  }

  private static String where(List<String> conditions) {
    return conditions.isEmpty() ? "" : " WHERE " + String.join(" AND ", conditions);
  }

  private String limit() {
    var sql = " LIMIT " + limitValue();
    if (random.nextInt(3) == 0) {
      int offset = random.nextInt(6) == 0 ? 200 + random.nextInt(3000) : random.nextInt(30);
      sql +=
          " OFFSET "
              + (random.nextInt(3) == 0 ? predicates.slot(() -> offset) : Integer.toString(offset));
    }
    return sql;
  }

  private String limitValue() {
    int limit =
        random.nextInt(10) == 0
            ? 0
            : random.nextInt(4) == 0 ? 1 : 1 + random.nextInt(random.nextBoolean() ? 5 : 60);
    return random.nextInt(4) == 0 ? predicates.slot(() -> limit) : Integer.toString(limit);
  }

  private String projection(TableInfo table) {
    var items = new ArrayList<String>();
    for (Col col : table.cols()) {
      if (random.nextInt(3) > 0) {
        items.add("o." + col.name());
      }
    }
    return items.isEmpty() ? "o." + table.key().getFirst() : String.join(", ", items);
  }
}
