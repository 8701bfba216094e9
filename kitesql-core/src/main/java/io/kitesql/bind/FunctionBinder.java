package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.expr.AggregateCall;
import io.kitesql.expr.AggregateFunction;
import io.kitesql.expr.ArithmeticOp;
import io.kitesql.expr.Expr;
import io.kitesql.expr.Exprs;
import io.kitesql.expr.ScalarFunction;
import io.kitesql.expr.Types;
import io.kitesql.value.DataType;
import io.kitesql.value.TypeKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.TrimFunction;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.NamedExpressionList;
import net.sf.jsqlparser.statement.select.AllColumns;

/**
 * Function calls: aggregates (COUNT, SUM, AVG, MIN, MAX; with FILTER too) and the scalar functions
 * of {@link ScalarFunction}, plus COALESCE, IFNULL, NULLIF and MOD. Aliases: SUBSTR = SUBSTRING;
 * LENGTH, CHARACTER_LENGTH = CHAR_LENGTH; LTRIM/RTRIM; INSTR(s, sub), STRPOS(s, sub) and
 * LOCATE(sub, s) are POSITION. Any other name is UNKNOWN_FUNCTION, as is a wrong argument count.
 */
final class FunctionBinder {
  private final ExpressionBinder b;

  FunctionBinder(ExpressionBinder binder) {
    this.b = binder;
  }

  Expr function(Function f) {
    rejectExtras(f);
    if (f.getMultipartName() != null && f.getMultipartName().size() > 1) {
      throw unknown(f.getName(), f);
    }
    String name = f.getName().toUpperCase(Locale.ROOT);
    AggregateFunction agg = aggregateNamed(name);
    if (agg != null) {
      return aggregate(agg, f);
    }
    if (f.isDistinct() || f.isAllColumns()) { // JSqlParser's isAllColumns() is the ALL quantifier
      throw new KiteSqlException(
          ErrorCode.SYNTAX_ERROR,
          (f.isDistinct() ? "DISTINCT" : "ALL") + " is only allowed in aggregate functions: " + f);
    }
    if (f.getNamedParameters() != null) {
      return named(name, f);
    }
    var args = new ArrayList<Expr>();
    if (f.getParameters() != null) {
      for (Expression e : f.getParameters()) {
        if (e instanceof AllColumns) {
          throw unknown(name + "(*)", f);
        }
        args.add(b.expr(e));
      }
    }
    return scalar(name, args, f);
  }

  private static void rejectExtras(Function f) {
    String extra =
        f.getKeep() != null
            ? "KEEP"
            : f.getOrderByElements() != null
                ? "ORDER BY in a function call"
                : f.getHavingClause() != null
                    ? "HAVING in a function call"
                    : f.getLimit() != null
                        ? "LIMIT in a function call"
                        : f.isIgnoreNulls() || f.getNullHandling() != null
                            ? "IGNORE/RESPECT NULLS"
                            : f.getAttribute() != null
                                ? "attribute access on a function result"
                                : f.isEscaped()
                                    ? "JDBC escape {fn ...}"
                                    : f.isUnique() ? "UNIQUE in a function call" : null;
    if (extra != null) {
      throw ExpressionBinder.unsupported(extra, f);
    }
  }

  /**
   * {@code agg(...) FILTER (WHERE condition)} without OVER: the aggregate of {@code CASE WHEN
   * condition THEN argument END} (of 1 for {@code COUNT(*)}). Every aggregate here skips NULLs, so
   * a row the condition does not make TRUE adds nothing, as the standard says.
   */
  Expr filtered(AnalyticExpression a) {
    String extra =
        a.isIgnoreNulls() || a.isIgnoreNullsOutside() || a.getNullHandling() != null
            ? "IGNORE/RESPECT NULLS"
            : a.getKeep() != null
                ? "KEEP"
                : a.isUnique()
                    ? "UNIQUE in a function call"
                    : a.getFuncOrderBy() != null
                            || a.getHavingClause() != null
                            || a.getLimit() != null
                        ? "ORDER BY/HAVING/LIMIT inside an aggregate's arguments"
                        : null;
    if (extra != null) {
      throw ExpressionBinder.unsupported(extra, a);
    }
    var agg = aggregateNamed(a.getName().toUpperCase(Locale.ROOT));
    if (agg == null) {
      throw new KiteSqlException(
          ErrorCode.SYNTAX_ERROR, "FILTER is only allowed in aggregate functions: " + a);
    }
    var call = new Function();
    call.setName(a.getName());
    if (a.getExpression() != null) {
      call.setParameters(new ExpressionList<>(a.getExpression()));
    }
    call.setDistinct(a.isDistinct());
    var bound = (AggregateCall) aggregate(agg, call);
    Expr condition =
        b.types().condition(b.aggregateArgument(a.getFilterExpression(), "FILTER"), "FILTER");
    Expr value =
        bound.isCountStar() ? new Expr.Literal(1L, DataType.BIGINT) : bound.args().getFirst();
    return new AggregateCall(
        agg, bound.distinct(), List.of(onlyWhen(condition, value)), bound.type());
  }

