package io.kitesql.expr;

/** Binary arithmetic operators. */
public enum ArithmeticOp {
  ADD("+"),
  SUBTRACT("-"),
  MULTIPLY("*"),
  DIVIDE("/"),
  MODULO("%");

  private final String symbol;

  ArithmeticOp(String symbol) {
    this.symbol = symbol;
  }

  /** The SQL spelling. */
  public String symbol() {
    return symbol;
  }
}
