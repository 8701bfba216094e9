package io.kitesql.boot.autoconfigure;

import io.kitesql.options.Durability;
import io.kitesql.options.StorageOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;

/**
 * {@code kitesql.*}: where the database lives, how its LMDB environment is sized and how durable
 * commits are (each maps onto one field of {@link StorageOptions}; the defaults are the engine's),
 * schema scripts, and which parts of the starter are on.
 *
 * <p>Validated at binding: a bad value fails start-up with a message naming the property.
 */
@ConfigurationProperties("kitesql")
public class KiteSqlProperties implements Validator {
  /**
   * Directory of the database (created if missing). Relative paths resolve against the working
   * directory. {@code mem:} opens an in-memory database of this application alone, {@code
   * mem:<name>} the in-memory database of that name, shared with {@code jdbc:kitesql:mem:<name>} in
   * this JVM: for tests and throwaway data, not durable (gone when the application stops), nothing
   * left on disk.
   */
  private String path = "./data/kitesql";

  /** Address space reserved for the LMDB map at open. Only pages written use disk. */
  private DataSize mapSize = DataSize.ofGigabytes(64);

  /** The map grows on demand (when a write finds it full) up to this size, never beyond. */
  private DataSize maxMapSize = DataSize.ofTerabytes(1);

  /** LMDB reader slots of the environment (at least 2). */
  private int maxReaders = 126;

  /**
   * Read transactions that may be open at once; below max-readers so other processes keep some
   * slots. Default: max-readers minus a few (120 for 126).
   */
  private @Nullable Integer readPoolSize;

  /**
   * Commit durability: SYNC (fsync every commit), NO_META_SYNC (an OS crash may lose the last
   * commit), NO_SYNC (an OS crash may lose recent commits and damage the database).
   */
  private Durability durability = Durability.SYNC;

  /** How long beginning a read transaction waits for a free reader before failing. */
  private Duration readerWait = Duration.ofSeconds(30);

  /** How long beginning a write transaction waits for the write lock before failing. */
  private Duration writerWait = Duration.ofSeconds(60);

  /**
   * How long growing the map, and each attempt to close the database, waits for open read
   * transactions.
   */
  private Duration drainWait = Duration.ofSeconds(10);

  /**
   * A write transaction up to this size is replayed transparently after the map grew; larger ones
   * fail with a retryable MAP_FULL.
   */
  private DataSize replayLimit = DataSize.ofMegabytes(256);

  /**
   * How long shutdown keeps trying to close the database while transactions are still open;
   * afterwards it logs which are open and leaves the environment to the operating system.
   */
  private Duration closeTimeout = Duration.ofSeconds(30);

  /**
   * Open the database read-only (LMDB's MDB_RDONLY): reads work, every write fails with
   * READ_ONLY_DATABASE, and no file of the database is modified, so a read-only mount works. The
   * path must already hold a database.
   */
  private boolean readOnly = false;

  /**
   * Write pages straight into the map (LMDB's MDB_WRITEMAP): commits write no pages, so one-row
   * transactions of small rows ran 2.5-4x faster (bulk loads may run slower: see
   * StorageOptions.withWriteMap), but the data file takes kitesql.map-size on disk from the start
   * (and each growth allocates the new size), and concurrent transactions no longer share commits.
   * Size the map for the data when turning it on.
   */
  private boolean writeMap = false;

  /**
   * Bytes of rows one statement's operators (sorts, hash tables, windows, buffered joins, recursive
   * CTEs) may hold in memory; past it the statement fails with QUERY_MEMORY_LIMIT. Unset: a quarter
   * of the JVM's maximum heap (Database.setQueryMemoryLimit).
   */
  private @Nullable DataSize queryMemoryLimit;

  /**
   * How long one statement may run before it fails with STATEMENT_TIMEOUT
   * (Database.setStatementTimeout); 0 for no limit. A transaction's timeout (@Transactional(timeout
   * = ...)) applies as well.
   */
  private Duration statementTimeout = Duration.ZERO;

  /**
   * At start-up, after the schema scripts, ANALYZE the tables never measured or whose row count
   * moved by more than a tenth since (Database.analyzeStale), so that the planner chooses indexes
   * by the data's figures. A table whose figures are current costs one lookup; measuring reads a
   * table's keys once. Ignored for a read-only database.
   */
  private boolean analyzeOnStartup = true;

