package io.kitesql.api;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.bind.BoundStatement;
import io.kitesql.bind.StatementBinder;
import io.kitesql.catalog.Catalog;
import io.kitesql.expr.Parameters;
import io.kitesql.expr.PlanningBudget;
import io.kitesql.optimize.Optimizer;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.PlanSize;
import io.kitesql.sql.SqlParser;
import io.kitesql.value.DataType;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import net.sf.jsqlparser.statement.Statement;
import org.jspecify.annotations.Nullable;

/**
 * A statement parsed once and planned once per schema version, executed many times with parameters
 * ({@code ?}, {@code ?1}, {@code $1} or {@code :name}) in any transaction, on any number of threads
 * at once. Obtain one with {@link Database#prepare}; it stays valid across schema changes (it is
 * re-planned against the new schema on its next use).
 */
public final class PreparedStatement {
  private final Database database;
  private final String sql;
  private final Statement parsed;
  private volatile CompiledStatement compiled;

  /** The last plan bound with some untyped slots as VARBINARY (bytes given to them). */
  private volatile BinaryVariant binaryVariant;

  /** An ended execution measurement, reused by the next execution an execution listener watches. */
  final AtomicReference<@Nullable MeasuredExecution> spareMeasurement = new AtomicReference<>();

  private record BinaryVariant(Catalog catalog, BitSet slots, CompiledStatement compiled) {}

  /** Parses now; binds and plans at first use, against the catalog of the executing transaction. */
  PreparedStatement(Database database, String sql) {
    this.database = database;
    this.sql = sql;
    this.parsed = SqlParser.parse(sql);
  }

  public String sql() {
    return sql;
  }

  /** The number of parameter slots (distinct names count once). */
  public int parameterCount() {
    return current().parameters().count();
  }

  /**
   * The SQL type of parameter slot {@code index} (0-based) as the statement uses it; VARCHAR for a
   * slot nothing in the statement types ({@code select ?}).
   *
   * @throws KiteSqlException {@code INVALID_ARGUMENT} if there is no such slot
   */
  public DataType parameterType(int index) {
    var parameters = current().parameters();
    if (index < 0 || index >= parameters.count()) {
      throw new KiteSqlException(
          ErrorCode.INVALID_ARGUMENT,
          "parameter index "
              + index
              + " is out of range: the statement has "
              + parameters.count()
              + " parameters");
    }
    return parameters.type(index);
  }

  /**
   * The result columns of a query or of an INSERT, UPDATE or DELETE ... RETURNING; empty for other
   * statements.
   */
  public List<ResultColumn> columns() {
    return current().columns();
  }

  /**
   * Whether this is a query (SELECT, VALUES or EXPLAIN): run it with {@code query}, others with
   * {@code execute}.
   */
  public boolean isQuery() {
    return current().statement().isQuery();
  }

  /**
   * Whether it returns rows through {@code query()}: a query, or an INSERT, UPDATE or DELETE ...
   * RETURNING.
   */
  public boolean returnsRows() {
    return current().statement().returnsRows();
  }

  /**
   * Where this query's plan, for the current schema, tests a predicate against every row of a
   * table, each with the index that would serve it if one would: for start-up checks of an
   * application's statements and for tools. Empty for a statement that is not a query, and for a
   * query that reads every row by design. Plans it on first use.
   */
  public List<FullScan> fullScans() {
    return queryPlan().map(FullScans::of).orElse(List.of());
  }

  /**
   * The plan of a query as the optimizer made it for the current schema; empty for other
   * statements.
   */
  Optional<PlanNode> queryPlan() {
    return current().statement() instanceof BoundStatement.Query q
        ? Optional.of(q.plan())
        : Optional.empty();
  }

  private CompiledStatement current() {
    return compiledFor(database.catalog());
  }

  /** The plan for {@code catalog}: the cached one, or a new one if the schema changed. */
  CompiledStatement compiledFor(Catalog catalog) {
    var c = compiled;
    if (c != null && c.catalog() == catalog) {
      return c;
    }
    c = compile(catalog);
    compiled = c;
    return c;
  }

  /**
   * The plan for {@code catalog} and these values: the usual one, or, where bytes are given to
   * slots the statement leaves untyped, one bound with those slots VARBINARY ({@link
   * Parameters#untypedBinarySlots}).
   */
  CompiledStatement compiledFor(
      Catalog catalog,
      @Nullable Object @Nullable [] positional,
      @Nullable Map<String, ? extends @Nullable Object> named) {
    var c = compiledFor(catalog);
    if (!c.parameters().bytesInUntypedSlots(positional, named)) {
      return c;
    }
    var slots = c.parameters().untypedBinarySlots(positional, named);
    var v = binaryVariant;
    if (v != null && v.catalog() == catalog && v.slots().equals(slots)) {
      return v.compiled();
    }
    var variant = compile(catalog, slots);
    binaryVariant = new BinaryVariant(catalog, slots, variant);
    return variant;
  }

  private CompiledStatement compile(Catalog catalog) {
    return compile(catalog, new BitSet());
  }

  private CompiledStatement compile(Catalog catalog, BitSet binarySlots) {
    try {
      var params = new Parameters(binarySlots);
      // binding, optimizing and the physical choices run under one time budget, and nothing
      // expands a plan beyond the size budget (docs/reliability.md, "Limits")
      return PlanningBudget.run(
          () -> {
            var bound = StatementBinder.bind(parsed, sql, catalog, params);
            checkSize(bound);
            return new CompiledStatement(catalog, Optimizer.optimize(bound), params);
          });
    } catch (StackOverflowError e) {
      // the binder and optimizer recurse over the expression tree: a chain of 100,000 operators
      // parses (JSqlParser loops) but is too deep to bind; nothing is left half done here
      throw new KiteSqlException(
          ErrorCode.SYNTAX_ERROR, "SQL statement is nested too deeply to plan: " + abbreviate(sql));
    }
  }

  /** Refuses a statement whose plans would expand beyond {@link PlanSize#MAX_NODES}. */
  private static void checkSize(BoundStatement bound) {
    switch (bound) {
      case BoundStatement.Query q -> PlanSize.check(q.plan());
      case BoundStatement.Explain e -> PlanSize.check(e.query().plan());
      case BoundStatement.Insert i -> PlanSize.check(i.source());
      case BoundStatement.Update u ->
          PlanSize.check(
              u.source(), u.assignments().stream().map(BoundStatement.Assignment::value).toList());
      case BoundStatement.Delete d -> PlanSize.check(d.source());
      default -> {} // DDL has no plan
    }
  }

  private static String abbreviate(String sql) {
    return sql.length() <= 120 ? sql : sql.substring(0, 117) + "...";
  }

  @Override
  public String toString() {
    return "PreparedStatement[" + sql + "]";
  }
}