  /** {@code CASE WHEN condition THEN value END}: the value where a FILTER lets a row through. */
  static Expr onlyWhen(Expr condition, Expr value) {
    return new Expr.Case(
        List.of(new Expr.When(condition, value)),
        new Expr.Literal(null, value.type()),
        value.type());
  }

  private static AggregateFunction aggregateNamed(String upperCaseName) {
    return switch (upperCaseName) {
      case "COUNT" -> AggregateFunction.COUNT;
      case "SUM" -> AggregateFunction.SUM;
      case "AVG" -> AggregateFunction.AVG;
      case "MIN" -> AggregateFunction.MIN;
      case "MAX" -> AggregateFunction.MAX;
      default -> null;
    };
  }

  private Expr aggregate(AggregateFunction agg, Function f) {
    if (b.inAggregate()) {
      throw new KiteSqlException(
          ErrorCode.GROUPING_ERROR, "aggregate " + agg + " nested in another aggregate: " + f);
    }
    if (!b.clause().allowsAggregates()) {
      throw new KiteSqlException(
          ErrorCode.GROUPING_ERROR,
          "aggregate " + agg + " is not allowed in " + b.clause() + ": " + f);
    }
    var params = f.getParameters();
    // The star is an AllColumns argument. Function.isAllColumns() is not the star: it is the ALL
    // set quantifier (COUNT(ALL x)), the default, so it changes nothing but is refused beside *.
    boolean star = params != null && params.size() == 1 && params.getFirst() instanceof AllColumns;
    if (star) {
      if (agg != AggregateFunction.COUNT || f.isDistinct() || f.isAllColumns()) {
        String quantifier = f.isDistinct() ? "DISTINCT " : f.isAllColumns() ? "ALL " : "";
        throw new KiteSqlException(
            ErrorCode.SYNTAX_ERROR, agg + "(" + quantifier + "*) is not allowed: " + f);
      }
      return new AggregateCall(agg, false, List.of(), DataType.BIGINT);
    }
    if (params == null || params.size() != 1 || f.getNamedParameters() != null) {
      throw unknown(agg + " with " + (params == null ? 0 : params.size()) + " arguments", f);
    }
    Expr arg = b.aggregateArgument(params.getFirst(), agg.name());
    arg =
        switch (agg) {
          case SUM, AVG -> b.types().numeric(arg, DataType.BIGINT, agg.name());
          case MIN, MAX -> checkComparable(arg, agg);
          case COUNT -> arg;
        };
    return new AggregateCall(agg, f.isDistinct(), List.of(arg), agg.resultType(arg.type()));
  }

  private static Expr checkComparable(Expr arg, AggregateFunction agg) {
    // Every kind has an order (Coercions.compare), so MIN/MAX accept all of them.
    return arg;
  }

  /** SUBSTRING(s FROM a [FOR b]) and POSITION(a IN b), which JSqlParser gives as named lists. */
  private Expr named(String name, Function f) {
    NamedExpressionList<?> list = f.getNamedParameters();
    List<String> names =
        list.getNames().stream()
            .map(n -> n == null ? "" : n.trim().toUpperCase(Locale.ROOT))
            .toList();
    var args = new ArrayList<Expr>();
    for (Expression e : list) {
      args.add(b.expr(e));
    }
    boolean substring =
        (name.equals("SUBSTRING") || name.equals("SUBSTR"))
            && (names.equals(List.of("", "FROM")) || names.equals(List.of("", "FROM", "FOR")));
    if (substring) {
      return scalar("SUBSTRING", args, f);
    }
    if (name.equals("POSITION") && names.equals(List.of("", "IN"))) {
      return position(args.get(0), args.get(1));
    }
    throw ExpressionBinder.unsupported(name + " with keyword arguments " + names, f);
  }