  private final Schema schema = new Schema();
  private final Repositories repositories = new Repositories();
  private final Metrics metrics = new Metrics();
  private final Web web = new Web();
  private final Cache cache = new Cache();
  private final Health health = new Health();

  /** The storage settings these properties describe. */
  public StorageOptions toStorageOptions() {
    var defaults = StorageOptions.defaults().withMaxReaders(maxReaders);
    int pool = readPoolSize != null ? readPoolSize : defaults.readPoolSize();
    var options =
        new StorageOptions(
            mapSize.toBytes(),
            maxMapSize.toBytes(),
            maxReaders,
            pool,
            durability,
            readerWait,
            writerWait,
            drainWait,
            replayLimit.toBytes());
    return readOnly ? options.readOnly() : options.withWriteMap(writeMap);
  }

  @Override
  public boolean supports(Class<?> type) {
    return KiteSqlProperties.class.isAssignableFrom(type);
  }

  @Override
  public void validate(Object target, Errors errors) {
    KiteSqlPropertiesValidation.validate((KiteSqlProperties) target, errors);
  }

  public @Nullable DataSize getQueryMemoryLimit() {
    return queryMemoryLimit;
  }

  public void setQueryMemoryLimit(@Nullable DataSize queryMemoryLimit) {
    this.queryMemoryLimit = queryMemoryLimit;
  }

  public Duration getStatementTimeout() {
    return statementTimeout;
  }

  public void setStatementTimeout(Duration statementTimeout) {
    this.statementTimeout = statementTimeout;
  }

  public String getPath() {
    return path;
  }

  public void setPath(String path) {
    this.path = path;
  }

  public DataSize getMapSize() {
    return mapSize;
  }

  public void setMapSize(DataSize mapSize) {
    this.mapSize = mapSize;
  }

  public DataSize getMaxMapSize() {
    return maxMapSize;
  }

  public void setMaxMapSize(DataSize maxMapSize) {
    this.maxMapSize = maxMapSize;
  }

  public int getMaxReaders() {
    return maxReaders;
  }

  public void setMaxReaders(int maxReaders) {
    this.maxReaders = maxReaders;
  }

  public @Nullable Integer getReadPoolSize() {
    return readPoolSize;
  }

  public void setReadPoolSize(@Nullable Integer readPoolSize) {
    this.readPoolSize = readPoolSize;
  }

  public Durability getDurability() {
    return durability;
  }

  public void setDurability(Durability durability) {
    this.durability = durability;
  }

  public Duration getReaderWait() {
    return readerWait;
  }

  public void setReaderWait(Duration readerWait) {
    this.readerWait = readerWait;
  }

  public Duration getWriterWait() {
    return writerWait;
  }

  public void setWriterWait(Duration writerWait) {
    this.writerWait = writerWait;
  }

  public Duration getDrainWait() {
    return drainWait;
  }

  public void setDrainWait(Duration drainWait) {
    this.drainWait = drainWait;
  }

  public DataSize getReplayLimit() {
    return replayLimit;
  }

  public void setReplayLimit(DataSize replayLimit) {
    this.replayLimit = replayLimit;
  }

  public Duration getCloseTimeout() {
    return closeTimeout;
  }

  public void setCloseTimeout(Duration closeTimeout) {
    this.closeTimeout = closeTimeout;
  }

  public boolean isReadOnly() {
    return readOnly;
  }

  public void setReadOnly(boolean readOnly) {
    this.readOnly = readOnly;
  }

  public boolean isAnalyzeOnStartup() {
    return analyzeOnStartup;
  }

  public void setAnalyzeOnStartup(boolean analyzeOnStartup) {
    this.analyzeOnStartup = analyzeOnStartup;
  }

  public boolean isWriteMap() {
    return writeMap;
  }

  public void setWriteMap(boolean writeMap) {
    this.writeMap = writeMap;
  }

  public Schema getSchema() {
    return schema;
  }

  public Repositories getRepositories() {
    return repositories;
  }

  public Metrics getMetrics() {
    return metrics;
  }

  public Cache getCache() {
    return cache;
  }

  public Web getWeb() {
    return web;
  }

  public Health getHealth() {
    return health;
  }

