package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.testing.TempDatabase;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * ALL is an aggregate's default set quantifier ({@code count(all x)} is {@code count(x)}, not
 * {@code count(*)}), and every aggregate accepts it.
 */
class AggregateAllQuantifierTest {
  @TempDatabase Database db;

  @BeforeEach
  void setUp() {
    db.execute("create table t (x integer)");
    db.execute("insert into t values (1), (null), (3), (3)");
  }

  /** The single row's values as strings. */
  List<String> row(String sql) {
    return db.read(
        tx -> {
          var out = new ArrayList<String>();
          try (var rows = tx.query(sql)) {
            assertThat(rows.next()).isTrue();
            for (int i = 0; i < rows.columns().size(); i++) {
              out.add(String.valueOf(rows.get(i)));
            }
            assertThat(rows.next()).isFalse();
          }
          return out;
        });
  }

  @Test
  void countAllSkipsNulls() {
    assertThat(row("select count(all x), count(x), count(*) from t"))
        .containsExactly("3", "3", "4");
    assertThat(row("select count(all cast(null as integer))")).containsExactly("0");
  }

  @Test
  void everyAggregateAcceptsAllAsTheDefault() {
    var withAll = row("select sum(all x), min(all x), max(all x), avg(all x) from t");
    assertThat(withAll).isEqualTo(row("select sum(x), min(x), max(x), avg(x) from t"));
    assertThat(withAll.subList(0, 3)).containsExactly("7", "1", "3");
    assertThat(Double.parseDouble(withAll.get(3))).isCloseTo(7.0 / 3, offset(1e-12));
    assertThat(row("select sum(all x + 1), count(distinct x) from t")).containsExactly("10", "2");
  }

  @Test
  void allIsOnlyAQuantifierOfAggregateArguments() {
    assertThatThrownBy(() -> row("select count(all *) from t"))
        .isInstanceOf(KiteSqlException.class)
        .extracting(e -> ((KiteSqlException) e).errorCode())
        .isEqualTo(ErrorCode.SYNTAX_ERROR);
    assertThatThrownBy(() -> row("select abs(all x) from t"))
        .isInstanceOf(KiteSqlException.class)
        .extracting(e -> ((KiteSqlException) e).errorCode())
        .isEqualTo(ErrorCode.SYNTAX_ERROR);
  }
}
