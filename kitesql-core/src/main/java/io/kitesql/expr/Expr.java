package io.kitesql.expr;

import io.kitesql.value.DataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A bound, typed scalar expression: immutable, shareable between threads and executions.
 *
 * <p>The {@code permits} clause is the one registry of node kinds; code that must handle every node
 * switches over them without a {@code default}, so adding a node fails to compile until every such
 * switch handles it.
 *
 * <p><b>Types.</b> {@link #type()} is never null. An untyped {@code NULL} literal whose type no
 * context determines, and a parameter whose type nothing determines, are typed {@code VARCHAR} (as
 * PostgreSQL resolves "unknown" to text); {@link Parameters#bind} then converts such a parameter's
 * value to text.
 *
 * <p><b>Values at run time</b> (see {@link DataType}): {@code Boolean}, {@code Integer}, {@code
 * Long}, {@code Double}, {@code BigDecimal}, {@code Text}, {@code Binary}, {@code LocalDate},
 * {@code LocalDateTime}; Java {@code null} is SQL NULL. Arithmetic nodes accept operands of any
 * numeric kind not wider than their result and widen them while evaluating, so the binder inserts
 * no implicit casts.
 */
public sealed interface Expr
    permits Expr.Leaf,
        Expr.Condition,
        Expr.Negate,
        Expr.Arithmetic,
        Expr.Case,
        Expr.Cast,
        Expr.Coalesce,
        Expr.NullIf,
        Expr.FunctionCall,
        AggregateCall,
        SubqueryExpr,
        WindowCall {

  /** The SQL type of the value; never null. */
  DataType type();

  /** The direct sub-expressions, in evaluation order. */
  List<Expr> children();

  /** This node with its children replaced (same count and order as {@link #children()}). */
  Expr withChildren(List<Expr> children);

  /** A node without sub-expressions: a column, literal, parameter or outer reference. */
  sealed interface Leaf extends Expr permits Column, Literal, Parameter, OuterRef {
    @Override
    default List<Expr> children() {
      return List.of();
    }

    @Override
    default Expr withChildren(List<Expr> children) {
      return this;
    }
  }

  /** A predicate: its value is TRUE, FALSE or NULL. */
  sealed interface Condition extends Expr
      permits Comparison, IsDistinct, And, Or, Not, IsNull, IsBoolean, InList, Between, Like {
    @Override
    default DataType type() {
      return DataType.BOOLEAN;
    }
  }

  /** Column {@code index} of the input row; {@code name} is for display only. */
  record Column(int index, DataType type, String name) implements Leaf {
    public Column {
      if (index < 0) {
        throw new IllegalArgumentException("negative column index " + index);
      }
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(name, "name");
    }
  }

  /** A constant; {@code value} is a runtime value of {@code type} or null. */
  record Literal(Object value, DataType type) implements Leaf {
    public Literal {
      Objects.requireNonNull(type, "type");
    }
  }

  /** Parameter slot {@code index} (0-based) of the bound parameter array. */
  record Parameter(int index, DataType type) implements Leaf {
    public Parameter {
      if (index < 0) {
        throw new IllegalArgumentException("negative parameter index " + index);
      }
      Objects.requireNonNull(type, "type");
    }
  }

  /**
   * Unary minus; the type is the operand's (numeric), SMALLINT widened to INT as arithmetic does
   * (so {@code -x} of the SMALLINT -32768 is 32768, not out of range).
   */
  record Negate(Expr operand) implements Expr {
    public Negate {
      Objects.requireNonNull(operand, "operand");
    }

    @Override
    public DataType type() {
      return operand.type().equals(DataType.SMALLINT) ? DataType.INT : operand.type();
    }

    @Override
    public List<Expr> children() {
      return List.of(operand);
    }

    @Override
    public Expr withChildren(List<Expr> c) {
      return new Negate(c.getFirst());
    }
  }

  /** {@code left op right}; operands are widened to {@code type} (numeric) while evaluating. */
  record Arithmetic(ArithmeticOp op, Expr left, Expr right, DataType type) implements Expr {
    public Arithmetic {
      Objects.requireNonNull(op, "op");
      Objects.requireNonNull(left, "left");
      Objects.requireNonNull(right, "right");
      Objects.requireNonNull(type, "type");
    }

    @Override
    public List<Expr> children() {
      return List.of(left, right);
    }

    @Override
    public Expr withChildren(List<Expr> c) {
      return new Arithmetic(op, c.get(0), c.get(1), type);
    }
  }

  /** {@code left op right} of comparable operands; BOOLEAN, NULL if either side is. */
  record Comparison(ComparisonOp op, Expr left, Expr right) implements Condition {
    public Comparison {
      Objects.requireNonNull(op, "op");
      Objects.requireNonNull(left, "left");
      Objects.requireNonNull(right, "right");
    }

    @Override
    public List<Expr> children() {
      return List.of(left, right);
    }

    @Override
    public Expr withChildren(List<Expr> c) {
      return new Comparison(op, c.get(0), c.get(1));
    }
  }

  /**
   * {@code left IS [NOT] DISTINCT FROM right}: the null-safe comparison. Two NULLs are not
   * distinct, a NULL and a value are; otherwise as {@code <>} ({@code negated}: as {@code =}).
   * Never NULL itself.
   */
  record IsDistinct(Expr left, Expr right, boolean negated) implements Condition {
    public IsDistinct {
      Objects.requireNonNull(left, "left");
      Objects.requireNonNull(right, "right");
    }

    @Override
    public List<Expr> children() {
      return List.of(left, right);
    }

    @Override
    public Expr withChildren(List<Expr> c) {
      return new IsDistinct(c.get(0), c.get(1), negated);
    }
  }

  /** Three-valued AND: FALSE wins over NULL. */
  record And(Expr left, Expr right) implements Condition {
    public And {
      Objects.requireNonNull(left, "left");
      Objects.requireNonNull(right, "right");
    }

    @Override
    public List<Expr> children() {
      return List.of(left, right);
    }

    @Override
    public Expr withChildren(List<Expr> c) {
      return new And(c.get(0), c.get(1));
    }
  }

  /** Three-valued OR: TRUE wins over NULL. */
  record Or(Expr left, Expr right) implements Condition {
    public Or {
      Objects.requireNonNull(left, "left");
      Objects.requireNonNull(right, "right");
    }

    @Override
    public List<Expr> children() {
      return List.of(left, right);
    }

    @Override
    public Expr withChildren(List<Expr> c) {
      return new Or(c.get(0), c.get(1));
    }
  }

  /** Three-valued NOT: NOT NULL is NULL. */
  record Not(Expr operand) implements Condition {
    public Not {
      Objects.requireNonNull(operand, "operand");
    }

    @Override
    public List<Expr> children() {
      return List.of(operand);
    }

    @Override
    public Expr withChildren(List<Expr> c) {
      return new Not(c.getFirst());
    }
  }

  /** {@code operand IS [NOT] NULL}; never NULL itself. */
  record IsNull(Expr operand, boolean negated) implements Condition {
    public IsNull {
      Objects.requireNonNull(operand, "operand");
    }

    @Override
    public List<Expr> children() {
      return List.of(operand);
    }

    @Override
    public Expr withChildren(List<Expr> c) {
      return new IsNull(c.getFirst(), negated);
    }
  }

  /** {@code operand IS [NOT] TRUE|FALSE}; never NULL itself. */
  record IsBoolean(Expr operand, boolean value, boolean negated) implements Condition {
    public IsBoolean {
      Objects.requireNonNull(operand, "operand");
    }

    @Override
    public List<Expr> children() {
      return List.of(operand);
    }

    @Override
    public Expr withChildren(List<Expr> c) {
      return new IsBoolean(c.getFirst(), value, negated);
    }
  }

  /**
   * {@code operand [NOT] IN (values)}: TRUE if some value equals the operand; else NULL if the
   * operand or some value is NULL; else FALSE. NOT IN negates that (so NULL stays NULL).
   */
  record InList(Expr operand, List<Expr> values, boolean negated) implements Condition {
    public InList {
      Objects.requireNonNull(operand, "operand");
      values = List.copyOf(values);
      if (values.isEmpty()) {
        throw new IllegalArgumentException("IN needs at least one value");
      }
    }

    @Override
    public List<Expr> children() {
      var all = new ArrayList<Expr>(values.size() + 1);
      all.add(operand);
      all.addAll(values);
      return List.copyOf(all);
    }

    @Override
    public Expr withChildren(List<Expr> c) {
      return new InList(c.getFirst(), c.subList(1, c.size()), negated);
    }
  }

  /** {@code operand [NOT] BETWEEN low AND high}: {@code low <= operand AND operand <= high}. */
  record Between(Expr operand, Expr low, Expr high, boolean negated) implements Condition {
    public Between {
      Objects.requireNonNull(operand, "operand");
      Objects.requireNonNull(low, "low");
      Objects.requireNonNull(high, "high");
    }

    @Override
    public List<Expr> children() {
      return List.of(operand, low, high);
    }

    @Override
    public Expr withChildren(List<Expr> c) {
      return new Between(c.get(0), c.get(1), c.get(2), negated);
    }
  }

  /**
   * {@code operand [NOT] LIKE|ILIKE pattern [ESCAPE escape]}. {@code escape} is a NULL literal when
   * absent (no escape character, as in the SQL standard). When pattern and escape are literals the
   * compact constructor compiles the pattern once ({@code compiled}, else null; any passed value is
   * ignored), so a literal pattern costs nothing per row.
   */
  record Like(
      Expr operand,
      Expr pattern,
      Expr escape,
      boolean caseInsensitive,
      boolean negated,
      LikePattern compiled)
      implements Condition {
    public Like {
      Objects.requireNonNull(operand, "operand");
      Objects.requireNonNull(pattern, "pattern");
      Objects.requireNonNull(escape, "escape");
      compiled =
          pattern instanceof Literal p && escape instanceof Literal e && p.value() != null
              ? LikePattern.compile((CharSequence) p.value(), e.value(), caseInsensitive)
              : null;
    }

    /** A LIKE node; the pattern is compiled here when it is a literal. */
    public Like(Expr operand, Expr pattern, Expr escape, boolean caseInsensitive, boolean negated) {
      this(operand, pattern, escape, caseInsensitive, negated, null);
    }

    @Override
    public List<Expr> children() {
      return List.of(operand, pattern, escape);
    }

    @Override
    public Expr withChildren(List<Expr> c) {
      return new Like(c.get(0), c.get(1), c.get(2), caseInsensitive, negated);
    }
  }

  /** One {@code WHEN condition THEN result} of a searched {@link Case}. */
  record When(Expr condition, Expr result) {
    public When {
      Objects.requireNonNull(condition, "condition");
      Objects.requireNonNull(result, "result");
    }
  }

  /**
   * Searched CASE (a simple {@code CASE x WHEN v} is bound as {@code WHEN x = v}); the first TRUE
   * condition's result, else {@code otherwise} (a NULL literal when there is no ELSE). Numeric
   * results are widened to {@code type}.
   */
  record Case(List<When> whens, Expr otherwise, DataType type) implements Expr {
    public Case {
      whens = List.copyOf(whens);
      if (whens.isEmpty()) {
        throw new IllegalArgumentException("CASE needs a WHEN");
      }
      Objects.requireNonNull(otherwise, "otherwise");
      Objects.requireNonNull(type, "type");
    }

    @Override
    public List<Expr> children() {
      var all = new ArrayList<Expr>(whens.size() * 2 + 1);
      for (When w : whens) {
        all.add(w.condition());
        all.add(w.result());
      }
      all.add(otherwise);
      return List.copyOf(all);
    }

    @Override
    public Expr withChildren(List<Expr> c) {
      var ws = new ArrayList<When>(whens.size());
      for (int i = 0; i < whens.size(); i++) {
        ws.add(new When(c.get(2 * i), c.get(2 * i + 1)));
      }
      return new Case(ws, c.getLast(), type);
    }
  }

  /** {@code CAST(operand AS type)} with {@link Coercions#cast} semantics. */
  record Cast(Expr operand, DataType type) implements Expr {
    public Cast {
      Objects.requireNonNull(operand, "operand");
      Objects.requireNonNull(type, "type");
    }

    @Override
    public List<Expr> children() {
      return List.of(operand);
    }

    @Override
    public Expr withChildren(List<Expr> c) {
      return new Cast(c.getFirst(), type);
    }
  }

  /** The first non-NULL argument (COALESCE, IFNULL), widened to {@code type}. */
  record Coalesce(List<Expr> args, DataType type) implements Expr {
    public Coalesce {
      args = List.copyOf(args);
      if (args.isEmpty()) {
        throw new IllegalArgumentException("COALESCE needs an argument");
      }
      Objects.requireNonNull(type, "type");
    }

    @Override
    public List<Expr> children() {
      return args;
    }

    @Override
    public Expr withChildren(List<Expr> c) {
      return new Coalesce(c, type);
    }
  }

  /** {@code NULLIF(left, right)}: NULL if they are equal, else {@code left}. */
  record NullIf(Expr left, Expr right) implements Expr {
    public NullIf {
      Objects.requireNonNull(left, "left");
      Objects.requireNonNull(right, "right");
    }

    @Override
    public DataType type() {
      return left.type();
    }

    @Override
    public List<Expr> children() {
      return List.of(left, right);
    }

    @Override
    public Expr withChildren(List<Expr> c) {
      return new NullIf(c.get(0), c.get(1));
    }
  }

  /** A scalar function; NULL handling per {@link ScalarFunction}. */
  record FunctionCall(ScalarFunction function, List<Expr> args, DataType type) implements Expr {
    public FunctionCall {
      Objects.requireNonNull(function, "function");
      args = List.copyOf(args);
      Objects.requireNonNull(type, "type");
    }

    @Override
    public List<Expr> children() {
      return args;
    }

    @Override
    public Expr withChildren(List<Expr> c) {
      return new FunctionCall(function, c, type);
    }
  }
}
