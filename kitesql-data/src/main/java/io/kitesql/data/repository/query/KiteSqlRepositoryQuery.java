package io.kitesql.data.repository.query;

import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.mapping.EntityMapping;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.data.repository.query.QueryMethod;
import org.springframework.data.repository.query.RepositoryQuery;

/**
 * What both kinds of KiteSQL query method share: the statement name metrics know the method by, the
 * SQL it runs (to show, log or EXPLAIN), and how counts and single results come back.
 */
public abstract sealed class KiteSqlRepositoryQuery implements RepositoryQuery
    permits PartTreeKiteSqlQuery, DeclaredKiteSqlQuery {
  final String name;
  final QueryMethod method;
  final KiteSqlTemplate template;
  final EntityMapping<?> mapping;

  KiteSqlRepositoryQuery(
      String name, QueryMethod method, KiteSqlTemplate template, EntityMapping<?> mapping) {
    this.name = name;
    this.method = method;
    this.template = template;
    this.mapping = mapping;
  }

  /** The name metrics know this method's statements by: {@code OrderRepository.findByStatus}. */
  public String name() {
    return name;
  }

  /** The SQL this method runs for its declared return type (one marker per In/NotIn collection). */
  public abstract String sql();

  @Override
  public QueryMethod getQueryMethod() {
    return method;
  }

  /**
   * A row count as the method declares it: {@code int}, {@code long}, their boxes, or nothing for
   * {@code void}.
   */
  @Nullable Object count(long rows) {
    var type = method.getReturnedObjectType();
    if (type == void.class || type == Void.class) {
      return null;
    }
    return type == int.class || type == Integer.class
        ? (Object) Math.toIntExact(rows)
        : (Object) rows;
  }

  /**
   * The one row of a single-result method (read with a limit of two), or null; two rows are an
   * error.
   */
  <T> @Nullable T single(List<T> rows) {
    if (rows.size() > 1) {
      throw new IncorrectResultSizeDataAccessException(
          method.getName() + " returned more than one row", 1);
    }
    return rows.isEmpty() ? null : rows.getFirst();
  }
}
