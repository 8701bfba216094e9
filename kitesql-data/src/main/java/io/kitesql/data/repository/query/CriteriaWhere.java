package io.kitesql.data.repository.query;

import io.kitesql.data.mapping.EntityMapping;
import io.kitesql.data.mapping.MappedColumn;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.relational.core.query.CriteriaDefinition;
import org.springframework.data.relational.core.query.CriteriaDefinition.Combinator;
import org.springframework.data.util.Pair;

/**
 * The WHERE clause of a Spring Data Relational {@link CriteriaDefinition}, every value a parameter.
 * Criteria combine as Spring Data Relational renders them, so a criteria object means the same on
 * Spring Data JDBC: a chain ({@code where(a).is(1).or(b).is(2).and(c).is(3)}) is written flat in
 * its order, and SQL precedence applies ({@code and} before {@code or}); a group ({@code
 * Criteria.and(criteria)}, {@code Criteria.from(...)}) is parenthesised. The result is the carrier
 * query by example uses ({@link ExampleCriteria}), so {@link FluentExampleQuery} runs it.
 *
 * <p>A criterion's column names a property of the entity (an embedded value's property by its path,
 * {@code home.city}) or a mapped column's name. {@code like} takes the caller's pattern as it is.
 * Refused with {@link InvalidDataAccessApiUsageException}: an unknown property, an embedded value
 * as a whole, {@code ignoreCase} on a property that is not text, a null value where a comparison
 * needs one.
 */
final class CriteriaWhere {
  private static final String WHERE = " where ";

  private final EntityMapping<?> mapping;

  /** The clause, from {@code " where "} on; sized for a few conditions so that it seldom grows. */
  private final StringBuilder sql = new StringBuilder(160).append(WHERE);

  private final List<@Nullable Object> arguments = new ArrayList<>();

  private CriteriaWhere(EntityMapping<?> mapping) {
    this.mapping = mapping;
  }

  /**
   * The clause ({@code " where ..."}, or empty when {@code criteria} constrains nothing) over
   * {@code mapping}'s table.
   */
  static ExampleCriteria of(CriteriaDefinition criteria, EntityMapping<?> mapping) {
    var where = new CriteriaWhere(mapping);
    if (!where.chain(criteria)) {
      return new ExampleCriteria("", List.of());
    }
    return new ExampleCriteria(where.sql.toString(), where.arguments);
  }

  /**
   * Writes the chain that ends with {@code last}, from its first criterion on; false if it wrote
   * nothing.
   */
  private boolean chain(CriteriaDefinition last) {
    boolean written = last.hasPrevious() && chain(last.getRequiredPrevious());
    return condition(last, written) || written;
  }

  /** Writes one criterion (joined to what precedes it by its combinator); false if it is empty. */
  private boolean condition(CriteriaDefinition criterion, boolean joined) {
    if (criterion.isEmpty()
        || criterion.isGroup()
            && criterion.getGroup().stream().allMatch(CriteriaDefinition::isEmpty)) {
      return false;
    }
    boolean nested =
        joined
            && criterion.getCombinator()
                == Combinator.INITIAL; // Spring Data nests an initial criterion it appends
    if (joined) {
      sql.append(criterion.getCombinator() == Combinator.OR ? " or " : " and ");
    }
    sql.append(nested ? "(" : "");
    if (criterion.isGroup()) {
      sql.append('(');
      boolean written = false;
      for (var member : criterion.getGroup()) {
        if (!member.isEmpty()) {
          written |= member(member, written);
        }
      }
      sql.append(')');
    } else {
      predicate(criterion);
    }
    sql.append(nested ? ")" : "");
    return true;
  }

  /**
   * A group's member: a chain of its own, joined to the members before it by its last criterion's
   * combinator.
   */
  private boolean member(CriteriaDefinition member, boolean joined) {
    if (joined) {
      var combinator = member.getCombinator();
      sql.append(combinator == Combinator.OR ? " or " : " and ")
          .append(combinator == Combinator.INITIAL ? "(" : "");
      chain(member);
      sql.append(combinator == Combinator.INITIAL ? ")" : "");
      return true;
    }
    return chain(member);
  }

