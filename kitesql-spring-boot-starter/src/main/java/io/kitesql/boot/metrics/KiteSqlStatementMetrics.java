package io.kitesql.boot.metrics;

import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.api.ExecutionListener;
import io.kitesql.api.PreparedStatement;
import io.kitesql.api.ThreadAllocation;
import io.kitesql.boot.autoconfigure.StatementPlans;
import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.core.Statement;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.observation.ObservationRegistry;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Records every statement the {@link Database} executes, as its {@link ExecutionListener} (see
 * {@link DirectSqlMetrics}): one execution, one record. A statement is tagged with the label its
 * caller gave the execution: for a {@code KiteSqlTemplate} and its repositories the statement's
 * low-cardinality name ({@code NoteRepository.findByAuthor}; {@value #UNNAMED} for SQL through the
 * template that nobody named); {@value #DIRECT} for SQL run on the {@code Database} directly,
 * without a label. The starter's own EXPLAINs and row counts ({@link StatementPlans#HOUSEKEEPING})
 * are not recorded.
 *
 * <ul>
 *   <li>{@code kitesql.query} timer, tags {@code statement}, {@code outcome} ({@code success} or
 *       {@code error}) and {@code exception} ({@code none}; the engine's error code, e.g. {@code
 *       UNKNOWN_TABLE}; or the failure's simple class name);
 *   <li>{@code kitesql.query.allocated} distribution summary (bytes): Java heap bytes the executing
 *       thread allocated during the statement (a query: until its cursor ended, so the mapping of
 *       its rows included), from {@code
 *       com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes} read before and after, plus
 *       what the engine's writer thread allocated running the statement's writes for it ({@link
 *       ThreadAllocation}). The JDK answers -1 on virtual threads: such calls are counted in {@code
 *       kitesql.query.allocated.unmeasured} instead, never recorded as 0;
 *   <li>{@code kitesql.query.rows} distribution summary: rows returned (queries) or written;
 *   <li>{@code kitesql.query.bytes.visited} distribution summary: bytes of the LMDB map the engine
 *       read in place for the statement, for every row it visited, also those a filter dropped or a
 *       sort, an aggregate or a LIMIT left out (the engine's {@code Transaction.bytesBorrowed()}
 *       over the statement): the work of the read, which grows with the rows scanned;
 *   <li>{@code kitesql.query.bytes.returned} distribution summary: bytes of the text and binary
 *       values of the returned rows that the application took from the cursor, borrowed or copied;
 *   <li>{@code kitesql.query.bytes.copied} distribution summary: bytes copied out of the map (by a
 *       write transaction; by the template into {@code String}s, or for a caller outside any
 *       transaction). Zero while reads stay zero-copy.
 * </ul>
 *
 * <p>What they leave out: these meters measure the statement, from its start until its cursor ended
 * (read to the end, closed, or closed by the end of its transaction), so mapping the rows counts.
 * The work after it (writing JSON, the web framework, the view) does not; for a web request's whole
 * cost measure the request (Boot's {@code http.server.requests} for latency).
 *
 * <p>Per call: the engine's two {@code System.nanoTime()} and two allocation-counter reads, one map
 * lookup and the meters' records, and no object (the engine reuses its measurement of a statement,
 * and the meters of a statement hear its executions themselves); the meters of a statement are made
 * once. No client-side percentiles are asked of Micrometer (they keep rotating HdrHistograms and
 * would cost more than everything else here): the actuator endpoint's p50 and p99 come from a
 * {@link Quantiles} per statement (one array increment per call), and applications that want
 * percentiles or histogram buckets published turn them on per meter as usual, e.g. {@code
 * management.metrics.distribution.percentiles-histogram.kitesql.query=true}.
 *
 * <p>With an {@link ObservationRegistry} (and {@code kitesql.metrics.observations.enabled=true}),
 * each statement is also an {@value #OBSERVATION} observation, so tracing gets a span per
 * statement; the meters above are recorded either way.
 *
 * <p>If a cursor ends on another thread than the one that ran the query (a transaction ended
 * elsewhere), its allocation is counted as unmeasured rather than mixed from two threads. SQL that
 * fails to parse never reaches the engine's listener and is not counted.
 */
public final class KiteSqlStatementMetrics implements ExecutionListener {
  /** The statement tag of SQL through the template that was given no name. */
  public static final String UNNAMED = KiteSqlTemplate.UNNAMED;

  /** The statement tag of SQL run on the {@code Database} directly, not through the template. */
  public static final String DIRECT = "direct";

  /** The name of the observation each statement makes when observations are on. */
  public static final String OBSERVATION = "kitesql.statement";

  /** How many distinct SQL texts are remembered per statement name. */
  public static final int MAX_SQL_TEXTS = 8;

  private final MeterRegistry registry;
  private final boolean allocation;
  private final Map<String, StatementMeters> statements = new ConcurrentHashMap<>();
  private final Consumer<Statement> firstSeen;
  private final @Nullable ObservationRegistry observations;

  public KiteSqlStatementMetrics(MeterRegistry registry, boolean allocation) {
    this(registry, allocation, statement -> {}, null);
  }

  /**
   * @param firstSeen told of the first execution of each named statement (on the executing thread:
   *     must be quick)
   * @param observations when not null (and not a no-op registry), each statement is also a {@value
   *     #OBSERVATION} {@link io.micrometer.observation.Observation}, for tracing spans
   */
  public KiteSqlStatementMetrics(
      MeterRegistry registry,
      boolean allocation,
      Consumer<Statement> firstSeen,
      @Nullable ObservationRegistry observations) {
    this.registry = registry;
    this.allocation = allocation;
    this.firstSeen = firstSeen;
    this.observations = observations == null || observations.isNoop() ? null : observations;
  }

  /** Whether the engine measures each execution's allocation for these metrics. */
  @Override
  public boolean measuresAllocation() {
    return allocation;
  }

  /** A statement without a label: SQL run on the {@code Database} directly. */
  @Override
  public Execution started(PreparedStatement statement) {
    return started(statement, null);
  }

  /**
   * A statement is about to run: recorded under its label, {@value #DIRECT} without one; the
   * starter's housekeeping is not recorded.
   */
  @Override
  public Execution started(PreparedStatement statement, @Nullable String label) {
    if (label == null) {
      return start(meters(DIRECT, false, statement), statement.sql());
    }
    if (label.equals(StatementPlans.HOUSEKEEPING)) {
      return Execution.NONE;
    }
    boolean named = !label.equals(UNNAMED);
    var meters = meters(label, named, statement);
    if (named) {
      meters.sawSql(statement.sql());
    }
    return start(meters, statement.sql());
  }

  /**
   * The meters of {@code key}, made at its first execution, when {@code firstSeen} is told of it if
   * it is {@code named}.
   */
  private StatementMeters meters(String key, boolean named, PreparedStatement statement) {
    var meters = statements.get(key);
    if (meters != null) {
      return meters;
    }
    boolean[] created = {false};
    meters =
        statements.computeIfAbsent(
            key,
            k -> {
              created[0] = true;
              return new StatementMeters(k, registry, allocation);
            });
    if (created[0] && named) {
      firstSeen.accept(Statement.named(key, statement.sql()));
    }
    return meters;
  }

  /**
   * What hears the execution's end: the statement's meters themselves (nothing allocated per call),
   * or with observations on, its observation and then the meters.
   */
  private Execution start(StatementMeters meters, String sql) {
    if (observations == null) {
      return meters;
    }
    var observation = observe(meters.name(), sql, observations);
    return outcome -> {
      meters.ended(outcome);
      if (outcome.failure() != null) {
        observation.error(outcome.failure());
      }
      observation
          .highCardinalityKeyValue("kitesql.rows", Long.toString(outcome.rows()))
          .highCardinalityKeyValue("kitesql.bytes.visited", Long.toString(outcome.bytesBorrowed()))
          .highCardinalityKeyValue("kitesql.bytes.copied", Long.toString(outcome.bytesCopied()))
          .stop();
    };
  }

  /**
   * Starts the statement's observation: contextual name the statement name; low-cardinality {@code
   * db.system=kitesql} and {@code kitesql.statement}; high-cardinality {@code db.statement} (the
   * SQL, spans only).
   */
  private static io.micrometer.observation.Observation observe(
      String name, String sql, ObservationRegistry registry) {
    return io.micrometer.observation.Observation.createNotStarted(OBSERVATION, registry)
        .contextualName(name)
        .lowCardinalityKeyValue("db.system", "kitesql")
        .lowCardinalityKeyValue("kitesql.statement", name)
        .highCardinalityKeyValue("db.statement", sql)
        .start();
  }

  /** The statements seen so far, by name. */
  public Collection<StatementMeters> statements() {
    return statements.values();
  }

  /** The meters of one statement name (null before it first ran). */
  public @Nullable StatementMeters statement(String name) {
    return statements.get(name);
  }

  /**
   * The meters of one statement name, and the SQL it was first seen with; records each execution of
   * the statement as it ends.
   */
  public static final class StatementMeters implements Execution {
    private final String name;
    private final MeterRegistry registry;
    private final boolean allocation;

    /** Distinct SQL texts seen under this name, the first first (dynamic sorting makes several). */
    private final List<String> sqls = new CopyOnWriteArrayList<>();

    private volatile @Nullable String lastSql;
    final Timer success;
    final DistributionSummary allocated;
    final Counter unmeasured;
    final DistributionSummary rows;
    final DistributionSummary visited;
    final DistributionSummary returned;
    final DistributionSummary copied;

    /**
     * Successful statements' latencies (ns) and allocations (bytes), for the endpoint's p50 and
     * p99.
     */
    final Quantiles latencies = new Quantiles();

    final Quantiles allocations = new Quantiles();
    private final Map<String, Timer> failures = new ConcurrentHashMap<>();

    StatementMeters(String name, MeterRegistry registry, boolean allocation) {
      this.name = name;
      this.registry = registry;
      this.allocation = allocation;
      this.success = timer(name, "success", "none", registry);
      this.allocated =
          DistributionSummary.builder("kitesql.query.allocated")
              .description("Java heap bytes allocated by the thread running the statement")
              .baseUnit("bytes")
              .tag("statement", name)
              .register(registry);
      this.unmeasured =
          Counter.builder("kitesql.query.allocated.unmeasured")
              .description(
                  "Statements whose allocation the JDK could not measure (virtual threads)")
              .tag("statement", name)
              .register(registry);
      this.rows =
          summary(
              "kitesql.query.rows",
              "rows",
              "Rows returned (queries) or written (other statements)",
              name,
              registry);
      this.visited =
          summary(
              "kitesql.query.bytes.visited",
              "bytes",
              "Bytes of the LMDB map read in place for every row the statement visited (filtered, sorted and skipped rows included)",
              name,
              registry);
      this.returned =
          summary(
              "kitesql.query.bytes.returned",
              "bytes",
              "Bytes of the text and binary values of the returned rows the application read",
              name,
              registry);
      this.copied =
          summary(
              "kitesql.query.bytes.copied",
              "bytes",
              "Bytes copied out of the LMDB map",
              name,
              registry);
    }

    private static Timer timer(
        String name, String outcome, String exception, MeterRegistry registry) {
      return Timer.builder("kitesql.query")
          .description("KiteSQL statements")
          .tag("statement", name)
          .tag("outcome", outcome)
          .tag("exception", exception)
          .register(registry);
    }

    private static DistributionSummary summary(
        String meter, String unit, String description, String name, MeterRegistry registry) {
      return DistributionSummary.builder(meter)
          .description(description)
          .baseUnit(unit)
          .tag("statement", name)
          .register(registry);
    }

    /** Records one execution of the statement. */
    @Override
    public void ended(ExecutionListener.Outcome outcome) {
      var failure = outcome.failure();
      long elapsed = outcome.nanos();
      timer(failure).record(elapsed, TimeUnit.NANOSECONDS);
      if (failure == null) {
        latencies.record(elapsed);
      }
      if (allocation) {
        long allocatedBytes = outcome.allocatedBytes();
        if (allocatedBytes >= 0) {
          allocated.record(allocatedBytes);
          allocations.record(allocatedBytes);
        } else {
          unmeasured.increment();
        }
      }
      rows.record(outcome.rows());
      visited.record(outcome.bytesBorrowed());
      returned.record(outcome.bytesReturned());
      copied.record(outcome.bytesCopied());
    }

    Timer timer(@Nullable Throwable failure) {
      if (failure == null) {
        return success;
      }
      var exception =
          failure instanceof KiteSqlException e
              ? e.errorCode().name()
              : failure.getClass().getSimpleName();
      return failures.computeIfAbsent(exception, tag -> timer(name, "error", tag, registry));
    }

    void sawSql(String text) {
      if (text == lastSql) {
        return; // the same constant SQL as last time: the usual case, no comparison of characters
      }
      lastSql = text;
      if (sqls.size() < MAX_SQL_TEXTS && !sqls.contains(text)) {
        sqls.add(text);
      }
    }

    public String name() {
      return name;
    }

    /**
     * The SQL the statement was first seen with; null for {@value #UNNAMED} and {@value #DIRECT}.
     */
    public @Nullable String sql() {
      return sqls.isEmpty() ? null : sqls.getFirst();
    }

    /**
     * Every distinct SQL text seen under this name, the first first; at most {@value
     * #MAX_SQL_TEXTS}.
     */
    public List<String> sqls() {
      return List.copyOf(sqls);
    }

    /** Successful executions. */
    public Timer successTimer() {
      return success;
    }

    /** All executions: successful and failed. */
    public long calls() {
      long count = success.count();
      for (var t : failures.values()) {
        count += t.count();
      }
      return count;
    }

    public DistributionSummary allocated() {
      return allocated;
    }

    /**
     * The {@code p} quantile of successful executions' latency in nanoseconds (within about 6%);
     * NaN before the first.
     */
    public double latencyNanos(double p) {
      return latencies.valueAt(p);
    }

    /**
     * The {@code p} quantile of measured allocation per execution in bytes (within about 6%); NaN
     * when none was measured.
     */
    public double allocatedBytes(double p) {
      return allocations.valueAt(p);
    }

    public Counter unmeasured() {
      return unmeasured;
    }

    public DistributionSummary rows() {
      return rows;
    }

    public DistributionSummary visited() {
      return visited;
    }

    public DistributionSummary returned() {
      return returned;
    }

    public DistributionSummary copied() {
      return copied;
    }
  }
}
