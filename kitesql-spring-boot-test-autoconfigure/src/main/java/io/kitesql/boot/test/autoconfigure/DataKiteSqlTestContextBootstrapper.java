package io.kitesql.boot.test.autoconfigure;

import org.springframework.boot.test.autoconfigure.TestSliceTestContextBootstrapper;

/** Reads {@link DataKiteSqlTest#properties()} into the test's environment, as Boot's slices do. */
final class DataKiteSqlTestContextBootstrapper
    extends TestSliceTestContextBootstrapper<DataKiteSqlTest> {}
