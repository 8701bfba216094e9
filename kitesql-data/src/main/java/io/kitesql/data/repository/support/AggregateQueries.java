package io.kitesql.data.repository.support;

import org.springframework.data.repository.query.QueryMethod;
import org.springframework.data.repository.query.parser.PartTree;

/**
 * What query methods of an aggregate root with {@code @MappedCollection}s cannot do, refused when
 * the repository is made.
 */
final class AggregateQueries {
  private AggregateQueries() {}

  /**
   * @throws IllegalArgumentException for a derived delete, or a Stream of the aggregate roots
   */
  static void check(QueryMethod method, boolean declared) {
    var domain = method.getEntityInformation().getJavaType();
    if (!declared && new PartTree(method.getName(), domain).isDelete()) {
      throw new IllegalArgumentException(
          "a derived delete of "
              + domain.getSimpleName()
              + ", an aggregate with @MappedCollection properties, is not supported (it would leave their rows behind);"
              + " delete the aggregates found by a query with deleteAll(...)");
    }
    if (method.isStreamQuery() && method.getReturnedObjectType().isAssignableFrom(domain)) {
      throw new IllegalArgumentException(
          "a Stream of "
              + domain.getSimpleName()
              + ", an aggregate with @MappedCollection properties, is not supported (its collections are read for all rows at once,"
              + " after them); return a List, Page or Slice");
    }
  }
}
