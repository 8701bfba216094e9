package io.kitesql.boot.test.autoconfigure;

import java.util.Set;
import org.springframework.boot.test.context.filter.annotation.StandardAnnotationCustomizableTypeExcludeFilter;

/**
 * The component scan of a {@link DataKiteSqlTest}: nothing by default, then its include and exclude
 * filters.
 */
final class DataKiteSqlTypeExcludeFilter
    extends StandardAnnotationCustomizableTypeExcludeFilter<DataKiteSqlTest> {

  DataKiteSqlTypeExcludeFilter(Class<?> testClass) {
    super(testClass);
  }

  @Override
  protected Set<Class<?>> getKnownIncludes() {
    return Set.of();
  }
}
