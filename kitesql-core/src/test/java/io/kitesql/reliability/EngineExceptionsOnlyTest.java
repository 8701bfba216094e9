package io.kitesql.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.api.PreparedStatement;
import io.kitesql.api.ReadOnlyTransaction;
import io.kitesql.api.ReadWriteTransaction;
import io.kitesql.api.RowCursor;
import io.kitesql.testing.TempDatabase;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * No call through the public API lets a non-engine exception escape: what used to throw
 * IllegalArgumentException, ArithmeticException or NullPointerException now throws {@link
 * KiteSqlException} with a fitting code. The sweep calls every public method of the API types with
 * null for each reference argument: it must return or throw KiteSqlException (or
 * IllegalStateException for a closed resource), never anything else.
 */
class EngineExceptionsOnlyTest {
  @TempDatabase Database db;

  @BeforeEach
  void load() {
    db.execute("create table t (id int primary key, big bigint, x double, d decimal(10, 2))");
    db.execute("insert into t values (1, 5000000000, 1.5, 2.25)");
  }

  @Test
  void sqlThatUsedToThrowJavaExceptions() {
    assertCode(() -> query(db, "select id from t where id in ()"), ErrorCode.SYNTAX_ERROR);
    assertCode(() -> query(db, "select id from t where id not in ()"), ErrorCode.SYNTAX_ERROR);
    assertCode(() -> db.execute("create table \"\" (a int)"), ErrorCode.SYNTAX_ERROR);
    assertCode(() -> db.execute("create table u (\"\" int)"), ErrorCode.SYNTAX_ERROR);
    assertCode(() -> db.execute("create index \"\" on t (big)"), ErrorCode.SYNTAX_ERROR);
    for (var digits :
        List.of("2147483648", "-2147483648", "2147483647", "-2147483647", "9223372036854775807")) {
      for (var column : List.of("id", "big", "x", "d")) {
        var sql = "select round(" + column + ", " + digits + ") from t";
        try {
          query(db, sql);
        } catch (KiteSqlException e) {
          assertThat(e.errorCode())
              .as(sql)
              .isIn(ErrorCode.VALUE_OUT_OF_RANGE, ErrorCode.INVALID_VALUE, ErrorCode.TYPE_MISMATCH);
        }
      }
    }
    assertThat(db.catalog().tables()).hasSize(1);
  }

  @Test
  void getIntOfABigintBeyondIntRange() {
    db.read(
        tx -> {
          try (var rows = tx.query("select big, id from t")) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getLong(0)).isEqualTo(5_000_000_000L);
            assertThat(rows.getInt(1)).isEqualTo(1);
            assertCode(() -> rows.getInt(0), ErrorCode.VALUE_OUT_OF_RANGE);
          }
          return null;
        });
  }

  @Test
  void nullSqlAndNullArguments() {
    assertCode(() -> db.prepare(null), ErrorCode.INVALID_ARGUMENT);
    assertCode(() -> db.execute(null), ErrorCode.INVALID_ARGUMENT);
    assertCode(() -> db.execute(null, 1, 2), ErrorCode.INVALID_ARGUMENT);
    assertCode(() -> db.read(tx -> tx.query((String) null)), ErrorCode.INVALID_ARGUMENT);
    assertCode(() -> db.read(tx -> tx.query((PreparedStatement) null)), ErrorCode.INVALID_ARGUMENT);
    assertCode(() -> db.read(null), ErrorCode.INVALID_ARGUMENT);
    assertCode(() -> db.write(null), ErrorCode.INVALID_ARGUMENT);
    assertCode(() -> KiteSql.open(null), ErrorCode.INVALID_ARGUMENT);
    assertCode(
        () -> KiteSql.open(db.directory().resolve("other"), null), ErrorCode.INVALID_ARGUMENT);
    var named = db.prepare("select id from t where id = :id");
    assertCode(
        () -> db.read(tx -> tx.query(named, (Map<String, ?>) null)), ErrorCode.INVALID_ARGUMENT);
    List<Object[]> rows = query(db, "select id from t");
    assertThat(rows).hasSize(1);
  }

  /** Every public method of the API types, with null for every reference argument. */
  @Test
  void publicApiSweptWithNulls() throws Exception {
    var failures = new ArrayList<String>();
    sweep(db, Database.class, failures, Set.of("close", "beginRead", "beginWrite"));
    var statement = db.prepare("select id, big from t");
    sweep(statement, PreparedStatement.class, failures, Set.of());
    try (var tx = db.beginRead()) {
      sweep(tx, ReadOnlyTransaction.class, failures, Set.of("close"));
      try (var rows = tx.query(statement)) {
        rows.next();
        sweep(rows, RowCursor.class, failures, Set.of("close", "next", "toList"));
      }
    }
    try (var tx = db.beginWrite()) {
      sweep(tx, ReadWriteTransaction.class, failures, Set.of("close", "commit", "rollback"));
    }
    sweep(null, KiteSql.class, failures, Set.of());
    List<Object[]> rows = query(db, "select count(*) from t");
    assertThat(rows.getFirst()[0]).isEqualTo("1");
    assertThat(failures).isEmpty();
  }

  private static void sweep(
      Object target, Class<?> type, List<String> failures, Set<String> skipped) throws Exception {
    var methods =
        Arrays.stream(type.getMethods())
            .filter(m -> m.getDeclaringClass() != Object.class && !skipped.contains(m.getName()))
            .filter(m -> Modifier.isStatic(m.getModifiers()) == (target == null))
            .sorted(Comparator.comparing(Method::toString))
            .toList();
    for (var method : methods) {
      var args = new Object[method.getParameterCount()];
      var types = method.getParameterTypes();
      for (int i = 0; i < args.length; i++) {
        args[i] = nullOrZero(types[i]);
      }
      try {
        method.invoke(target, args);
      } catch (InvocationTargetException e) {
        var thrown = e.getCause();
        if (!(thrown instanceof KiteSqlException || thrown instanceof IllegalStateException)) {
          failures.add(method + " threw " + thrown);
        }
      }
    }
  }

  private static Object nullOrZero(Class<?> type) {
    if (!type.isPrimitive()) {
      return null;
    }
    if (type == boolean.class) {
      return false;
    }
    if (type == long.class) {
      return 0L;
    }
    if (type == double.class) {
      return 0.0;
    }
    return 0;
  }

  private static List<Object[]> query(Database db, String sql) {
    return db.read(
        tx -> {
          try (var rows = tx.query(sql)) {
            var out = new ArrayList<Object[]>();
            while (rows.next()) {
              out.add(new Object[] {String.valueOf(rows.get(0))});
            }
            return out;
          }
        });
  }

  private static void assertCode(ThrowingCallable call, ErrorCode code) {
    assertThatThrownBy(call)
        .isInstanceOfSatisfying(
            KiteSqlException.class, e -> assertThat(e.errorCode()).isEqualTo(code))
        .hasMessageNotContaining("null\n");
  }
}
