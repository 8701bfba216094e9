package io.kitesql.data.repository.query;

import io.kitesql.data.mapping.Conversions;
import io.kitesql.data.mapping.EntityMapping;
import io.kitesql.data.mapping.MappedColumn;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.data.core.PropertyPath;
import org.springframework.data.repository.query.parser.Part;
import org.springframework.data.repository.query.parser.PartTree;

/**
 * The WHERE clause of a derived query, from its {@link PartTree}: checked when the repository is
 * made (unknown keywords and properties, and IgnoreCase on non-text properties fail start-up; a
 * nested path reaches a property of an {@code @Embedded} value: {@code findByAddressCity}) and
 * written per call only when an In/NotIn part needs one marker per element.
 */
final class WhereClause {
  /**
   * One predicate: its column, keyword, whether to compare case-insensitively, and the reference it
   * goes through (then the column is the referenced entity's).
   */
  private record Predicate(
      MappedColumn column, Part.Type type, boolean ignoreCase, ReferencePaths.@Nullable Via via) {}

  private final List<List<Predicate>> disjuncts = new ArrayList<>();
  private final @Nullable String fixedSql;
  private final int markerCount;

  /**
   * @param references the parts of {@code tree} that go through an {@code AggregateReference}
   */
  WhereClause(PartTree tree, EntityMapping<?> mapping, String method, ReferencePaths references) {
    boolean collections = false;
    int index = 0;
    for (var or : tree) {
      var conjuncts = new ArrayList<Predicate>();
      for (var part : or) {
        var path = part.getProperty();
        var via = references.via(index++).orElse(null);
        if (via != null
            && (path.hasNext() || !path.getSegment().equals(via.reference().propertyName()))) {
          throw new IllegalStateException(
              method
                  + ": the part through "
                  + via.reference().propertyName()
                  + " was parsed as "
                  + path.toDotPath()); // the name's parts were split apart differently from Spring
          // Data's parser
        }
        var column =
            via != null
                ? via.column()
                : path.hasNext()
                    ? nestedColumn(mapping, path, method)
                    : mapping.requiredColumn(path.getSegment());
        var type = supported(part.getType(), method);
        boolean ignoreCase =
            switch (part.shouldIgnoreCase()) {
              case NEVER -> false;
              case WHEN_POSSIBLE -> isText(column);
              case ALWAYS -> {
                if (!isText(column)) {
                  throw new IllegalArgumentException(
                      method + ": IgnoreCase on " + path.getSegment() + ", which is not text");
                }
                yield true;
              }
            };
        collections |= type == Part.Type.IN || type == Part.Type.NOT_IN;
        conjuncts.add(new Predicate(column, type, ignoreCase, via));
      }
      disjuncts.add(conjuncts);
    }
    this.fixedSql = collections ? null : render(null, new ArrayList<>());
    this.markerCount =
        disjuncts.stream()
            .flatMap(List::stream)
            .mapToInt(p -> p.type().getNumberOfArguments())
            .sum();
  }

  /** The clause's text with one marker per In/NotIn collection, to show and EXPLAIN. */
  String describe() {
    return fixedSql != null ? fixedSql : render(null, new ArrayList<>());
  }

  /** The number of parameter markers (In/NotIn collections counted as one). */
  int markerCount() {
    return markerCount;
  }

  /**
   * The keyword of each marker in order, one per argument it binds; for {@link AheadOfTimeQuery}.
   */
  List<Part.Type> markerTypes() {
    var types = new ArrayList<Part.Type>(markerCount);
    for (var conjuncts : disjuncts) {
      for (var p : conjuncts) {
        for (int i = 0; i < p.type().getNumberOfArguments(); i++) {
          types.add(p.type());
        }
      }
    }
    return types;
  }

  /** Whether the clause's text is the same for every call (no In/NotIn to expand). */
  boolean isFixed() {
    return fixedSql != null;
  }

