package io.kitesql.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.testing.TempDatabase;
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Decimals of extreme exponents given as parameters ({@code 1E+999999999} has one digit) cost what
 * an ordinary value costs: they are never written out or rescaled digit by digit. Each statement is
 * measured by the heap it allocates (rescaling {@code 1E+50000000} to two decimals builds a 20 MB
 * number; writing it out, 50 MB of text), planning included. Errors are the engine's own, with the
 * value abbreviated. The timeout only stops a regression from running for minutes; the assertions
 * do not depend on the machine's speed.
 */
class HugeDecimalParameterTest {
  private static final long MAX_BYTES = 4L << 20;
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  private static final List<BigDecimal> HUGE =
      List.of(
          new BigDecimal("1E+50000000"),
          new BigDecimal("-1E+99999999"),
          new BigDecimal("1E+999999999"),
          new BigDecimal("1E-99999999"),
          new BigDecimal("-1E-999999999"),
          new BigDecimal("123456789.123456789E+2000000000"));

  @TempDatabase Database db;

  @BeforeEach
  void open() {
    db.execute(
        "create table t (id int primary key, amount decimal(12,2), n int, b bigint, f double)");
    db.execute("create index t_amount on t (amount)");
    db.execute("insert into t values (1, 752.62, 1, 1, 1.5), (2, -3.00, -3, -3, -3.5)");
  }

  @Test
  void comparisonsWithHugeAndTinyDecimalsAnswerCheaplyAndExactly() {
    // the stored values of rows 1 and 2 per column
    var columns =
        java.util.Map.of(
            "amount",
            List.of("752.62", "-3.00"),
            "n",
            List.of("1", "-3"),
            "b",
            List.of("1", "-3"),
            "f",
            List.of("1.5", "-3.5"),
            "id",
            List.of("1", "2"));
    for (var value : HUGE) {
      for (var column : columns.entrySet()) {
        var less = new ArrayList<Long>();
        var greater = new ArrayList<Long>();
        for (int row = 1; row <= 2; row++) {
          (new BigDecimal(column.getValue().get(row - 1)).compareTo(value) < 0 ? less : greater)
              .add((long) row);
        }
        String name = column.getKey();
        assertThat(ids("select id from t where " + name + " < ? order by id", value))
            .as("%s < %s", name, value)
            .isEqualTo(less);
        assertThat(ids("select id from t where " + name + " > ? order by id", value))
            .as("%s > %s", name, value)
            .isEqualTo(greater);
        assertThat(ids("select id from t where " + name + " = ? order by id", value))
            .as("%s = %s", name, value)
            .isEmpty();
      }
    }
  }

  @Test
  void storingHugeDecimalsFailsWithTheEnginesErrorAndTinyOnesRoundToZero() {
    for (var column : List.of("amount", "n", "b")) {
      for (var value : HUGE) {
        var sql = "update t set " + column + " = ? where id = 1";
        for (Object given : List.of(value, value.toString())) { // a BigDecimal, and text to parse
          if (value.precision() - value.scale() > 0) {
            var error = failure(sql, given);
            assertThat(error).as("%s = %s", column, given).isInstanceOf(KiteSqlException.class);
            assertThat(((KiteSqlException) error).errorCode())
                .isEqualTo(ErrorCode.VALUE_OUT_OF_RANGE);
            assertThat(error.getMessage()).hasSizeLessThan(300);
          } else {
            assertThat(cheaply(() -> db.execute(sql, given))).isEqualTo(1L);
            assertThat(ids("select id from t where id = ? and " + column + " = 0", 1))
                .containsExactly(1L);
          }
        }
      }
    }
  }

  @Test
  void hugeDecimalsAsTextStayBounded() {
    for (var value : HUGE) {
      String text =
          cheaply(
              () ->
                  db.read(
                      tx -> {
                        try (var rows = tx.query("select cast(? as varchar)", value)) {
                          rows.next();
                          return rows.get(0).toString();
                        }
                      }));
      assertThat(new BigDecimal(text)).isEqualByComparingTo(value);
      assertThat(text).hasSizeLessThan(100);
    }
  }

  private List<Long> ids(String sql, Object param) {
    return cheaply(
        () ->
            db.read(
                tx -> {
                  var ids = new ArrayList<Long>();
                  try (var rows = tx.query(sql, param)) {
                    while (rows.next()) {
                      ids.add(rows.getLong(0));
                    }
                  }
                  return ids;
                }));
  }

  private Throwable failure(String sql, Object param) {
    return cheaply(() -> catchThrowable(() -> db.execute(sql, param)));
  }

  /** {@code work}'s result, after checking that it allocated at most {@link #MAX_BYTES}. */
  private static <T> T cheaply(Supplier<T> work) {
    return assertTimeoutPreemptively(
        Duration.ofSeconds(10),
        () -> {
          long before = THREADS.getCurrentThreadAllocatedBytes();
          T result = work.get();
          long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
          assertThat(allocated).as("bytes allocated").isLessThan(MAX_BYTES);
          return result;
        });
  }
}
