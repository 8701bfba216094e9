package io.kitesql.testing;

import io.kitesql.options.Durability;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A fresh database for each test, in a temporary directory: put it on a {@code Database} field (or
 * a test method's parameter, for a second database). It is open before the test's
 * {@code @BeforeEach} methods run, and closed (a failure to close, such as a transaction left open,
 * fails the test) and deleted after its {@code @AfterEach} methods ran. A test may put a database
 * it reopened ({@link Databases#reopen}) into the field; the one the field holds at the end is
 * closed.
 *
 * <pre>{@code
 * @TempDatabase Database db;
 * @TempDatabase(mapSize = 1L << 30) Database large;
 * }</pre>
 */
@Target({ElementType.FIELD, ElementType.PARAMETER})
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(TempDatabaseExtension.class)
public @interface TempDatabase {
  /** The LMDB map size, small enough that many tests can hold one at once. */
  long mapSize() default 64L << 20;

  /**
   * How hard a commit works to reach the disk; {@code NO_SYNC} for tests that write much and check
   * logic, not durability.
   */
  Durability durability() default Durability.SYNC;
}
