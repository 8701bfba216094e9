package io.kitesql.exec;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows of one round of a recursive CTE, shared by its {@link RecursiveUnionOperator} and the
 * {@link WorkTableScanOperator}s of its recursive term. They are linked while the operator tree is
 * built: the recursive term is built inside {@link #BUILDING}, which maps work table ids to the
 * tables of the recursive unions being built (nested ones included).
 */
final class WorkTable {
  static final ScopedValue<Map<Integer, WorkTable>> BUILDING = ScopedValue.newInstance();

  /** The previous round's rows; set by the recursive union before it opens its recursive term. */
  List<Object[]> rows = List.of();

  /** {@code BUILDING}'s tables plus {@code table} as {@code id}. */
  static Map<Integer, WorkTable> building(int id, WorkTable table) {
    var map = new HashMap<>(BUILDING.orElse(Map.of()));
    map.put(id, table);
    return Map.copyOf(map);
  }

  /** The table of work table {@code id} of the recursive union being built. */
  static WorkTable of(int id) {
    var table = BUILDING.orElse(Map.of()).get(id);
    if (table == null) {
      throw new IllegalStateException("work table #" + id + " outside its recursive union");
    }
    return table;
  }
}
