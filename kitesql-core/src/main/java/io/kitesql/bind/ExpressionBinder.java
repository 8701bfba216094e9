package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.expr.ArithmeticOp;
import io.kitesql.expr.Coercions;
import io.kitesql.expr.ComparisonOp;
import io.kitesql.expr.Expr;
import io.kitesql.expr.Exprs;
import io.kitesql.expr.Parameters;
import io.kitesql.expr.ScalarFunction;
import io.kitesql.expr.Types;
import io.kitesql.sql.ReservedWords;
import io.kitesql.value.DataType;
import io.kitesql.value.TypeKind;
import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.AnalyticType;
import net.sf.jsqlparser.expression.AnyComparisonExpression;
import net.sf.jsqlparser.expression.CaseExpression;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.JdbcNamedParameter;
import net.sf.jsqlparser.expression.JdbcParameter;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.TrimFunction;
import net.sf.jsqlparser.expression.WhenClause;
import net.sf.jsqlparser.expression.operators.arithmetic.Addition;
import net.sf.jsqlparser.expression.operators.arithmetic.Concat;
import net.sf.jsqlparser.expression.operators.arithmetic.Division;
import net.sf.jsqlparser.expression.operators.arithmetic.Modulo;
import net.sf.jsqlparser.expression.operators.arithmetic.Multiplication;
import net.sf.jsqlparser.expression.operators.arithmetic.Subtraction;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ExistsExpression;
import net.sf.jsqlparser.expression.operators.relational.GreaterThan;
import net.sf.jsqlparser.expression.operators.relational.GreaterThanEquals;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsBooleanExpression;
import net.sf.jsqlparser.expression.operators.relational.IsDistinctExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.IsUnknownExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.MinorThan;
import net.sf.jsqlparser.expression.operators.relational.MinorThanEquals;
import net.sf.jsqlparser.expression.operators.relational.NotEqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.Select;

/**
 * Binds JSqlParser expressions to typed {@link Expr} trees: resolves columns through a {@link
 * BindScope}, allocates parameter slots in {@link Parameters}, derives types ({@link Types}) and
 * rejects what the engine does not implement, naming it (UNSUPPORTED_FEATURE), never dropping it.
 *
 * <p>Identifiers reach the scope as {@link BindScope.Name}s: quotes stripped, with a flag that says
 * whether they were quoted (quoted names match exactly, unquoted ones case-insensitively).
 *
 * <p>Untyped operands (a NULL literal, a parameter not typed yet) take the type of the other
 * operand; two untyped arithmetic operands become BIGINT; untyped text-function arguments VARCHAR;
 * untyped conditions BOOLEAN. String literals compared with DATE or TIMESTAMP operands are
 * converted when binding (a bad one is INVALID_VALUE then). Text against a number is TYPE_MISMATCH.
 * The binder does not fold constants; call {@link Exprs#fold} on the result.
 *
 * <p>One binder serves one statement on one thread.
 */
public final class ExpressionBinder {
  private final BindScope scope;
  private final Parameters params;
  private final FunctionBinder functions;
  private final WindowBinder windows;
  private final PredicateBinder predicates = new PredicateBinder(this);

  private final OperandTypes types;

  private Clause clause = Clause.SELECT;
  private boolean inAggregate;
  private SubqueryBinder subqueries;

  /** A binder resolving columns in {@code scope} and collecting parameters into {@code params}. */
  public ExpressionBinder(BindScope scope, Parameters params) {
    this.scope = scope;
    this.params = params;
    this.types = new OperandTypes(params);
    this.functions = new FunctionBinder(this);
    this.windows = new WindowBinder(this);
  }

  /** Declares the named windows ({@code WINDOW w AS (...)}) that {@code OVER w} refers to. */
  public void namedWindows(List<net.sf.jsqlparser.expression.WindowDefinition> definitions) {
    windows.define(definitions);
  }

  /** Lets this binder bind subqueries (without, they are refused as unsupported here). */
  public ExpressionBinder withSubqueries(SubqueryBinder binder) {
    this.subqueries = binder;
    return this;
  }

  SubqueryExpressions subqueryExpressions() {
    return new SubqueryExpressions(this, subqueries, scope);
  }

  /** The typing rules of operands, for the binders this one hands work to. */
  OperandTypes types() {
    return types;
  }

  /** The parameters collected so far. */
  public Parameters parameters() {
    return params;
  }

  /**
   * Binds {@code e} standing in {@code clause}. In WHERE, ON and HAVING the result must be BOOLEAN
   * (TYPE_MISMATCH otherwise); aggregates outside SELECT, HAVING and ORDER BY, and nested
   * aggregates, are GROUPING_ERROR.
   */
  public Expr bind(Expression e, Clause clause) {
    this.clause = clause;
    this.inAggregate = false;
    Expr r = expr(e);
    return clause.isPredicate() ? types.condition(r, clause.name()) : r;
  }