  Expr trim(TrimFunction t) {
    Expression subject = t.isUsingFromKeyword() ? t.getFromExpression() : t.getExpression();
    Expression chars = t.isUsingFromKeyword() ? t.getExpression() : t.getFromExpression();
    ScalarFunction fn =
        t.getTrimSpecification() == null
            ? ScalarFunction.TRIM_BOTH
            : switch (t.getTrimSpecification()) {
              case LEADING -> ScalarFunction.TRIM_LEADING;
              case TRAILING -> ScalarFunction.TRIM_TRAILING;
              case BOTH -> ScalarFunction.TRIM_BOTH;
            };
    var args = new ArrayList<Expr>();
    args.add(b.expr(subject));
    if (chars != null) {
      args.add(b.expr(chars));
    }
    return trim(fn, args, t);
  }

  private Expr trim(ScalarFunction fn, List<Expr> args, Object sql) {
    arity(fn.name(), args, 1, 2, sql);
    Expr s = b.types().text(args.getFirst(), "TRIM");
    if (args.size() == 1) {
      return new Expr.FunctionCall(fn, List.of(s), s.type());
    }
    return new Expr.FunctionCall(fn, List.of(s, b.types().text(args.get(1), "TRIM")), s.type());
  }

  private Expr scalar(String name, List<Expr> a, Object sql) {
    return switch (name) {
      case "ABS" -> {
        arity(name, a, 1, 1, sql);
        Expr x = b.types().numeric(a.getFirst(), DataType.BIGINT, name);
        yield new Expr.FunctionCall(ScalarFunction.ABS, List.of(x), x.type());
      }
      case "ROUND" -> round(a, sql);
      case "MOD" -> {
        arity(name, a, 2, 2, sql);
        Expr l = b.types().adopt(a.get(0), a.get(1).type());
        Expr r = b.types().adopt(a.get(1), l.type());
        yield b.arithmetic(
            ArithmeticOp.MODULO,
            b.types().numeric(l, DataType.BIGINT, name),
            b.types().numeric(r, DataType.BIGINT, name));
      }
      case "UPPER", "UCASE", "LOWER", "LCASE" -> {
        arity(name, a, 1, 1, sql);
        Expr s = b.types().text(a.getFirst(), name);
        yield new Expr.FunctionCall(
            name.startsWith("U") ? ScalarFunction.UPPER : ScalarFunction.LOWER,
            List.of(s),
            s.type());
      }
      case "SUBSTRING", "SUBSTR" -> substring(a, sql);
      case "TRIM", "BTRIM" -> trim(ScalarFunction.TRIM_BOTH, a, sql);
      case "LTRIM" -> trim(ScalarFunction.TRIM_LEADING, a, sql);
      case "RTRIM" -> trim(ScalarFunction.TRIM_TRAILING, a, sql);
      case "POSITION", "LOCATE" -> {
        arity(name, a, 2, 2, sql);
        yield position(a.get(0), a.get(1));
      }
      case "INSTR", "STRPOS" -> {
        arity(name, a, 2, 2, sql);
        yield position(a.get(1), a.get(0));
      }
      case "REPLACE" -> {
        arity(name, a, 3, 3, sql);
        yield new Expr.FunctionCall(
            ScalarFunction.REPLACE,
            a.stream().map(x -> b.types().text(x, name)).toList(),
            DataType.VARCHAR);
      }
      case "CONCAT" -> {
        arity(name, a, 1, Integer.MAX_VALUE, sql);
        yield concat(a, ScalarFunction.CONCAT);
      }
      case "CHAR_LENGTH", "CHARACTER_LENGTH", "LENGTH", "LEN", "OCTET_LENGTH" -> {
        arity(name, a, 1, 1, sql);
        Expr s =
            b.types()
                .adoptPreferred(a.getFirst(), DataType.VARCHAR); // text, or bytes if given bytes
        if (!s.type().isVariableWidth()) {
          throw new KiteSqlException(
              ErrorCode.TYPE_MISMATCH,
              name + " needs text or binary, got " + s.type() + ": " + Exprs.toSql(s));
        }
        yield new Expr.FunctionCall(
            name.equals("OCTET_LENGTH") ? ScalarFunction.OCTET_LENGTH : ScalarFunction.CHAR_LENGTH,
            List.of(s),
            DataType.INT);
      }
      case "COALESCE", "IFNULL", "NVL" -> {
        arity(
            name,
            a,
            name.equals("COALESCE") ? 1 : 2,
            name.equals("COALESCE") ? Integer.MAX_VALUE : 2,
            sql);
        yield new Expr.Coalesce(b.types().unify(a, name), b.types().commonType(a, name));
      }
      case "NULLIF" -> {
        arity(name, a, 2, 2, sql);
        Expr[] lr = b.types().comparable(a.get(0), a.get(1), name);
        yield new Expr.NullIf(lr[0], lr[1]);
      }
      default -> throw unknown(name, sql);
    };
  }

