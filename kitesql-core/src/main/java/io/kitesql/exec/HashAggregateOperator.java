package io.kitesql.exec;

import io.kitesql.expr.Accumulator;
import io.kitesql.expr.AggregateCall;
import io.kitesql.expr.Evaluator;
import io.kitesql.expr.Expr;
import io.kitesql.plan.Aggregate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * GROUP BY with a hash table from group key to accumulators. Keys and MIN/MAX states hold the
 * values themselves, so text stays borrowed. Without group keys there is exactly one group, even
 * for empty input. Groups come out in order of first appearance.
 */
final class HashAggregateOperator implements Operator {
  /** An accumulator object and its slot (an estimate: most hold a number or two). */
  private static final long ACCUMULATOR_BYTES = 40;

  private final Operator input;
  private final Expr[] keys;
  private final AggregateCall[] calls;
  private final LinkedHashMap<RowKey, Accumulator[]> groups = new LinkedHashMap<>();
  private final HeldMemory held = new HeldMemory("hash aggregate (GROUP BY)");
  private Iterator<Map.Entry<RowKey, Accumulator[]>> out;
  private Object[] params;

  HashAggregateOperator(Operator input, Aggregate aggregate) {
    this.input = input;
    this.keys = aggregate.groupKeys().toArray(Expr[]::new);
    this.calls = aggregate.aggregates().toArray(AggregateCall[]::new);
  }

  @Override
  public void open(ExecutionContext ctx) {
    params = ctx.parameters();
    groups.clear();
    held.open(ctx);
    input.open(ctx);
    for (var row = input.next(); row != null; row = input.next()) {
      held.step();
      var key = new Object[keys.length];
      for (int i = 0; i < keys.length; i++) {
        key[i] = Evaluator.evaluate(keys[i], row, params);
      }
      int size = groups.size();
      var accumulators = groups.computeIfAbsent(new RowKey(key), _ -> newAccumulators());
      if (groups.size() != size) {
        held.hold(
            HeldMemory.rowBytes(key) + HeldMemory.HASH_ENTRY + ACCUMULATOR_BYTES * calls.length);
      }
      for (int i = 0; i < calls.length; i++) {
        add(accumulators[i], calls[i], row);
      }
    }
    if (keys.length == 0 && groups.isEmpty()) {
      groups.put(new RowKey(new Object[0]), newAccumulators());
    }
    out = groups.entrySet().iterator();
  }

  private void add(Accumulator accumulator, AggregateCall call, Object[] row) {
    if (call.args().isEmpty()) {
      accumulator.add(Boolean.TRUE); // COUNT(*): every row counts
    } else if (call.distinct()) {
      var value = Evaluator.evaluate(call.args().getFirst(), row, params);
      int kept = accumulator.valuesKept();
      accumulator.add(value);
      if (accumulator.valuesKept() != kept) {
        held.hold(HeldMemory.valueBytes(value) + HeldMemory.HASH_ENTRY);
      }
    } else {
      accumulator.add(Evaluator.evaluate(call.args().getFirst(), row, params));
    }
  }

  private Accumulator[] newAccumulators() {
    var list = new ArrayList<Accumulator>(calls.length);
    for (var call : calls) {
      var argType = call.args().isEmpty() ? call.type() : call.args().getFirst().type();
      list.add(call.function().newAccumulator(argType, call.distinct()));
    }
    return list.toArray(Accumulator[]::new);
  }

  @Override
  public Object[] next() {
    if (out == null || !out.hasNext()) {
      return null;
    }
    var group = out.next();
    var key = group.getKey().values();
    var row = Arrays.copyOf(key, key.length + calls.length);
    for (int i = 0; i < calls.length; i++) {
      row[key.length + i] = group.getValue()[i].result();
    }
    return row;
  }

  @Override
  public void close() {
    groups.clear();
    held.release();
    out = null;
    params = null;
    input.close();
  }
}