  /**
   * Binds a value assigned to a target of type {@code target} (INSERT VALUES, UPDATE SET, DEFAULT):
   * an untyped NULL or parameter takes the target type; otherwise the value's type must be castable
   * to the target ({@link Coercions#coerce} converts at run time).
   */
  public Expr bind(Expression e, Clause clause, DataType target) {
    Expr r = types.adopt(bind(e, clause), target);
    if (!Types.castable(r.type(), target)) {
      throw new KiteSqlException(
          ErrorCode.TYPE_MISMATCH, "cannot assign " + r.type() + " to " + target + ": " + e);
    }
    return r;
  }

  Expr expr(Expression e) {
    return switch (e) {
      case Column c -> column(c);
      case JdbcParameter p -> parameter(params.positional(p.getIndex(), p.isUseFixedIndex()));
      case JdbcNamedParameter p -> parameter(params.named(p.getName()));
      case ParenthesedExpressionList<?> p when p.size() == 1 -> expr(p.getFirst());
      case ParenthesedExpressionList<?> p when p.size() > 1 ->
          throw unsupported("row value outside a comparison or IN", p);
      case SignedExpression s -> signed(s);
      case Addition a ->
          arithmetic(ArithmeticOp.ADD, a.getLeftExpression(), a.getRightExpression());
      case Subtraction a ->
          arithmetic(ArithmeticOp.SUBTRACT, a.getLeftExpression(), a.getRightExpression());
      case Multiplication a ->
          arithmetic(ArithmeticOp.MULTIPLY, a.getLeftExpression(), a.getRightExpression());
      case Division a ->
          arithmetic(ArithmeticOp.DIVIDE, a.getLeftExpression(), a.getRightExpression());
      case Modulo a ->
          arithmetic(ArithmeticOp.MODULO, a.getLeftExpression(), a.getRightExpression());
      case Concat c ->
          functions.concat(
              List.of(expr(c.getLeftExpression()), expr(c.getRightExpression())),
              ScalarFunction.CONCAT_OP);
      case EqualsTo c ->
          predicates.comparison(ComparisonOp.EQ, c.getLeftExpression(), c.getRightExpression());
      case NotEqualsTo c ->
          predicates.comparison(ComparisonOp.NE, c.getLeftExpression(), c.getRightExpression());
      case GreaterThan c ->
          predicates.comparison(ComparisonOp.GT, c.getLeftExpression(), c.getRightExpression());
      case GreaterThanEquals c ->
          predicates.comparison(ComparisonOp.GE, c.getLeftExpression(), c.getRightExpression());
      case MinorThan c ->
          predicates.comparison(ComparisonOp.LT, c.getLeftExpression(), c.getRightExpression());
      case MinorThanEquals c ->
          predicates.comparison(ComparisonOp.LE, c.getLeftExpression(), c.getRightExpression());
      case IsDistinctExpression d -> predicates.isDistinct(d);
      case AndExpression a ->
          new Expr.And(
              types.condition(expr(a.getLeftExpression()), "AND"),
              types.condition(expr(a.getRightExpression()), "AND"));
      case OrExpression o ->
          new Expr.Or(
              types.condition(expr(o.getLeftExpression()), "OR"),
              types.condition(expr(o.getRightExpression()), "OR"));
      case NotExpression n -> new Expr.Not(types.condition(expr(n.getExpression()), "NOT"));
      case IsNullExpression n -> new Expr.IsNull(expr(n.getLeftExpression()), n.isNot());
      case IsUnknownExpression u ->
          new Expr.IsNull(types.condition(expr(u.getLeftExpression()), "IS UNKNOWN"), u.isNot());
      case IsBooleanExpression b ->
          new Expr.IsBoolean(
              types.condition(expr(b.getLeftExpression()), "IS TRUE/FALSE"), b.isTrue(), b.isNot());
      case InExpression in -> predicates.in(in);
      case Between b -> predicates.between(b);
      case LikeExpression l -> predicates.like(l);
      case CaseExpression c -> caseOf(c);
      case CastExpression c -> cast(c);
      case Function f -> functions.function(f);
      case TrimFunction t -> functions.trim(t);
      case AnalyticExpression a when a.getType() == AnalyticType.FILTER_ONLY ->
          functions.filtered(a);
      case AnalyticExpression a -> windows.bind(a);
      case Select s -> subqueryExpressions().scalar(s);
      case ExistsExpression x -> subqueryExpressions().exists(x);
      case AnyComparisonExpression x -> throw unsupported("ANY/ALL/SOME sub-query", x);
      default ->
          LiteralBinder.literal(e).orElseThrow(() -> unsupported(e.getClass().getSimpleName(), e));
    };
  }

  static KiteSqlException unsupported(String what, Object sql) {
    return new KiteSqlException(
        ErrorCode.UNSUPPORTED_FEATURE, "unsupported: " + what + " (in " + sql + ")");
  }

