/**
 * The {@link io.kitesql.boot.test.autoconfigure.DataKiteSqlTest @DataKiteSqlTest} test slice:
 * KiteSQL repositories, template and transaction manager on a fresh database in a temporary
 * directory, each test in a transaction rolled back at its end.
 *
 * <p>May depend on the starter's {@code io.kitesql.boot.autoconfigure}, kitesql-core's API, Spring
 * Boot's test and test-autoconfigure modules and JUnit Jupiter's API; nothing depends on it.
 */
@NullMarked
package io.kitesql.boot.test.autoconfigure;

import org.jspecify.annotations.NullMarked;
