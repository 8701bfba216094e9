package io.kitesql.data.repository.query;

import io.kitesql.data.mapping.EntityMapping;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Sort;

/**
 * ORDER BY clauses from Spring Data {@link Sort}s, by the entity's column names (never raw user
 * text).
 */
public final class SortSql {
  private SortSql() {}

  /** {@code " order by ..."}, or the empty string for an unsorted {@code sort}. */
  public static String orderBy(Sort sort, EntityMapping<?> mapping) {
    if (sort.isUnsorted()) {
      return "";
    }
    var sql = new StringBuilder(" order by ");
    boolean first = true;
    for (var order : sort) {
      var column =
          mapping
              .column(order.getProperty())
              .orElseThrow(
                  () ->
                      new InvalidDataAccessApiUsageException(
                          "cannot sort by "
                              + order.getProperty()
                              + ": no such property in "
                              + mapping.type().getName()));
      sql.append(first ? "" : ", ")
          .append(order.isIgnoreCase() ? "upper(" + column.sql() + ")" : column.sql());
      sql.append(order.isAscending() ? " asc" : " desc");
      switch (order.getNullHandling()) {
        case NULLS_FIRST -> sql.append(" nulls first");
        case NULLS_LAST -> sql.append(" nulls last");
        case NATIVE -> {}
      }
      first = false;
    }
    return sql.toString();
  }
}