  private Expr column(Column c) {
    var t = c.getTable();
    if (t != null && t.getSchemaName() != null) {
      throw unsupported("schema-qualified column", c);
    }
    BindScope.Name qualifier =
        t == null || t.getName() == null ? null : BindScope.Name.of(t.getName());
    var name = BindScope.Name.of(c.getColumnName());
    try {
      return scope.resolveColumn(qualifier, name);
    } catch (KiteSqlException e) {
      if (e.errorCode() == ErrorCode.UNKNOWN_COLUMN
          && !name.quoted()
          && ReservedWords.isReserved(name.text())) {
        // JSqlParser reads some misplaced reserved words as column names (WHERE order = 1)
        throw new KiteSqlException(
            ErrorCode.SYNTAX_ERROR,
            "SQL syntax error near '" + name.text() + "': " + ReservedWords.misplaced(name.text()),
            e);
      }
      throw e;
    }
  }

  private Expr parameter(int slot) {
    params.recordOccurrence(slot);
    return new Expr.Parameter(slot, params.type(slot));
  }

  // ---- operators ----

  private Expr signed(SignedExpression s) {
    var literal = LiteralBinder.signedNumber(s);
    if (literal.isPresent()) {
      return literal.get();
    }
    Expr bound = expr(s.getExpression());
    if (s.getSign() == '+' && !types.untyped(bound) && bound.type().kind() == TypeKind.VARCHAR) {
      return bound; // unary + is the identity on text too, as in SQLite (PostgreSQL refuses it)
    }
    Expr operand = types.numeric(bound, DataType.BIGINT, "unary " + s.getSign());
    return switch (s.getSign()) {
      case '-' -> new Expr.Negate(operand);
      case '+' -> operand;
      default -> throw unsupported("operator " + s.getSign(), s);
    };
  }

  private Expr arithmetic(ArithmeticOp op, Expression left, Expression right) {
    Expr l = expr(left);
    Expr r = expr(right);
    if (types.untyped(l) && types.untyped(r)) {
      l = types.adopt(l, DataType.BIGINT);
      r = types.adopt(r, DataType.BIGINT);
    }
    l = types.adopt(l, r.type());
    r = types.adopt(r, l.type());
    return arithmetic(op, l, r);
  }

  Expr arithmetic(ArithmeticOp op, Expr l, Expr r) {
    return new Expr.Arithmetic(op, l, r, Types.arithmetic(op, l.type(), r.type()));
  }

  private Expr caseOf(CaseExpression c) {
    Expr subject = c.getSwitchExpression() == null ? null : expr(c.getSwitchExpression());
    var conditions = new ArrayList<Expr>();
    var results = new ArrayList<Expr>();
    for (WhenClause w : c.getWhenClauses()) {
      Expr when = expr(w.getWhenExpression());
      if (subject == null) {
        conditions.add(types.condition(when, "CASE WHEN"));
      } else {
        Expr[] lr = types.compared(subject, when, "CASE");
        subject = lr[0];
        conditions.add(new Expr.Comparison(ComparisonOp.EQ, lr[0], lr[1]));
      }
      results.add(expr(w.getThenExpression()));
    }
    results.add(
        c.getElseExpression() == null
            ? new Expr.Literal(null, DataType.VARCHAR)
            : expr(c.getElseExpression()));
    DataType type = types.commonType(results, "CASE");
    List<Expr> typed = types.unify(results, "CASE");
    var whens = new ArrayList<Expr.When>();
    for (int i = 0; i < conditions.size(); i++) {
      whens.add(new Expr.When(conditions.get(i), typed.get(i)));
    }
    return new Expr.Case(whens, typed.getLast(), type);
  }

  private Expr cast(CastExpression c) {
    String kw = c.keyword;
    if (kw != null && !kw.equalsIgnoreCase("CAST")) {
      throw unsupported(kw, c);
    }
    DataType target =
        Types.parse(c.getColDataType().getDataType(), c.getColDataType().getArgumentsStringList());
    Expr operand = types.adopt(expr(c.getLeftExpression()), target);
    if (!Types.castable(operand.type(), target)) {
      throw new KiteSqlException(
          ErrorCode.TYPE_MISMATCH, "cannot cast " + operand.type() + " to " + target + ": " + c);
    }
    if (c.isImplicitCast() && operand instanceof Expr.Literal l) {
      // DATE '2024-01-01', TIMESTAMP '...': a typed literal, checked now.
      return new Expr.Literal(Coercions.cast(l.value(), target), target);
    }
    return new Expr.Cast(operand, target);
  }

  // ---- aggregate context, for FunctionBinder ----

  Clause clause() {
    return clause;
  }

  /** Binds an aggregate's argument, refusing aggregates in it. */
  Expr aggregateArgument(Expression e, String function) {
    if (inAggregate) {
      throw new KiteSqlException(
          ErrorCode.GROUPING_ERROR, "aggregate " + function + " nested in another aggregate");
    }
    inAggregate = true;
    try {
      return expr(e);
    } finally {
      inAggregate = false;
    }
  }

  boolean inAggregate() {
    return inAggregate;
  }
}
