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
import io.kitesql.value.Text;
import io.kitesql.value.TypeKind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
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

  /**
   * Parameter operands already counted by {@link #compared} (by identity: each is one occurrence).
   */
  private final Set<Expr> countedOperands = Collections.newSetFromMap(new IdentityHashMap<>());

  private Clause clause = Clause.SELECT;
  private boolean inAggregate;
  private SubqueryBinder subqueries;

  /** A binder resolving columns in {@code scope} and collecting parameters into {@code params}. */
  public ExpressionBinder(BindScope scope, Parameters params) {
    this.scope = scope;
    this.params = params;
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
    return clause.isPredicate() ? condition(r, clause.name()) : r;
  }

  /**
   * Binds a value assigned to a target of type {@code target} (INSERT VALUES, UPDATE SET, DEFAULT):
   * an untyped NULL or parameter takes the target type; otherwise the value's type must be castable
   * to the target ({@link Coercions#coerce} converts at run time).
   */
  public Expr bind(Expression e, Clause clause, DataType target) {
    Expr r = adopt(bind(e, clause), target);
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
              condition(expr(a.getLeftExpression()), "AND"),
              condition(expr(a.getRightExpression()), "AND"));
      case OrExpression o ->
          new Expr.Or(
              condition(expr(o.getLeftExpression()), "OR"),
              condition(expr(o.getRightExpression()), "OR"));
      case NotExpression n -> new Expr.Not(condition(expr(n.getExpression()), "NOT"));
      case IsNullExpression n -> new Expr.IsNull(expr(n.getLeftExpression()), n.isNot());
      case IsUnknownExpression u ->
          new Expr.IsNull(condition(expr(u.getLeftExpression()), "IS UNKNOWN"), u.isNot());
      case IsBooleanExpression b ->
          new Expr.IsBoolean(
              condition(expr(b.getLeftExpression()), "IS TRUE/FALSE"), b.isTrue(), b.isNot());
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

  // ---- typing helpers shared with FunctionBinder ----

  /**
   * Whether {@code e} has no type of its own yet: a NULL literal, an untyped parameter, or a CASE
   * all of whose results are such ({@code CASE WHEN c THEN NULL END}); like a bare NULL, it takes
   * the type of its context, as in PostgreSQL and SQLite.
   */
  boolean untyped(Expr e) {
    return switch (e) {
      case Expr.Literal l -> l.value() == null;
      case Expr.Parameter p -> !params.isTyped(p.index());
      case Expr.Case c ->
          untyped(c.otherwise()) && c.whens().stream().allMatch(w -> untyped(w.result()));
      default -> false;
    };
  }

  /** {@code e} typed as {@code t} if it is untyped (recording a parameter's type), else e. */
  Expr adopt(Expr e, DataType t) {
    return switch (e) {
      case Expr.Literal l when l.value() == null -> new Expr.Literal(null, t);
      case Expr.Parameter p when !params.isTyped(p.index()) -> {
        params.recordType(p.index(), t);
        yield new Expr.Parameter(p.index(), t);
      }
      case Expr.Case c when untyped(c) ->
          new Expr.Case(
              c.whens().stream()
                  .map(w -> new Expr.When(w.condition(), adopt(w.result(), t)))
                  .toList(),
              adopt(c.otherwise(), t),
              t);
      default -> e;
    };
  }

  /**
   * {@code e} typed as {@code t} if it is untyped, where the context takes other types as well
   * ({@link Parameters#recordPreferredType}): a parameter given bytes is bound again as VARBINARY.
   */
  Expr adoptPreferred(Expr e, DataType t) {
    if (e instanceof Expr.Parameter p && !params.isTyped(p.index())) {
      params.recordPreferredType(p.index(), t);
      return new Expr.Parameter(p.index(), t);
    }
    return adopt(e, t);
  }

  /** {@code e} as a condition: untyped becomes BOOLEAN; other non-BOOLEAN is TYPE_MISMATCH. */
  Expr condition(Expr e, String where) {
    Expr r = adopt(e, DataType.BOOLEAN);
    if (r.type().kind() != TypeKind.BOOLEAN) {
      throw new KiteSqlException(
          ErrorCode.TYPE_MISMATCH,
          where + " needs a BOOLEAN condition, got " + r.type() + ": " + Exprs.toSql(r));
    }
    return r;
  }

  /** {@code e} as a number: untyped becomes {@code ifUntyped}; non-numeric is TYPE_MISMATCH. */
  Expr numeric(Expr e, DataType ifUntyped, String where) {
    Expr r = adopt(e, ifUntyped);
    if (!Types.isNumeric(r.type())) {
      throw new KiteSqlException(
          ErrorCode.TYPE_MISMATCH,
          where + " needs a number, got " + r.type() + ": " + Exprs.toSql(r));
    }
    return r;
  }

  /** {@code e} as text: untyped becomes VARCHAR; non-text is TYPE_MISMATCH. */
  Expr text(Expr e, String where) {
    Expr r = adopt(e, DataType.VARCHAR);
    if (r.type().kind() != TypeKind.VARCHAR) {
      throw new KiteSqlException(
          ErrorCode.TYPE_MISMATCH, where + " needs text, got " + r.type() + ": " + Exprs.toSql(r));
    }
    return r;
  }

  /**
   * {@link #comparable} for the operands of a comparison whose result is only its truth value
   * ({@code =}, {@code <}, IN, BETWEEN, a simple CASE's WHEN): a parameter operand is counted as
   * compared ({@link Parameters#recordComparedOccurrence}), so that a slot occurring only in
   * comparisons keeps its value's exact number.
   */
  Expr[] compared(Expr l, Expr r, String where) {
    Expr[] lr = comparable(l, r, where);
    countComparedOperand(l, lr[0]);
    countComparedOperand(r, lr[1]);
    return lr;
  }

  /**
   * Counts {@code before} once however many comparisons it is an operand of (BETWEEN's, IN's
   * operand).
   */
  private void countComparedOperand(Expr before, Expr after) {
    if (before instanceof Expr.Parameter p && countedOperands.add(before)) {
      params.recordComparedOccurrence(p.index());
    }
    countedOperands.add(after);
  }

  /**
   * Makes two operands comparable: an untyped side takes the other's type; a text literal against a
   * DATE/TIMESTAMP becomes a date literal.
   */
  Expr[] comparable(Expr l, Expr r, String where) {
    if (untyped(l) && !untyped(r)) {
      l = adopt(l, r.type());
    } else if (untyped(r)) {
      // both untyped: l may already carry its context's type (NULL IN (NULL, 1) made it INT)
      r = adopt(r, l.type());
    }
    l = dateLiteral(l, r.type());
    r = dateLiteral(r, l.type());
    if (!Types.comparable(l.type(), r.type())) {
      throw new KiteSqlException(
          ErrorCode.TYPE_MISMATCH,
          "cannot compare "
              + l.type()
              + " with "
              + r.type()
              + " in "
              + where
              + ": "
              + Exprs.toSql(l)
              + ", "
              + Exprs.toSql(r));
    }
    return new Expr[] {l, r};
  }

  private static Expr dateLiteral(Expr e, DataType other) {
    boolean temporal = other.kind() == TypeKind.DATE || other.kind() == TypeKind.TIMESTAMP;
    if (temporal && e instanceof Expr.Literal l && l.value() instanceof Text t) {
      return new Expr.Literal(Coercions.cast(t, other), other);
    }
    return e;
  }

  // ---- operators ----

  private Expr signed(SignedExpression s) {
    var literal = LiteralBinder.signedNumber(s);
    if (literal.isPresent()) {
      return literal.get();
    }
    Expr bound = expr(s.getExpression());
    if (s.getSign() == '+' && !untyped(bound) && bound.type().kind() == TypeKind.VARCHAR) {
      return bound; // unary + is the identity on text too, as in SQLite (PostgreSQL refuses it)
    }
    Expr operand = numeric(bound, DataType.BIGINT, "unary " + s.getSign());
    return switch (s.getSign()) {
      case '-' -> new Expr.Negate(operand);
      case '+' -> operand;
      default -> throw unsupported("operator " + s.getSign(), s);
    };
  }

  private Expr arithmetic(ArithmeticOp op, Expression left, Expression right) {
    Expr l = expr(left);
    Expr r = expr(right);
    if (untyped(l) && untyped(r)) {
      l = adopt(l, DataType.BIGINT);
      r = adopt(r, DataType.BIGINT);
    }
    l = adopt(l, r.type());
    r = adopt(r, l.type());
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
        conditions.add(condition(when, "CASE WHEN"));
      } else {
        Expr[] lr = compared(subject, when, "CASE");
        subject = lr[0];
        conditions.add(new Expr.Comparison(ComparisonOp.EQ, lr[0], lr[1]));
      }
      results.add(expr(w.getThenExpression()));
    }
    results.add(
        c.getElseExpression() == null
            ? new Expr.Literal(null, DataType.VARCHAR)
            : expr(c.getElseExpression()));
    DataType type = commonType(results, "CASE");
    List<Expr> typed = unify(results, "CASE");
    var whens = new ArrayList<Expr.When>();
    for (int i = 0; i < conditions.size(); i++) {
      whens.add(new Expr.When(conditions.get(i), typed.get(i)));
    }
    return new Expr.Case(whens, typed.getLast(), type);
  }

  /** Gives every expression the common type of the typed ones (VARCHAR if none is typed). */
  List<Expr> unify(List<Expr> es, String where) {
    DataType t = commonType(es, where);
    return es.stream().map(e -> adopt(e, t)).toList();
  }

  /** The common type of the typed expressions among {@code es} (VARCHAR if none is typed). */
  DataType commonType(List<Expr> es, String where) {
    DataType common = null;
    for (Expr e : es) {
      if (!untyped(e)) {
        try {
          common = common == null ? e.type() : Types.commonType(common, e.type());
        } catch (KiteSqlException x) {
          throw new KiteSqlException(ErrorCode.TYPE_MISMATCH, where + ": " + x.reason(), x);
        }
      }
    }
    return common == null ? DataType.VARCHAR : common;
  }

  private Expr cast(CastExpression c) {
    String kw = c.keyword;
    if (kw != null && !kw.equalsIgnoreCase("CAST")) {
      throw unsupported(kw, c);
    }
    DataType target =
        Types.parse(c.getColDataType().getDataType(), c.getColDataType().getArgumentsStringList());
    Expr operand = adopt(expr(c.getLeftExpression()), target);
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
