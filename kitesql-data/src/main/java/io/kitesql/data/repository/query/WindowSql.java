package io.kitesql.data.repository.query;

import io.kitesql.data.mapping.EntityMapping;
import io.kitesql.data.mapping.MappedColumn;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.KeysetScrollPosition;
import org.springframework.data.domain.OffsetScrollPosition;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Sort;

/**
 * The statement shape of one {@link org.springframework.data.domain.Window} of a derived query:
 * offset scrolling ({@code limit ? offset ?}) or keyset scrolling, where the window starts after
 * the last row's sort keys ({@code a > ? or (a = ? and b > ?)}), which an index on the sort keys
 * serves without counting skipped rows. The entity's id always ends the sort, so keys are unique.
 *
 * @param where the extra predicate of a keyset window ({@code ""} for none), to AND with the
 *     query's
 * @param arguments its parameter values, in marker order
 * @param sort the sort to run with (reversed when scrolling backward)
 * @param offset rows to skip (offset scrolling)
 * @param backward whether the rows come back in reverse and must be turned around
 */
record WindowSql(
    String where, List<@Nullable Object> arguments, Sort sort, long offset, boolean backward) {

  static WindowSql of(ScrollPosition position, Sort requested, EntityMapping<?> mapping) {
    var sort = withId(requested, mapping);
    return switch (position) {
      case OffsetScrollPosition offset ->
          new WindowSql(
              "", List.of(), sort, offset.isInitial() ? 0 : offset.getOffset() + 1, false);
      case KeysetScrollPosition keyset when keyset.isInitial() ->
          new WindowSql("", List.of(), sort, 0, false);
      case KeysetScrollPosition keyset -> after(keyset, sort, mapping);
      default ->
          throw new InvalidDataAccessApiUsageException(
              "unsupported scroll position " + position.getClass().getName());
    };
  }

  /** The sort keys of {@code values} (property → value), the position after a row. */
  static Map<String, Object> keys(Sort sort, Map<String, @Nullable Object> values) {
    var keys = new LinkedHashMap<String, Object>();
    for (var order : sort) {
      keys.put(order.getProperty(), values.get(order.getProperty()));
    }
    return keys;
  }

  private static Sort withId(Sort sort, EntityMapping<?> mapping) {
    var withId = sort;
    for (var column :
        mapping.idColumns()) { // every column of a composite id, so that the order is total
      var id = column.propertyName();
      withId = withId.getOrderFor(id) != null ? withId : withId.and(Sort.by(id));
    }
    return withId;
  }

  private static WindowSql after(
      KeysetScrollPosition position, Sort sort, EntityMapping<?> mapping) {
    boolean forward = position.scrollsForward();
    var orders = sort.toList();
    var clause = new StringBuilder(" and (");
    var arguments = new ArrayList<@Nullable Object>();
    for (int i = 0; i < orders.size(); i++) {
      clause.append(i == 0 ? "(" : " or (");
      for (int j = 0; j <= i; j++) {
        var order = orders.get(j);
        var column = column(mapping, order.getProperty());
        var value = position.getKeys().get(order.getProperty());
        if (value == null) {
          throw new InvalidDataAccessApiUsageException(
              "keyset position lacks a value for "
                  + order.getProperty()
                  + " (or it is NULL, which keyset scrolling cannot order by)");
        }
        boolean after = order.isAscending() == forward;
        clause
            .append(j == 0 ? "" : " and ")
            .append(column.sql())
            .append(j < i ? " = ?" : after ? " > ?" : " < ?");
        arguments.add(mapping.conversions().write(value));
      }
      clause.append(')');
    }
    clause.append(')');
    var runSort =
        forward
            ? sort
            : Sort.by(
                orders.stream()
                    .map(
                        o ->
                            o.with(
                                o.getDirection().isAscending()
                                    ? Sort.Direction.DESC
                                    : Sort.Direction.ASC))
                    .toList());
    return new WindowSql(clause.toString(), arguments, runSort, 0, !forward);
  }

  private static MappedColumn column(EntityMapping<?> mapping, String property) {
    return mapping
        .column(property)
        .orElseThrow(
            () ->
                new InvalidDataAccessApiUsageException(
                    "cannot scroll by "
                        + property
                        + ": no such property in "
                        + mapping.type().getName()));
  }
}
