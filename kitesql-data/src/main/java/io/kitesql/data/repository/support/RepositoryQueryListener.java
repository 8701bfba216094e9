package io.kitesql.data.repository.support;

/**
 * Told about each query method when its repository is made (at start-up): its statement name and
 * the SQL it runs for its declared return type. Beans of this type are picked up by every KiteSQL
 * repository; the starter uses one to EXPLAIN each method and warn about full table scans.
 */
@FunctionalInterface
public interface RepositoryQueryListener {
  /**
   * @param statementName the name the method's statements carry ({@code
   *     OrderRepository.findByStatus})
   * @param sql its SQL, with one marker per In/NotIn collection
   */
  void queryCreated(String statementName, String sql);
}
