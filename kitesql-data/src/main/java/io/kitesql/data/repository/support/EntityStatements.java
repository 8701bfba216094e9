package io.kitesql.data.repository.support;

import io.kitesql.data.mapping.EntityMapping;
import io.kitesql.data.mapping.MappedColumn;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The SQL of one entity's CRUD operations, written once when its repository is made. Columns are
 * listed by name and quoted, in the entity's property order.
 */
record EntityStatements(
    String selectAll,
    String selectById,
    String existsById,
    String count,
    String insert,
    String insertGeneratingId,
    String update,
    String deleteById,
    String deleteByIdAndVersion,
    String deleteAll,
    List<MappedColumn> updatedColumns) {

  static EntityStatements of(EntityMapping<?> mapping) {
    var table = mapping.table();
    var idMatch = idMatch(mapping);
    var columns = mapping.columns();
    var list = columns.stream().map(MappedColumn::sql).collect(Collectors.joining(", "));
    var selectAll = "select " + list + " from " + table;
    var updated = columns.stream().filter(c -> !mapping.idColumns().contains(c)).toList();
    var assignments = updated.stream().map(c -> c.sql() + " = ?").collect(Collectors.joining(", "));
    var versionCheck = mapping.version().map(v -> " and " + v.sql() + " = ?").orElse("");
    return new EntityStatements(
        selectAll,
        selectAll + " where " + idMatch,
        "select 1 from " + table + " where " + idMatch + " limit 1",
        "select count(*) from " + table,
        "insert into "
            + table
            + " ("
            + list
            + ") values ("
            + String.join(", ", Collections.nCopies(columns.size(), "?"))
            + ")",
        "insert into "
            + table
            + " ("
            + updated.stream().map(MappedColumn::sql).collect(Collectors.joining(", "))
            + ") values ("
            + String.join(", ", Collections.nCopies(updated.size(), "?"))
            + ") returning "
            + idList(mapping),
        "update " + table + " set " + assignments + " where " + idMatch + versionCheck,
        "delete from " + table + " where " + idMatch,
        "delete from " + table + " where " + idMatch + versionCheck,
        "delete from " + table,
        updated);
  }

  /**
   * {@code insert ... values (...), (...)} of {@code n} rows: every column, or with {@code
   * generatingId} every column but the id, which the identity column makes and RETURNING hands
   * back.
   */
  String insertRows(int n, boolean generatingId, EntityMapping<?> mapping) {
    var columns = generatingId ? updatedColumns : mapping.columns();
    return "insert into "
        + mapping.table()
        + " ("
        + columns.stream().map(MappedColumn::sql).collect(Collectors.joining(", "))
        + ") values "
        + rows(n, columns.size())
        + (generatingId ? " returning " + idList(mapping) : "");
  }

  /**
   * {@code insert ... values (...), ... on conflict (id) do update set every other column =
   * excluded's}, {@code n} rows.
   */
  String upsertRows(int n, EntityMapping<?> mapping) {
    var columns = mapping.columns();
    var update =
        updatedColumns.isEmpty()
            ? " do nothing"
            : " do update set "
                + updatedColumns.stream()
                    .map(c -> c.sql() + " = excluded." + c.sql())
                    .collect(Collectors.joining(", "));
    return "insert into "
        + mapping.table()
        + " ("
        + columns.stream().map(MappedColumn::sql).collect(Collectors.joining(", "))
        + ") values "
        + rows(n, columns.size())
        + " on conflict ("
        + idList(mapping)
        + ")"
        + update;
  }

  private static String rows(int n, int columns) {
    var row = "(" + String.join(", ", Collections.nCopies(columns, "?")) + ")";
    return String.join(", ", Collections.nCopies(n, row));
  }

  /**
   * {@code select ... where id in (?, ?, ...)} for {@code n} ids; for a composite id one {@code (a
   * = ? and b = ?)} per id, or'ed.
   */
  String selectByIds(EntityMapping<?> mapping, int n) {
    return selectAll + " where " + idsMatch(mapping, n);
  }

  String deleteByIds(EntityMapping<?> mapping, int n) {
    return deleteAll + " where " + idsMatch(mapping, n);
  }

  /** {@code "id" = ?}, or {@code "a" = ? and "b" = ?} for a composite id. */
  private static String idMatch(EntityMapping<?> mapping) {
    return mapping.idColumns().stream()
        .map(c -> c.sql() + " = ?")
        .collect(Collectors.joining(" and "));
  }

  private static String idList(EntityMapping<?> mapping) {
    return mapping.idColumns().stream().map(MappedColumn::sql).collect(Collectors.joining(", "));
  }

  private static String idsMatch(EntityMapping<?> mapping, int n) {
    if (!mapping.hasCompositeId()) {
      return mapping.id().sql() + " in (" + String.join(", ", Collections.nCopies(n, "?")) + ")";
    }
    return String.join(" or ", Collections.nCopies(n, "(" + idMatch(mapping) + ")"));
  }
}