  /**
   * The clause ({@code " where ..."} or empty) for these method arguments, adding the parameter
   * values it binds to {@code bound} in marker order.
   */
  String sql(Iterator<@Nullable Object> arguments, List<@Nullable Object> bound) {
    if (fixedSql != null) {
      for (int d = 0; d < disjuncts.size(); d++) { // indexed: no iterator per call
        var conjuncts = disjuncts.get(d);
        for (int c = 0; c < conjuncts.size(); c++) {
          var p = conjuncts.get(c);
          for (int i = 0; i < p.type().getNumberOfArguments(); i++) {
            bound.add(likeArgument(p.type(), arguments.next()));
          }
        }
      }
      return fixedSql;
    }
    return render(arguments, bound);
  }

  /**
   * The statement arguments of a fixed clause, converted for the engine, taken straight from the
   * method's arguments (every one bindable: the method has no Sort, Pageable or Limit parameter).
   */
  @Nullable Object[] bindFixed(@Nullable Object[] arguments, Conversions conversions) {
    var bound = new @Nullable Object[markerCount];
    int next = 0;
    for (int d = 0; d < disjuncts.size(); d++) { // indexed: no iterator per call
      var conjuncts = disjuncts.get(d);
      for (int c = 0; c < conjuncts.size(); c++) {
        var p = conjuncts.get(c);
        for (int i = 0; i < p.type().getNumberOfArguments(); i++, next++) {
          bound[next] = conversions.write(likeArgument(p.type(), arguments[next]));
        }
      }
    }
    return bound;
  }

  private String render(
      @Nullable Iterator<@Nullable Object> arguments, List<@Nullable Object> bound) {
    if (disjuncts.isEmpty()) {
      return "";
    }
    var sql = new StringBuilder(" where ");
    for (int d = 0; d < disjuncts.size(); d++) {
      sql.append(d == 0 ? "" : " or ").append(disjuncts.size() > 1 ? "(" : "");
      var conjuncts = disjuncts.get(d);
      for (int c = 0; c < conjuncts.size(); c++) {
        sql.append(c == 0 ? "" : " and ");
        predicate(sql, conjuncts.get(c), arguments, bound);
      }
      sql.append(disjuncts.size() > 1 ? ")" : "");
    }
    return sql.toString();
  }

  private static void predicate(
      StringBuilder sql,
      Predicate p,
      @Nullable Iterator<@Nullable Object> arguments,
      List<@Nullable Object> bound) {
    var via = p.via();
    if (via == null) {
      ownPredicate(sql, p, arguments, bound);
      return;
    }
    // the referenced rows that match, by their ids: an inner join's meaning without reshaping the
    // select
    sql.append(via.reference().sql())
        .append(" in (select ")
        .append(via.target().id().sql())
        .append(" from ")
        .append(via.target().table())
        .append(" where ");
    ownPredicate(sql, p, arguments, bound);
    sql.append(')');
  }

  private static void ownPredicate(
      StringBuilder sql,
      Predicate p,
      @Nullable Iterator<@Nullable Object> arguments,
      List<@Nullable Object> bound) {
    var column = p.ignoreCase() ? "upper(" + p.column().sql() + ")" : p.column().sql();
    var marker = p.ignoreCase() ? "upper(?)" : "?";
    switch (p.type()) {
      case SIMPLE_PROPERTY -> sql.append(column).append(" = ").append(marker);
      case NEGATING_SIMPLE_PROPERTY -> sql.append(column).append(" <> ").append(marker);
      case LESS_THAN, BEFORE -> sql.append(column).append(" < ").append(marker);
      case LESS_THAN_EQUAL -> sql.append(column).append(" <= ").append(marker);
      case GREATER_THAN, AFTER -> sql.append(column).append(" > ").append(marker);
      case GREATER_THAN_EQUAL -> sql.append(column).append(" >= ").append(marker);
      case BETWEEN ->
          sql.append(column).append(" between ").append(marker).append(" and ").append(marker);
      case IS_NULL -> sql.append(p.column().sql()).append(" is null");
      case IS_NOT_NULL -> sql.append(p.column().sql()).append(" is not null");
      case TRUE -> sql.append(p.column().sql()).append(" = true");
      case FALSE -> sql.append(p.column().sql()).append(" = false");
      case LIKE, STARTING_WITH, ENDING_WITH, CONTAINING ->
          sql.append(p.column().sql())
              .append(p.ignoreCase() ? " ilike ?" : " like ?")
              .append(escapeClause(p.type()));
      case NOT_LIKE, NOT_CONTAINING ->
          sql.append(p.column().sql())
              .append(p.ignoreCase() ? " not ilike ?" : " not like ?")
              .append(escapeClause(p.type()));
      case IN, NOT_IN -> {
        int n =
            arguments == null ? 1 : collection(arguments, p, bound); // described with one element
        boolean not = p.type() == Part.Type.NOT_IN;
        if (n == 0) {
          sql.append(not ? "true" : "false"); // IN () is not SQL; an empty list matches nothing
        } else {
          sql.append(column)
              .append(not ? " not in (" : " in (")
              .append(String.join(", ", java.util.Collections.nCopies(n, marker)))
              .append(')');
        }
        return;
      }
      default -> throw new IllegalStateException("unchecked keyword " + p.type());
    }
    if (arguments != null) {
      for (int i = 0; i < p.type().getNumberOfArguments(); i++) {
        bound.add(likeArgument(p.type(), arguments.next()));
      }
    }
  }

