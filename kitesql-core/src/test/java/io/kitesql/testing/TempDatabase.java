package io.kitesql.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A fresh database for each test, in a temporary directory: put it on a {@code Database} field. It
 * is open before the test's {@code @BeforeEach} methods run, and closed (a failure to close, such
 * as a transaction left open, fails the test) and deleted after its {@code @AfterEach} methods ran.
 *
 * <pre>{@code
 * @TempDatabase Database db;
 * }</pre>
 */
@Target(ElementType.FIELD)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(TempDatabaseExtension.class)
public @interface TempDatabase {
  /** The LMDB map size, small enough that many tests can hold one at once. */
  long mapSize() default 64L << 20;
}
