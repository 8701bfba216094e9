package io.kitesql.expr;

import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;

/**
 * Repairs for trees JSqlParser 5.3 builds wrongly. It parses {@code a IN (1, 2) AND x OR y} as
 * {@code a IN ((1, 2) AND x OR y)}: the list becomes the leftmost operand of the AND/OR tree that
 * follows (and {@code NOT a IN (1) AND x} as {@code NOT (a IN ((1) AND x))}). The repair reads the
 * AND/OR chain in textual order, with each IN predicate (and a NOT before it, which binds tighter
 * than AND) put back together, and rebuilds the chain with the standard precedence: AND before
 * OR, left-associative. The parsed tree is not modified; new nodes are made.
 */
final class ParserQuirks {
  private static final Object AND = "AND";
  private static final Object OR = "OR";

  private ParserQuirks() {}

  /** Whether {@code e} is an IN whose list JSqlParser swallowed into a following AND/OR. */
  static boolean isMisparsedIn(Expression e) {
    return e instanceof InExpression in
        && (in.getRightExpression() instanceof AndExpression
            || in.getRightExpression() instanceof OrExpression)
        && leftmostList(in.getRightExpression());
  }

  private static boolean leftmostList(Expression e) {
    return switch (e) {
      case AndExpression a -> leftmostList(a.getLeftExpression());
      case OrExpression o -> leftmostList(o.getLeftExpression());
      case ParenthesedExpressionList<?> l -> true;
      default -> false;
    };
  }

  /** Whether the AND/OR chain rooted at {@code e} holds a misparsed IN. */
  static boolean needsRepair(Expression e) {
    return switch (e) {
      case AndExpression a -> needsRepair(a.getLeftExpression())
          || needsRepair(a.getRightExpression());
      case OrExpression o -> needsRepair(o.getLeftExpression())
          || needsRepair(o.getRightExpression());
      case NotExpression n -> isMisparsedIn(n.getExpression());
      default -> isMisparsedIn(e);
    };
  }

  /** The corrected tree if {@link #needsRepair}, else {@code e} itself. */
  static Expression repair(Expression e) {
    if (!needsRepair(e)) {
      return e;
    }
    var tokens = new ArrayList<Object>();
    linearize(e, tokens);
    Expression or = null;
    Expression and = (Expression) tokens.getFirst();
    for (int i = 1; i < tokens.size(); i += 2) {
      Expression next = (Expression) tokens.get(i + 1);
      if (tokens.get(i) == AND) {
        and = new AndExpression(and, next);
      } else {
        or = or == null ? and : new OrExpression(or, and);
        and = next;
      }
    }
    return or == null ? and : new OrExpression(or, and);
  }

  /** Operands and AND/OR markers of the chain {@code e}, in textual order. */
  private static void linearize(Expression e, List<Object> out) {
    switch (e) {
      case AndExpression a -> {
        linearize(a.getLeftExpression(), out);
        out.add(AND);
        linearize(a.getRightExpression(), out);
      }
      case OrExpression o -> {
        linearize(o.getLeftExpression(), out);
        out.add(OR);
        linearize(o.getRightExpression(), out);
      }
      case NotExpression n when isMisparsedIn(n.getExpression()) -> {
        int at = out.size();
        linearize(n.getExpression(), out);
        out.set(at, new NotExpression((Expression) out.get(at)));
      }
      case InExpression in when isMisparsedIn(in) -> {
        int at = out.size();
        linearize(in.getRightExpression(), out); // its first operand is the IN's list
        var fixed = new InExpression(in.getLeftExpression(), (Expression) out.get(at));
        fixed.setNot(in.isNot());
        out.set(at, fixed);
      }
      default -> out.add(e);
    }
  }
}