  private static int collection(
      Iterator<@Nullable Object> arguments, Predicate p, List<@Nullable Object> bound) {
    var argument = arguments.next();
    Collection<?> values =
        switch (argument) {
          case Collection<?> c -> c;
          case Object[] array -> List.of(array);
          case null ->
              throw new IllegalArgumentException(
                  p.type() + " on " + p.column().propertyName() + " needs a collection, got null");
          default -> List.of(argument);
        };
    bound.addAll(values);
    return values.size();
  }

  private static String escapeClause(Part.Type type) {
    return type == Part.Type.LIKE || type == Part.Type.NOT_LIKE ? "" : " escape '\\'";
  }

  /** StartingWith/EndingWith/Containing match the argument literally: its wildcards are escaped. */
  static @Nullable Object likeArgument(Part.Type type, @Nullable Object argument) {
    if (argument == null
        || type == Part.Type.LIKE
        || type == Part.Type.NOT_LIKE
        || !(argument instanceof CharSequence text)) {
      return argument;
    }
    var escaped = text.toString().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    return switch (type) {
      case STARTING_WITH -> escaped + "%";
      case ENDING_WITH -> "%" + escaped;
      case CONTAINING, NOT_CONTAINING -> "%" + escaped + "%";
      default -> argument;
    };
  }

  private static Part.Type supported(Part.Type type, String method) {
    return switch (type) {
      case SIMPLE_PROPERTY,
          NEGATING_SIMPLE_PROPERTY,
          LESS_THAN,
          LESS_THAN_EQUAL,
          GREATER_THAN,
          GREATER_THAN_EQUAL,
          BEFORE,
          AFTER,
          BETWEEN,
          IS_NULL,
          IS_NOT_NULL,
          TRUE,
          FALSE,
          LIKE,
          NOT_LIKE,
          STARTING_WITH,
          ENDING_WITH,
          CONTAINING,
          NOT_CONTAINING,
          IN,
          NOT_IN ->
          type;
      default ->
          throw new IllegalArgumentException(
              method
                  + ": the keyword "
                  + type
                  + " ("
                  + type.getKeywords()
                  + ") is not supported by KiteSQL derived queries");
    };
  }

  /**
   * The column of a nested path: a property of an {@code @Embedded} value ({@code address.city}).
   */
  private static MappedColumn nestedColumn(
      EntityMapping<?> mapping, PropertyPath path, String method) {
    return mapping
        .column(path.toDotPath())
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    method
                        + ": "
                        + path.toDotPath()
                        + " is a nested property KiteSQL cannot filter on; derived queries reach the entity's columns, the properties of its"
                        + " @Embedded values and of entities an AggregateReference points to"));
  }

  private static boolean isText(MappedColumn column) {
    var type = column.property().getType();
    return CharSequence.class.isAssignableFrom(type) || type.isEnum();
  }
}