  private void predicate(CriteriaDefinition criterion) {
    var column = column(criterion);
    boolean ignoreCase = criterion.isIgnoreCase();
    if (ignoreCase && !isText(column)) {
      throw refused(
          "ignoreCase on "
              + column.propertyName()
              + ", which is a "
              + column.property().getType().getSimpleName()
              + ", not text");
    }
    var name = ignoreCase ? "upper(" + column.sql() + ")" : column.sql();
    var marker = ignoreCase ? "upper(?)" : "?";
    switch (criterion.getComparator()) {
      case EQ -> compare(name, " = ", marker, criterion);
      case NEQ -> compare(name, " <> ", marker, criterion);
      case LT -> compare(name, " < ", marker, criterion);
      case LTE -> compare(name, " <= ", marker, criterion);
      case GT -> compare(name, " > ", marker, criterion);
      case GTE -> compare(name, " >= ", marker, criterion);
      case BETWEEN, NOT_BETWEEN -> between(name, marker, criterion);
      case IS_NULL -> sql.append(column.sql()).append(" is null");
      case IS_NOT_NULL -> sql.append(column.sql()).append(" is not null");
      case IS_TRUE -> sql.append(column.sql()).append(" = true");
      case IS_FALSE -> sql.append(column.sql()).append(" = false");
      case LIKE -> compare(column.sql(), ignoreCase ? " ilike " : " like ", "?", criterion);
      case NOT_LIKE ->
          compare(column.sql(), ignoreCase ? " not ilike " : " not like ", "?", criterion);
      case IN, NOT_IN -> in(name, marker, criterion);
      case INITIAL ->
          throw refused("the criterion on " + column.propertyName() + " has no comparison");
    }
  }

  private void compare(String name, String operator, String marker, CriteriaDefinition criterion) {
    sql.append(name).append(operator).append(marker);
    arguments.add(write(required(criterion.getValue(), criterion)));
  }

  private void between(String name, String marker, CriteriaDefinition criterion) {
    if (!(criterion.getValue() instanceof Pair<?, ?> bounds)) {
      throw refused(
          criterion.getComparator()
              + " on "
              + criterion.getColumn().getReference()
              + " needs two bounds");
    }
    sql.append(name)
        .append(
            criterion.getComparator() == CriteriaDefinition.Comparator.BETWEEN
                ? " between "
                : " not between ")
        .append(marker)
        .append(" and ")
        .append(marker);
    arguments.add(write(required(bounds.getFirst(), criterion)));
    arguments.add(write(required(bounds.getSecond(), criterion)));
  }

  private void in(String name, String marker, CriteriaDefinition criterion) {
    boolean not = criterion.getComparator() == CriteriaDefinition.Comparator.NOT_IN;
    Collection<?> values =
        switch (required(criterion.getValue(), criterion)) {
          case Collection<?> collection -> collection;
          case Object[] array -> List.of(array);
          case Object one -> List.of(one);
        };
    if (values.isEmpty()) {
      sql.append(not ? "true" : "false"); // IN () is not SQL; an empty list matches nothing
      return;
    }
    sql.append(name).append(not ? " not in (" : " in (");
    int i = 0;
    for (var value : values) {
      sql.append(i++ == 0 ? "" : ", ").append(marker);
      arguments.add(write(value));
    }
    sql.append(')');
  }

  private MappedColumn column(CriteriaDefinition criterion) {
    var name = criterion.getColumn().getReference();
    var byProperty = mapping.column(name);
    if (byProperty.isPresent()) {
      return byProperty.get();
    }
    var byColumn = mapping.columns().stream().filter(c -> c.name().equals(name)).findFirst();
    if (byColumn.isPresent()) {
      return byColumn.get();
    }
    boolean embedded =
        mapping.columns().stream()
            .anyMatch(c -> c.embeddedIn() != null && c.embeddedIn().getName().equals(name));
    throw refused(
        embedded
            ? name + " is an embedded value: name one of its properties (" + name + ".<property>)"
            : name
                + " names no property or column of "
                + mapping.type().getName()
                + " (properties: "
                + mapping.columns().stream().map(MappedColumn::propertyName).toList()
                + ")");
  }

  private static Object required(@Nullable Object value, CriteriaDefinition criterion) {
    if (value == null) {
      throw refused(
          criterion.getComparator()
              + " on "
              + criterion.getColumn().getReference()
              + " with a null value: use isNull() or isNotNull()");
    }
    return value;
  }

  private @Nullable Object write(@Nullable Object value) {
    return mapping.conversions().write(value);
  }

  private static InvalidDataAccessApiUsageException refused(String what) {
    return new InvalidDataAccessApiUsageException("criteria: " + what);
  }

  private static boolean isText(MappedColumn column) {
    var type = column.property().getType();
    return CharSequence.class.isAssignableFrom(type) || type.isEnum();
  }
}
