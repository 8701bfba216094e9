package io.kitesql.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.jdbc.BadSqlGrammarException;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * SQLSTATEs from the engine's error codes, checked the way applications see them: through Spring's
 * JdbcTemplate, whose generic translators pick the DataAccessException subclass.
 */
class SqlStateTest {
  @TempDir Path dir;
  private KiteSqlDataSource dataSource;
  private JdbcTemplate jdbc;

  @BeforeEach
  void open() {
    dataSource = new KiteSqlDataSource("jdbc:kitesql:" + dir + "?mapSize=16MB&writerWait=200ms");
    jdbc = new JdbcTemplate(dataSource);
    jdbc.execute("create table t (id int primary key, name varchar not null)");
    jdbc.update("insert into t values (1, 'one')");
  }

  @AfterEach
  void close() throws SQLException {
    dataSource.close();
  }

  @Test
  void constraintViolations() {
    assertTranslated(
        () -> jdbc.update("insert into t values (1, 'again')"),
        DuplicateKeyException.class,
        "23505",
        4009);
    assertTranslated(
        () -> jdbc.update("insert into t values (2, null)"),
        DataIntegrityViolationException.class,
        "23502",
        4010);
    assertTranslated(
        () -> jdbc.queryForObject("select 1 / 0", Integer.class),
        DataIntegrityViolationException.class,
        "22012",
        4011);
    assertThat(jdbc.queryForObject("select count(*) from t", Long.class)).isEqualTo(1);
  }

  @Test
  void badGrammar() {
    assertTranslated(
        () -> jdbc.queryForList("select * from nope"), BadSqlGrammarException.class, "42P01", 4002);
    assertTranslated(
        () -> jdbc.queryForList("select nope from t"), BadSqlGrammarException.class, "42703", 4003);
    assertTranslated(
        () -> jdbc.queryForList("selec id from t"), BadSqlGrammarException.class, "42601", 4001);
    // class 0A, but not the 0A000 a connection pool takes for a broken connection
    assertTranslated(
        () -> jdbc.queryForList("select * from t for read only"),
        InvalidDataAccessApiUsageException.class,
        "0AK01",
        4008);
  }

  @Test
  void aStatementPastItsTimeout() {
    jdbc.update(
        "insert into t select n, 'n' from (with recursive r(n) as (select 2 union all select n + 1 from r where n < 1000) select n from r) s");
    jdbc.setQueryTimeout(1);
    assertTranslated(
        () -> jdbc.queryForObject("select count(*) from t a, t b, t c, t d", Long.class),
        QueryTimeoutException.class,
        "57014",
        1032);
  }

  @Test
  void aWriteLockNotObtainedInTimeIsAConcurrencyFailure() throws Exception {
    try (var holder = DriverManager.getConnection("jdbc:kitesql:" + dir);
        var threads = Executors.newSingleThreadExecutor()) {
      holder.setAutoCommit(false);
      holder.createStatement().executeUpdate("insert into t values (2, 'two')");
      var failure =
          threads
              .submit(
                  () -> {
                    try {
                      jdbc.update("insert into t values (3, 'three')");
                      return null;
                    } catch (DataAccessException e) {
                      return e;
                    }
                  })
              .get();
      assertThat(failure).isInstanceOf(PessimisticLockingFailureException.class);
      var cause = (SQLException) failure.getCause();
      assertThat(cause.getSQLState()).isEqualTo("55P03");
      assertThat(cause.getErrorCode()).isEqualTo(1003);
      holder.rollback();
    }
  }

  private static void assertTranslated(
      Runnable call,
      Class<? extends DataAccessException> expected,
      String sqlState,
      int vendorCode) {
    assertThatThrownBy(call::run)
        .isInstanceOf(expected)
        .satisfies(
            e -> {
              var cause = (SQLException) e.getCause();
              assertThat(cause.getSQLState()).isEqualTo(sqlState);
              assertThat(cause.getErrorCode()).isEqualTo(vendorCode);
            });
  }
}