  private Expr round(List<Expr> a, Object sql) {
    arity("ROUND", a, 1, 2, sql);
    Expr x = b.types().numeric(a.getFirst(), DataType.DOUBLE, "ROUND");
    var args = new ArrayList<Expr>(List.of(x));
    DataType t = x.type();
    if (a.size() == 2) {
      Expr digits = b.types().numeric(a.get(1), DataType.INT, "ROUND digits");
      if (!Types.isInteger(digits.type())) {
        throw new KiteSqlException(
            ErrorCode.TYPE_MISMATCH, "ROUND digits must be an integer, got " + digits.type());
      }
      args.add(digits);
    }
    if (t.kind() == TypeKind.DECIMAL) {
      // The result scale is the digits asked for (when constant), never more than the input's.
      int scale =
          a.size() == 1
              ? 0
              : args.get(1) instanceof Expr.Literal l && l.value() instanceof Number n
                  ? Math.clamp(n.longValue(), 0, t.scale())
                  : t.scale();
      t = Types.decimal(t.precision() - t.scale() + 1, scale);
    }
    return new Expr.FunctionCall(ScalarFunction.ROUND, args, t);
  }

  private Expr substring(List<Expr> a, Object sql) {
    arity("SUBSTRING", a, 2, 3, sql);
    Expr s = b.types().text(a.getFirst(), "SUBSTRING");
    var args = new ArrayList<Expr>(List.of(s));
    for (Expr x : a.subList(1, a.size())) {
      Expr n = b.types().numeric(x, DataType.INT, "SUBSTRING");
      if (!Types.isInteger(n.type())) {
        throw new KiteSqlException(
            ErrorCode.TYPE_MISMATCH, "SUBSTRING positions must be integers, got " + n.type());
      }
      args.add(n);
    }
    return new Expr.FunctionCall(ScalarFunction.SUBSTRING, args, s.type());
  }

  private Expr position(Expr needle, Expr haystack) {
    return new Expr.FunctionCall(
        ScalarFunction.POSITION,
        List.of(b.types().text(needle, "POSITION"), b.types().text(haystack, "POSITION")),
        DataType.INT);
  }

  /** {@code ||} or CONCAT: untyped operands are VARCHAR; binary operands are refused. */
  Expr concat(List<Expr> args, ScalarFunction fn) {
    var typed = new ArrayList<Expr>();
    for (Expr x : args) {
      Expr t = b.types().adopt(x, DataType.VARCHAR);
      if (t.type().kind() == TypeKind.VARBINARY) {
        throw new KiteSqlException(
            ErrorCode.TYPE_MISMATCH, "cannot concatenate " + t.type() + ": " + Exprs.toSql(t));
      }
      typed.add(t);
    }
    return new Expr.FunctionCall(fn, typed, DataType.VARCHAR);
  }

  private static void arity(String name, List<Expr> a, int min, int max, Object sql) {
    if (a.size() < min || a.size() > max) {
      throw new KiteSqlException(
          ErrorCode.UNKNOWN_FUNCTION,
          "function " + name + " does not take " + a.size() + " arguments: " + sql);
    }
  }

  private static KiteSqlException unknown(String name, Object sql) {
    return new KiteSqlException(
        ErrorCode.UNKNOWN_FUNCTION, "unknown function " + name + ": " + sql);
  }
}
