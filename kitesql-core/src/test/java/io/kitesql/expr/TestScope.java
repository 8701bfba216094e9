package io.kitesql.expr;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.bind.BindScope;
import io.kitesql.bind.Clause;
import io.kitesql.bind.ExpressionBinder;
import io.kitesql.value.DataType;
import io.kitesql.value.Text;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;

/**
 * A fake scope for tests: one table {@code t} with columns a INT = 7, b VARCHAR = 'Hello', c DOUBLE
 * = 2.5, d DECIMAL(10, 2) = 12.34, n INT = NULL, dt DATE = 2024-01-31, ts TIMESTAMP = 2024-01-31
 * 10:30, flag BOOLEAN = TRUE, "Mixed" INT = 1 (a quoted name), and bin VARBINARY = 0x0A0B.
 */
final class TestScope implements BindScope {
  static final List<String> NAMES =
      List.of("a", "b", "c", "d", "n", "dt", "ts", "flag", "Mixed", "bin");
  static final List<DataType> TYPES =
      List.of(
          DataType.INT,
          DataType.varchar(20),
          DataType.DOUBLE,
          DataType.decimal(10, 2),
          DataType.INT,
          DataType.DATE,
          DataType.TIMESTAMP,
          DataType.BOOLEAN,
          DataType.INT,
          DataType.VARBINARY);

  static Object[] row() {
    return new Object[] {
      7,
      Text.of("Hello"),
      2.5,
      new BigDecimal("12.34"),
      null,
      LocalDate.of(2024, 1, 31),
      LocalDateTime.of(2024, 1, 31, 10, 30),
      true,
      1,
      io.kitesql.value.Binary.of(new byte[] {10, 11})
    };
  }

  @Override
  public Expr resolveColumn(Name qualifier, Name column) {
    if (qualifier != null && !qualifier.matches("t")) {
      throw new KiteSqlException(ErrorCode.UNKNOWN_COLUMN, "no table " + qualifier);
    }
    for (int i = 0; i < NAMES.size(); i++) {
      if (column.matches(NAMES.get(i))) {
        return new Expr.Column(i, TYPES.get(i), NAMES.get(i));
      }
    }
    throw new KiteSqlException(ErrorCode.UNKNOWN_COLUMN, "unknown column " + column);
  }

  static net.sf.jsqlparser.expression.Expression parse(String sql) {
    try {
      return CCJSqlParserUtil.parseExpression(sql);
    } catch (JSQLParserException e) {
      throw new IllegalArgumentException(sql, e);
    }
  }

  static Expr bind(String sql) {
    return bind(sql, Clause.SELECT, new Parameters());
  }

  static Expr bind(String sql, Clause clause, Parameters params) {
    return new ExpressionBinder(new TestScope(), params).bind(parse(sql), clause);
  }

  /** Binds and evaluates {@code sql} over {@link #row()}; {@code params} are user values. */
  static Object eval(String sql, Object... params) {
    var p = new Parameters();
    Expr e = bind(sql, Clause.SELECT, p);
    return Evaluator.evaluate(e, row(), p.bind(params));
  }

  /** Like {@link #eval} but after constant folding, which must give the same result. */
  static Object evalFolded(String sql) {
    Expr e = Exprs.fold(bind(sql));
    return Evaluator.evaluate(e, row(), new Object[0]);
  }
}
