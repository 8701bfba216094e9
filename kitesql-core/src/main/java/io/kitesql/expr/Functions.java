package io.kitesql.expr;

import io.kitesql.value.Text;
import java.util.List;

/** Evaluation of {@link Expr.FunctionCall}: NULL in, NULL out, except CONCAT. */
final class Functions {
  private Functions() {}

  static Object call(Expr.FunctionCall f, Object[] row, Object[] params) {
    if (f.args().size() == 1 && takesOne(f.function())) {
      // no argument list: octet_length(note) per row allocated an ArrayList, its array and an
      // iterator
      return callOne(f, Evaluator.evaluate(f.args().getFirst(), row, params));
    }
    List<Object> a = Evaluator.all(f.args(), row, params);
    if (f.function() == ScalarFunction.CONCAT) {
      return TextFunctions.concat(a, true);
    }
    for (Object v : a) {
      if (v == null) {
        return null;
      }
    }
    return switch (f.function()) {
      case ABS -> NumericFunctions.abs(a.getFirst());
      case ROUND ->
          NumericFunctions.round(
              a.getFirst(), a.size() > 1 ? ((Number) a.get(1)).longValue() : 0, f.type());
      case UPPER -> TextFunctions.changeCase((Text) a.getFirst(), true);
      case LOWER -> TextFunctions.changeCase((Text) a.getFirst(), false);
      case SUBSTRING ->
          TextFunctions.substring(
              (Text) a.getFirst(),
              ((Number) a.get(1)).longValue(),
              a.size() > 2 ? (Long) ((Number) a.get(2)).longValue() : null);
      case TRIM_BOTH -> trim(a, true, true);
      case TRIM_LEADING -> trim(a, true, false);
      case TRIM_TRAILING -> trim(a, false, true);
      case POSITION -> TextFunctions.position((Text) a.get(0), (Text) a.get(1));
      case REPLACE -> TextFunctions.replace((Text) a.get(0), (Text) a.get(1), (Text) a.get(2));
      case CONCAT -> TextFunctions.concat(a, true);
      case CONCAT_OP -> TextFunctions.concat(a, false);
      case CHAR_LENGTH -> TextFunctions.charLength(a.getFirst());
      case OCTET_LENGTH -> TextFunctions.octetLength(a.getFirst());
    };
  }

  /** Functions whose one-argument form reads nothing but that argument. */
  private static boolean takesOne(ScalarFunction function) {
    return switch (function) {
      case ABS, ROUND, UPPER, LOWER, CHAR_LENGTH, OCTET_LENGTH -> true;
      default -> false;
    };
  }

  /** {@link #call} of a {@link #takesOne} function with its one argument's value. */
  private static Object callOne(Expr.FunctionCall f, Object v) {
    if (v == null) {
      return null;
    }
    return switch (f.function()) {
      case ABS -> NumericFunctions.abs(v);
      case ROUND -> NumericFunctions.round(v, 0, f.type());
      case UPPER -> TextFunctions.changeCase((Text) v, true);
      case LOWER -> TextFunctions.changeCase((Text) v, false);
      case CHAR_LENGTH -> TextFunctions.charLength(v);
      case OCTET_LENGTH -> TextFunctions.octetLength(v);
      default -> throw new IllegalStateException("not a one-argument function: " + f.function());
    };
  }

  private static Text trim(List<Object> a, boolean leading, boolean trailing) {
    return TextFunctions.trim(
        (Text) a.getFirst(), a.size() > 1 ? (Text) a.get(1) : null, leading, trailing);
  }
}