  /** When schema scripts run. */
  public enum SchemaMode {
    /** Never. */
    NEVER,
    /** When the database has no table yet: at the first start on a fresh directory. */
    IF_EMPTY,
    /** At every start-up (the scripts must then be repeatable). */
    ALWAYS
  }

  /** {@code kitesql.schema.*}: SQL scripts run at start-up, in order, in one write transaction. */
  public static class Schema {
    /**
     * Script locations, run in this order. Statements are separated by ';' (outside quotes and
     * comments). A location prefixed with 'optional:' may be missing.
     */
    private List<String> locations = new ArrayList<>(List.of("optional:classpath:schema.sql"));

    /** When the scripts run: NEVER, IF_EMPTY (the database has no table yet) or ALWAYS. */
    private SchemaMode mode = SchemaMode.IF_EMPTY;

    public List<String> getLocations() {
      return locations;
    }

    public void setLocations(List<String> locations) {
      this.locations = locations;
    }

    public SchemaMode getMode() {
      return mode;
    }

    public void setMode(SchemaMode mode) {
      this.mode = mode;
    }
  }

  /** {@code kitesql.repositories.*}. */
  public static class Repositories {
    /** Whether repository interfaces in the application's packages become KiteSQL repositories. */
    private boolean enabled = true;

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }
  }

  /** {@code kitesql.metrics.*}. */
  public static class Metrics {
    /** Whether every statement is recorded in Micrometer meters (kitesql.query and friends). */
    private boolean enabled = true;

    /**
     * Whether the heap bytes each statement allocates are measured (ThreadMXBean, two reads per
     * statement).
     */
    private boolean allocation = true;

    /**
     * Whether the plan of each repository query method (at start-up) and of each other named
     * statement (at its first execution, on a virtual thread) is checked, with a WARN naming the
     * index that would serve it if it tests a predicate against every row of a table.
     */
    private boolean warnFullScans = true;

    private final Observations observations = new Observations();

    public Observations getObservations() {
      return observations;
    }

    public boolean isWarnFullScans() {
      return warnFullScans;
    }

    public void setWarnFullScans(boolean warnFullScans) {
      this.warnFullScans = warnFullScans;
    }

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }

    public boolean isAllocation() {
      return allocation;
    }

    public void setAllocation(boolean allocation) {
      this.allocation = allocation;
    }
  }

  /** {@code kitesql.metrics.observations.*}. */
  public static class Observations {
    /**
     * Whether each statement is also a Micrometer Observation named kitesql.statement (a tracing
     * span), when the application has an ObservationRegistry. Off by default: Boot's default
     * observation handlers would also time it as a kitesql.statement timer, beside kitesql.query.
     */
    private boolean enabled = false;

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }
  }

  /** {@code kitesql.web.*}. */
  public static class Web {
    /**
     * Whether each web request holds one read-only transaction until its response is written, so
     * borrowed values returned by read-only methods stay valid while the view or JSON is written.
     * Costs a reader slot per request in flight, and LMDB cannot reuse pages freed while a request
     * runs.
     */
    private boolean openReadTransactionInView = true;

    public boolean isOpenReadTransactionInView() {
      return openReadTransactionInView;
    }

    public void setOpenReadTransactionInView(boolean openReadTransactionInView) {
      this.openReadTransactionInView = openReadTransactionInView;
    }
  }

  /** {@code kitesql.cache.*}. */
  public static class Cache {
    /**
     * Whether the caches of the application's CacheManager refuse values that hold text or binary
     * borrowed from a read-only transaction (which die when it ends), failing the call that would
     * have cached them instead of every later hit.
     */
    private boolean refuseBorrowedValues = true;

    public boolean isRefuseBorrowedValues() {
      return refuseBorrowedValues;
    }

    public void setRefuseBorrowedValues(boolean refuseBorrowedValues) {
      this.refuseBorrowedValues = refuseBorrowedValues;
    }
  }

  /** {@code kitesql.health.*}. */
  public static class Health {
    /**
     * The health indicator reports DOWN when the used part of the map reaches this share of
     * max-map-size.
     */
    private double mapUsageThreshold = 0.9;

    public double getMapUsageThreshold() {
      return mapUsageThreshold;
    }

    public void setMapUsageThreshold(double mapUsageThreshold) {
      this.mapUsageThreshold = mapUsageThreshold;
    }
  }
}
