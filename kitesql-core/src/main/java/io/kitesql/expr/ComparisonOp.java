package io.kitesql.expr;

/** Comparison operators. */
public enum ComparisonOp {
  EQ("="),
  NE("<>"),
  LT("<"),
  LE("<="),
  GT(">"),
  GE(">=");

  private final String symbol;

  ComparisonOp(String symbol) {
    this.symbol = symbol;
  }

  /** The SQL spelling. */
  public String symbol() {
    return symbol;
  }

  /** The operator with its operands swapped: {@code a < b} iff {@code b > a}. */
  public ComparisonOp flip() {
    return switch (this) {
      case EQ, NE -> this;
      case LT -> GT;
      case LE -> GE;
      case GT -> LT;
      case GE -> LE;
    };
  }

  /** Whether a comparison result ({@code <0, 0, >0}) satisfies this operator. */
  public boolean test(int cmp) {
    return switch (this) {
      case EQ -> cmp == 0;
      case NE -> cmp != 0;
      case LT -> cmp < 0;
      case LE -> cmp <= 0;
      case GT -> cmp > 0;
      case GE -> cmp >= 0;
    };
  }
}
