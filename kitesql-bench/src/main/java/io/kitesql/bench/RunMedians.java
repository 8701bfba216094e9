package io.kitesql.bench;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * Several runs of one configuration folded into one {@link Results} for the report's tables: every
 * figure the median of the runs' figures (so a run disturbed by the machine's other work moves no
 * cell), the map checks summed, the settings found and the plans those of the first run. The
 * targets are not decided from these medians but in each run, then over the runs ({@link
 * TargetSection#acrossRuns}).
 */
final class RunMedians {
  private RunMedians() {}

  /**
   * The median of {@code runs}, which measured the same cells in the same order.
   *
   * @throws IllegalArgumentException if the runs measured different cells
   */
  static Results of(List<Results> runs) {
    if (runs.size() == 1) {
      return runs.getFirst();
    }
    var first = runs.getFirst();
    var median = new Results();
    median.cells.putAll(byKey(runs, r -> r.cells, RunMedians::outcome));
    median.retainedHeap.putAll(
        byKey(runs, r -> r.retainedHeap, each -> Math.round(median(each, Long::doubleValue))));
    median.coldStartMicros.putAll(
        byKey(runs, r -> r.coldStartMicros, each -> median(each, Double::doubleValue)));
    for (var run : runs) {
      run.mapChecks.forEach(median::addMapCheck);
    }
    median.writes.addAll(byPosition(runs, r -> r.writes));
    median.dml.addAll(byPosition(runs, r -> r.dml));
    median.groupCommits.addAll(byPosition(runs, r -> r.groupCommits));
    median.groupKeys.addAll(byPosition(runs, r -> r.groupKeys));
    median.springQueries.addAll(byPosition(runs, r -> r.springQueries));
    median.springQueryPlans.putAll(first.springQueryPlans);
    median.facts.putAll(first.facts);
    median.dataRows.putAll(first.dataRows);
    median.elapsedMillis = runs.stream().mapToLong(r -> r.elapsedMillis).sum();
    return median;
  }

  /** A cell over the runs: the median of its figures if every run measured it, else why not. */
  static Results.Outcome outcome(List<Results.Outcome> each) {
    for (var outcome : each) {
      if (outcome instanceof Results.Unsupported) {
        return outcome;
      }
    }
    return median(each.stream().map(Results.Measured.class::cast).toList());
  }

  /**
   * A record of figures over the runs: each number the median of the runs' numbers, each other
   * component (what the record is of: an engine's label, a cell's name) the runs' common value.
   */
  static <R extends Record> R median(List<R> each) {
    var type = each.getFirst().getClass();
    var components = type.getRecordComponents();
    var values = new Object[components.length];
    var types = new Class<?>[components.length];
    for (int i = 0; i < components.length; i++) {
      var component = components[i];
      types[i] = component.getType();
      var figures = each.stream().map(record -> read(component, record)).toList();
      values[i] =
          switch (figures.getFirst()) {
            case Double _ -> median(figures, f -> (Double) f);
            case Long _ -> Math.round(median(figures, f -> ((Long) f).doubleValue()));
            case Integer _ -> (int) Math.round(median(figures, f -> ((Integer) f).doubleValue()));
            case Results.Outcome _ ->
                outcome(figures.stream().map(Results.Outcome.class::cast).toList());
            case Object same -> {
              if (figures.stream().anyMatch(f -> !f.equals(same))) {
                throw new IllegalArgumentException(
                    "the runs measured different " + type.getSimpleName() + "s: " + figures);
              }
              yield same;
            }
          };
    }
    try {
      @SuppressWarnings("unchecked")
      var median = (R) type.getDeclaredConstructor(types).newInstance(values);
      return median;
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot build a " + type.getSimpleName(), e);
    }
  }

  private static Object read(RecordComponent component, Record record) {
    try {
      return component.getAccessor().invoke(record);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("cannot read " + component.getName(), e);
    }
  }

  private static <T> double median(List<T> figures, ToDoubleFunction<T> value) {
    return NoiseVerdict.median(figures.stream().map(value::applyAsDouble).toList());
  }

  private static <K, V> Map<K, V> byKey(
      List<Results> runs, Function<Results, Map<K, V>> map, Function<List<V>, V> fold) {
    var folded = new LinkedHashMap<K, V>();
    for (var key : map.apply(runs.getFirst()).keySet()) {
      var each = new ArrayList<V>();
      for (var run : runs) {
        var value = map.apply(run).get(key);
        if (value == null) {
          throw new IllegalArgumentException("a run did not measure " + key);
        }
        each.add(value);
      }
      folded.put(key, fold.apply(each));
    }
    return folded;
  }

  private static <R extends Record> List<R> byPosition(
      List<Results> runs, Function<Results, List<R>> list) {
    int size = list.apply(runs.getFirst()).size();
    if (runs.stream().anyMatch(run -> list.apply(run).size() != size)) {
      throw new IllegalArgumentException("the runs measured different numbers of cells");
    }
    var folded = new ArrayList<R>();
    for (int i = 0; i < size; i++) {
      int at = i;
      folded.add(median(runs.stream().map(run -> list.apply(run).get(at)).toList()));
    }
    return folded;
  }
}
