package io.kitesql.data.jdbc;

import org.springframework.data.jdbc.core.dialect.JdbcArrayColumns;
import org.springframework.data.jdbc.core.dialect.JdbcDialect;
import org.springframework.data.relational.core.dialect.AbstractDialect;
import org.springframework.data.relational.core.dialect.IdGeneration;
import org.springframework.data.relational.core.dialect.LimitClause;
import org.springframework.data.relational.core.dialect.LockClause;
import org.springframework.data.relational.core.sql.IdentifierProcessing;
import org.springframework.data.relational.core.sql.IdentifierProcessing.LetterCasing;
import org.springframework.data.relational.core.sql.IdentifierProcessing.Quoting;
import org.springframework.data.relational.core.sql.LockOptions;

/**
 * Spring Data JDBC's dialect for KiteSQL: the SQL it renders is the SQL KiteSQL's engine runs (see
 * the project's docs/sql.md). {@link KiteSqlDialectProvider} gives it to Spring Data JDBC's {@code
 * DialectResolver} for a connection of the {@code jdbc:kitesql:} driver.
 *
 * <ul>
 *   <li>Names are quoted with double quotes; an unquoted name folds to lower case, so the quoted
 *       names Spring Data JDBC derives are lower case ({@code "thread_id"}), as for PostgreSQL.
 *   <li>Paging is {@code LIMIT n OFFSET m} after ORDER BY.
 *   <li>Generated ids come from identity columns: the driver answers {@code RETURN_GENERATED_KEYS}
 *       with a {@code RETURNING} clause of the table's identity column, in batches too.
 *   <li>Upserts ({@code JdbcAggregateTemplate.upsert}) stay Spring Data's {@code MERGE}, which
 *       KiteSQL refuses by name: Spring Data picks its {@code ON CONFLICT} form by the dialect's
 *       name alone. Write {@code INSERT ... ON CONFLICT} in a {@code @Modifying @Query} instead.
 *   <li>Spring Data JDBC escapes {@code %} and {@code _} in the argument of a derived {@code
 *       StartingWith}/{@code EndingWith}/{@code Containing} query with a backslash and renders no
 *       {@code ESCAPE} clause: the backslash is KiteSQL's default LIKE escape, as PostgreSQL's, so
 *       they match literally.
 *   <li>Pessimistic locks ({@code @Lock}, and the lock Spring Data JDBC takes on an aggregate root
 *       before deleting its collections) are rendered as {@code FOR UPDATE}/{@code FOR SHARE}.
 *       KiteSQL has no row locks: its writers run one at a time, so such a query runs in a
 *       read-write transaction, which keeps every other writer out until it ends; in a read-only
 *       transaction it is refused.
 *   <li>Sequences ({@code @Sequence}) are rendered as {@code NEXT VALUE FOR}, which KiteSQL refuses
 *       by name: use an identity column.
 *   <li>No array columns: KiteSQL has none.
 * </ul>
 */
public class JdbcKiteSqlDialect extends AbstractDialect implements JdbcDialect {

  /** The one instance: the dialect holds no state. */
  public static final JdbcKiteSqlDialect INSTANCE = new JdbcKiteSqlDialect();

  private static final IdentifierProcessing IDENTIFIER_PROCESSING =
      IdentifierProcessing.create(Quoting.ANSI, LetterCasing.LOWER_CASE);

  /**
   * Identity columns for ids; {@code @Sequence} keeps Spring Data's query, which KiteSQL refuses by
   * name.
   */
  private static final IdGeneration ID_GENERATION = IdGeneration.create(IDENTIFIER_PROCESSING);

  private static final LimitClause LIMIT_CLAUSE =
      new LimitClause() {
        @Override
        public String getLimit(long limit) {
          return "LIMIT " + limit;
        }

        @Override
        public String getOffset(long offset) {
          return "OFFSET " + offset;
        }

        @Override
        public String getLimitOffset(long limit, long offset) {
          return "LIMIT " + limit + " OFFSET " + offset;
        }

        @Override
        public Position getClausePosition() {
          return Position.AFTER_ORDER_BY;
        }
      };

  /** The standard clauses, so that KiteSQL refuses a lock by its name instead of ignoring it. */
  private static final LockClause LOCK_CLAUSE =
      new LockClause() {
        @Override
        public String getLock(LockOptions lockOptions) {
          return switch (lockOptions.getLockMode()) {
            case PESSIMISTIC_WRITE -> "FOR UPDATE";
            case PESSIMISTIC_READ -> "FOR SHARE";
          };
        }

        @Override
        public Position getClausePosition() {
          return Position.AFTER_ORDER_BY;
        }
      };

  /** Subclasses may add converters or simple types; {@link #INSTANCE} serves everyone else. */
  protected JdbcKiteSqlDialect() {}

  @Override
  public String getName() {
    return "KiteSQL";
  }

  @Override
  public IdentifierProcessing getIdentifierProcessing() {
    return IDENTIFIER_PROCESSING;
  }

  @Override
  public IdGeneration getIdGeneration() {
    return ID_GENERATION;
  }

  @Override
  public LimitClause limit() {
    return LIMIT_CLAUSE;
  }

  @Override
  public LockClause lock() {
    return LOCK_CLAUSE;
  }

  @Override
  public JdbcArrayColumns getArraySupport() {
    return JdbcArrayColumns.unsupported();
  }

  /** Single-query loading renders window functions over joined aggregates: not tried on KiteSQL. */
  @Override
  public boolean supportsSingleQueryLoading() {
    return false;
  }
}
