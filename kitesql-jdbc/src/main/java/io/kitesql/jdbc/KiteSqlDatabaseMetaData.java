package io.kitesql.jdbc;

import io.kitesql.api.Limits;
import io.kitesql.api.TableInfo;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.RowIdLifetime;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;
import org.jspecify.annotations.Nullable;

/**
 * What KiteSQL is and supports, for tools: the catalog's tables, views, columns, keys and indexes
 * as of the last commit (a schema change of a transaction still running is not in it), type
 * information, and identifier rules: unquoted names fold to lower case, quoted names are exact
 * ({@code "Orders"}). There are no catalogs, schemas, foreign keys, procedures or privileges.
 */
final class KiteSqlDatabaseMetaData implements DatabaseMetaData {
  private static final String VERSION = readVersion();
  private final KiteSqlConnection connection;

  KiteSqlDatabaseMetaData(KiteSqlConnection connection) {
    this.connection = connection;
  }

  private static String readVersion() {
    try (var in = KiteSqlDatabaseMetaData.class.getResourceAsStream("version.properties")) {
      var properties = new Properties();
      if (in != null) {
        properties.load(in);
      }
      return properties.getProperty("version", "0.0.0");
    } catch (IOException e) {
      return "0.0.0";
    }
  }

  /**
   * The leading number of the version's {@code index}th dot-separated part (0 if there is none).
   */
  private static int versionPart(int index) {
    var parts = VERSION.split("[.-]");
    return index < parts.length && parts[index].matches("\\d+")
        ? Integer.parseInt(parts[index])
        : 0;
  }

  private List<TableInfo> catalog() throws SQLException {
    connection.checkOpen();
    try {
      return connection.database().tables();
    } catch (RuntimeException e) {
      throw SqlErrors.translate(e);
    }
  }

  // ---- the catalog ----

  @Override
  public ResultSet getTables(
      @Nullable String catalog,
      @Nullable String schemaPattern,
      @Nullable String tablePattern,
      String @Nullable [] types)
      throws SQLException {
    return CatalogRows.tables(catalog(), catalog, schemaPattern, tablePattern, types);
  }

  @Override
  public ResultSet getColumns(
      @Nullable String catalog,
      @Nullable String schemaPattern,
      @Nullable String tablePattern,
      @Nullable String columnPattern)
      throws SQLException {
    return CatalogRows.columns(catalog(), catalog, schemaPattern, tablePattern, columnPattern);
  }

  @Override
  public ResultSet getPrimaryKeys(@Nullable String catalog, @Nullable String schema, String table)
      throws SQLException {
    return CatalogRows.primaryKeys(catalog(), catalog, schema, table);
  }

  @Override
  public ResultSet getIndexInfo(
      @Nullable String catalog,
      @Nullable String schema,
      String table,
      boolean unique,
      boolean approximate)
      throws SQLException {
    return CatalogRows.indexes(catalog(), catalog, schema, table, unique);
  }

  @Override
  public ResultSet getTypeInfo() throws SQLException {
    connection.checkOpen();
    return CatalogRows.typeInfo();
  }

  @Override
  public ResultSet getTableTypes() throws SQLException {
    connection.checkOpen();
    return CatalogRows.of(
        "TABLE_TYPE", "V", List.of(new Object[] {"TABLE"}, new Object[] {"VIEW"}));
  }

  @Override
  public ResultSet getSchemas() throws SQLException {
    return CatalogRows.empty("TABLE_SCHEM,TABLE_CATALOG");
  }

  @Override
  public ResultSet getSchemas(String catalog, String schemaPattern) throws SQLException {
    return getSchemas();
  }

  @Override
  public ResultSet getCatalogs() throws SQLException {
    return CatalogRows.empty("TABLE_CAT");
  }

  @Override
  public ResultSet getImportedKeys(String catalog, String schema, String table)
      throws SQLException {
    return keys();
  }

  @Override
  public ResultSet getExportedKeys(String catalog, String schema, String table)
      throws SQLException {
    return keys();
  }

  @Override
  public ResultSet getCrossReference(
      String parentCatalog,
      String parentSchema,
      String parentTable,
      String foreignCatalog,
      String foreignSchema,
      String foreignTable)
      throws SQLException {
    return keys();
  }

  private static ResultSet keys() {
    return CatalogRows.empty(
        "PKTABLE_CAT,PKTABLE_SCHEM,PKTABLE_NAME,PKCOLUMN_NAME,FKTABLE_CAT,FKTABLE_SCHEM,FKTABLE_NAME,"
            + "FKCOLUMN_NAME,KEY_SEQ,UPDATE_RULE,DELETE_RULE,FK_NAME,PK_NAME,DEFERRABILITY");
  }

  @Override
  public ResultSet getProcedures(String catalog, String schemaPattern, String namePattern)
      throws SQLException {
    return CatalogRows.empty(
        "PROCEDURE_CAT,PROCEDURE_SCHEM,PROCEDURE_NAME,R1,R2,R3,REMARKS,PROCEDURE_TYPE,SPECIFIC_NAME");
  }

  @Override
  public ResultSet getProcedureColumns(
      String catalog, String schemaPattern, String namePattern, String columnPattern)
      throws SQLException {
    return CatalogRows.empty(
        "PROCEDURE_CAT,PROCEDURE_SCHEM,PROCEDURE_NAME,COLUMN_NAME,COLUMN_TYPE,DATA_TYPE,TYPE_NAME,PRECISION,"
            + "LENGTH,SCALE,RADIX,NULLABLE,REMARKS,COLUMN_DEF,SQL_DATA_TYPE,SQL_DATETIME_SUB,CHAR_OCTET_LENGTH,ORDINAL_POSITION,"
            + "IS_NULLABLE,SPECIFIC_NAME");
  }

  @Override
  public ResultSet getFunctions(String catalog, String schemaPattern, String namePattern)
      throws SQLException {
    return CatalogRows.empty(
        "FUNCTION_CAT,FUNCTION_SCHEM,FUNCTION_NAME,REMARKS,FUNCTION_TYPE,SPECIFIC_NAME");
  }

  @Override
  public ResultSet getFunctionColumns(
      String catalog, String schemaPattern, String namePattern, String columnPattern)
      throws SQLException {
    return CatalogRows.empty(
        "FUNCTION_CAT,FUNCTION_SCHEM,FUNCTION_NAME,COLUMN_NAME,COLUMN_TYPE,DATA_TYPE,TYPE_NAME,PRECISION,"
            + "LENGTH,SCALE,RADIX,NULLABLE,REMARKS,CHAR_OCTET_LENGTH,ORDINAL_POSITION,IS_NULLABLE,SPECIFIC_NAME");
  }

  @Override
  public ResultSet getColumnPrivileges(
      String catalog, String schema, String table, String columnPattern) throws SQLException {
    return CatalogRows.empty(
        "TABLE_CAT,TABLE_SCHEM,TABLE_NAME,COLUMN_NAME,GRANTOR,GRANTEE,PRIVILEGE,IS_GRANTABLE");
  }

  @Override
  public ResultSet getTablePrivileges(String catalog, String schemaPattern, String tablePattern)
      throws SQLException {
    return CatalogRows.empty(
        "TABLE_CAT,TABLE_SCHEM,TABLE_NAME,GRANTOR,GRANTEE,PRIVILEGE,IS_GRANTABLE");
  }

  @Override
  public ResultSet getBestRowIdentifier(
      String catalog, String schema, String table, int scope, boolean nullable)
      throws SQLException {
    return CatalogRows.empty(
        "SCOPE,COLUMN_NAME,DATA_TYPE,TYPE_NAME,COLUMN_SIZE,BUFFER_LENGTH,DECIMAL_DIGITS,PSEUDO_COLUMN");
  }

  @Override
  public ResultSet getVersionColumns(String catalog, String schema, String table)
      throws SQLException {
    return CatalogRows.empty(
        "SCOPE,COLUMN_NAME,DATA_TYPE,TYPE_NAME,COLUMN_SIZE,BUFFER_LENGTH,DECIMAL_DIGITS,PSEUDO_COLUMN");
  }

  @Override
  public ResultSet getUDTs(String catalog, String schemaPattern, String typePattern, int[] types)
      throws SQLException {
    return CatalogRows.empty(
        "TYPE_CAT,TYPE_SCHEM,TYPE_NAME,CLASS_NAME,DATA_TYPE,REMARKS,BASE_TYPE");
  }

  @Override
  public ResultSet getSuperTypes(String catalog, String schemaPattern, String typePattern)
      throws SQLException {
    return CatalogRows.empty(
        "TYPE_CAT,TYPE_SCHEM,TYPE_NAME,SUPERTYPE_CAT,SUPERTYPE_SCHEM,SUPERTYPE_NAME");
  }

  @Override
  public ResultSet getSuperTables(String catalog, String schemaPattern, String tablePattern)
      throws SQLException {
    return CatalogRows.empty("TABLE_CAT,TABLE_SCHEM,TABLE_NAME,SUPERTABLE_NAME");
  }

  @Override
  public ResultSet getAttributes(
      String catalog, String schemaPattern, String typePattern, String attributePattern)
      throws SQLException {
    return CatalogRows.empty(
        "TYPE_CAT,TYPE_SCHEM,TYPE_NAME,ATTR_NAME,DATA_TYPE,ATTR_TYPE_NAME,ATTR_SIZE,DECIMAL_DIGITS,"
            + "NUM_PREC_RADIX,NULLABLE,REMARKS,ATTR_DEF,SQL_DATA_TYPE,SQL_DATETIME_SUB,CHAR_OCTET_LENGTH,ORDINAL_POSITION,"
            + "IS_NULLABLE,SCOPE_CATALOG,SCOPE_SCHEMA,SCOPE_TABLE,SOURCE_DATA_TYPE");
  }

  @Override
  public ResultSet getClientInfoProperties() throws SQLException {
    return CatalogRows.empty("NAME,MAX_LEN,DEFAULT_VALUE,DESCRIPTION");
  }

  @Override
  public ResultSet getPseudoColumns(
      String catalog, String schemaPattern, String tablePattern, String columnPattern)
      throws SQLException {
    return CatalogRows.empty(
        "TABLE_CAT,TABLE_SCHEM,TABLE_NAME,COLUMN_NAME,DATA_TYPE,COLUMN_SIZE,DECIMAL_DIGITS,NUM_PREC_RADIX,"
            + "COLUMN_USAGE,REMARKS,CHAR_OCTET_LENGTH,IS_NULLABLE");
  }

  // ---- the product ----

  @Override
  public String getDatabaseProductName() {
    return "KiteSQL";
  }

  @Override
  public String getDatabaseProductVersion() {
    return VERSION;
  }

  @Override
  public int getDatabaseMajorVersion() {
    return versionPart(0);
  }

  @Override
  public int getDatabaseMinorVersion() {
    return versionPart(1);
  }

  @Override
  public String getDriverName() {
    return "KiteSQL JDBC";
  }

  @Override
  public String getDriverVersion() {
    return VERSION;
  }

  @Override
  public int getDriverMajorVersion() {
    return versionPart(0);
  }

  @Override
  public int getDriverMinorVersion() {
    return versionPart(1);
  }

  @Override
  public int getJDBCMajorVersion() {
    return 4;
  }

  @Override
  public int getJDBCMinorVersion() {
    return 3;
  }

  @Override
  public String getURL() {
    return connection.url();
  }

  @Override
  public String getUserName() {
    return "";
  }

  @Override
  public Connection getConnection() {
    return connection;
  }

  @Override
  public boolean isReadOnly() throws SQLException {
    return connection.isReadOnly();
  }

  @Override
  public boolean usesLocalFiles() {
    return true;
  }

  @Override
  public boolean usesLocalFilePerTable() {
    return false;
  }

  // ---- identifiers: unquoted names fold to lower case, quoted ones are exact ----

  @Override
  public String getIdentifierQuoteString() {
    return "\"";
  }

  @Override
  public boolean supportsMixedCaseIdentifiers() {
    return false;
  }

  @Override
  public boolean storesUpperCaseIdentifiers() {
    return false;
  }

  @Override
  public boolean storesLowerCaseIdentifiers() {
    return true;
  }

  @Override
  public boolean storesMixedCaseIdentifiers() {
    return false;
  }

  @Override
  public boolean supportsMixedCaseQuotedIdentifiers() {
    return true;
  }

  @Override
  public boolean storesUpperCaseQuotedIdentifiers() {
    return false;
  }

  @Override
  public boolean storesLowerCaseQuotedIdentifiers() {
    return false;
  }

  @Override
  public boolean storesMixedCaseQuotedIdentifiers() {
    return false;
  }

  @Override
  public String getExtraNameCharacters() {
    return "";
  }

  @Override
  public String getSearchStringEscape() {
    return "\\";
  }

  @Override
  public String getSchemaTerm() {
    return "schema";
  }

  @Override
  public String getProcedureTerm() {
    return "procedure";
  }

  @Override
  public String getCatalogTerm() {
    return "catalog";
  }

  @Override
  public boolean isCatalogAtStart() {
    return true;
  }

  @Override
  public String getCatalogSeparator() {
    return ".";
  }

  /** The keywords of KiteSQL's SQL that SQL:2003 does not have. */
  @Override
  public String getSQLKeywords() {
    return "EXPLAIN,ILIKE,LIMIT,OFFSET,RETURNING";
  }

  @Override
  public String getNumericFunctions() {
    return "ABS,MOD,ROUND";
  }

  @Override
  public String getStringFunctions() {
    return "CHAR_LENGTH,CONCAT,LENGTH,LOWER,OCTET_LENGTH,POSITION,REPLACE,SUBSTRING,TRIM,UPPER";
  }

  @Override
  public String getSystemFunctions() {
    return "COALESCE,IFNULL,NULLIF";
  }

  @Override
  public String getTimeDateFunctions() {
    return "";
  }

  // ---- SQL ----

  /** NULL sorts first ascending and last descending: lower than every value. */
  @Override
  public boolean nullsAreSortedHigh() {
    return false;
  }

  @Override
  public boolean nullsAreSortedLow() {
    return true;
  }

  @Override
  public boolean nullsAreSortedAtStart() {
    return false;
  }

  @Override
  public boolean nullsAreSortedAtEnd() {
    return false;
  }

  @Override
  public boolean nullPlusNonNullIsNull() {
    return true;
  }

  @Override
  public boolean allProceduresAreCallable() {
    return false;
  }

  @Override
  public boolean allTablesAreSelectable() {
    return true;
  }

  @Override
  public boolean supportsAlterTableWithAddColumn() {
    return true;
  }

  @Override
  public boolean supportsAlterTableWithDropColumn() {
    return false;
  }

  @Override
  public boolean supportsColumnAliasing() {
    return true;
  }

  @Override
  public boolean supportsConvert() {
    return false;
  }

  @Override
  public boolean supportsConvert(int fromType, int toType) {
    return false;
  }

  @Override
  public boolean supportsTableCorrelationNames() {
    return true;
  }

  @Override
  public boolean supportsDifferentTableCorrelationNames() {
    return false;
  }

  @Override
  public boolean supportsExpressionsInOrderBy() {
    return true;
  }

  @Override
  public boolean supportsOrderByUnrelated() {
    return true;
  }

  @Override
  public boolean supportsGroupBy() {
    return true;
  }

  @Override
  public boolean supportsGroupByUnrelated() {
    return true;
  }

  @Override
  public boolean supportsGroupByBeyondSelect() {
    return true;
  }

  @Override
  public boolean supportsLikeEscapeClause() {
    return true;
  }

  @Override
  public boolean supportsMultipleResultSets() {
    return false;
  }

  @Override
  public boolean supportsMultipleTransactions() {
    return true;
  }

  @Override
  public boolean supportsNonNullableColumns() {
    return true;
  }

  @Override
  public boolean supportsMinimumSQLGrammar() {
    return true;
  }

  @Override
  public boolean supportsCoreSQLGrammar() {
    return false;
  }

  @Override
  public boolean supportsExtendedSQLGrammar() {
    return false;
  }

  @Override
  public boolean supportsANSI92EntryLevelSQL() {
    return false;
  }

  @Override
  public boolean supportsANSI92IntermediateSQL() {
    return false;
  }

  @Override
  public boolean supportsANSI92FullSQL() {
    return false;
  }

  @Override
  public boolean supportsIntegrityEnhancementFacility() {
    return false;
  }

  @Override
  public boolean supportsOuterJoins() {
    return true;
  }

  @Override
  public boolean supportsFullOuterJoins() {
    return true;
  }

  @Override
  public boolean supportsLimitedOuterJoins() {
    return true;
  }

  @Override
  public boolean supportsSchemasInDataManipulation() {
    return false;
  }

  @Override
  public boolean supportsSchemasInProcedureCalls() {
    return false;
  }

  @Override
  public boolean supportsSchemasInTableDefinitions() {
    return false;
  }

  @Override
  public boolean supportsSchemasInIndexDefinitions() {
    return false;
  }

  @Override
  public boolean supportsSchemasInPrivilegeDefinitions() {
    return false;
  }

  @Override
  public boolean supportsCatalogsInDataManipulation() {
    return false;
  }

  @Override
  public boolean supportsCatalogsInProcedureCalls() {
    return false;
  }

  @Override
  public boolean supportsCatalogsInTableDefinitions() {
    return false;
  }

  @Override
  public boolean supportsCatalogsInIndexDefinitions() {
    return false;
  }

  @Override
  public boolean supportsCatalogsInPrivilegeDefinitions() {
    return false;
  }

  @Override
  public boolean supportsPositionedDelete() {
    return false;
  }

  @Override
  public boolean supportsPositionedUpdate() {
    return false;
  }

  @Override
  public boolean supportsSelectForUpdate() {
    return false;
  }

  @Override
  public boolean supportsStoredProcedures() {
    return false;
  }

  @Override
  public boolean supportsSubqueriesInComparisons() {
    return true;
  }

  @Override
  public boolean supportsSubqueriesInExists() {
    return true;
  }

  @Override
  public boolean supportsSubqueriesInIns() {
    return true;
  }

  @Override
  public boolean supportsSubqueriesInQuantifieds() {
    return true;
  }

  @Override
  public boolean supportsCorrelatedSubqueries() {
    return true;
  }

  @Override
  public boolean supportsUnion() {
    return true;
  }

  @Override
  public boolean supportsUnionAll() {
    return true;
  }

  // ---- transactions, result sets, statements ----

  @Override
  public boolean supportsTransactions() {
    return true;
  }

  @Override
  public int getDefaultTransactionIsolation() {
    return Connection.TRANSACTION_SERIALIZABLE;
  }

  /**
   * Every transaction is serializable; the lower levels are served by it too (see {@link
   * KiteSqlConnection}).
   */
  @Override
  public boolean supportsTransactionIsolationLevel(int level) {
    return level == Connection.TRANSACTION_SERIALIZABLE;
  }

  @Override
  public boolean supportsDataDefinitionAndDataManipulationTransactions() {
    return true;
  }

  @Override
  public boolean supportsDataManipulationTransactionsOnly() {
    return false;
  }

  @Override
  public boolean dataDefinitionCausesTransactionCommit() {
    return false;
  }

  @Override
  public boolean dataDefinitionIgnoredInTransactions() {
    return false;
  }

  @Override
  public boolean supportsOpenCursorsAcrossCommit() {
    return false;
  }

  @Override
  public boolean supportsOpenCursorsAcrossRollback() {
    return false;
  }

  @Override
  public boolean supportsOpenStatementsAcrossCommit() {
    return true;
  }

  @Override
  public boolean supportsOpenStatementsAcrossRollback() {
    return true;
  }

  @Override
  public boolean supportsSavepoints() {
    return false;
  }

  @Override
  public boolean supportsNamedParameters() {
    return false;
  }

  @Override
  public boolean supportsMultipleOpenResults() {
    return false;
  }

  @Override
  public boolean supportsGetGeneratedKeys() {
    return true;
  }

  @Override
  public boolean generatedKeyAlwaysReturned() {
    return true;
  }

  @Override
  public boolean supportsBatchUpdates() {
    return true;
  }

  @Override
  public boolean supportsStatementPooling() {
    return false;
  }

  @Override
  public boolean supportsStoredFunctionsUsingCallSyntax() {
    return false;
  }

  @Override
  public boolean autoCommitFailureClosesAllResultSets() {
    return false;
  }

  @Override
  public boolean locatorsUpdateCopy() {
    return false;
  }

  @Override
  public boolean supportsResultSetType(int type) {
    return type == ResultSet.TYPE_FORWARD_ONLY;
  }

  @Override
  public boolean supportsResultSetConcurrency(int type, int concurrency) {
    return type == ResultSet.TYPE_FORWARD_ONLY && concurrency == ResultSet.CONCUR_READ_ONLY;
  }

  @Override
  public boolean supportsResultSetHoldability(int holdability) {
    return holdability == ResultSet.CLOSE_CURSORS_AT_COMMIT;
  }

  @Override
  public int getResultSetHoldability() {
    return ResultSet.CLOSE_CURSORS_AT_COMMIT;
  }

  @Override
  public boolean ownUpdatesAreVisible(int type) {
    return false;
  }

  @Override
  public boolean ownDeletesAreVisible(int type) {
    return false;
  }

  @Override
  public boolean ownInsertsAreVisible(int type) {
    return false;
  }

  @Override
  public boolean othersUpdatesAreVisible(int type) {
    return false;
  }

  @Override
  public boolean othersDeletesAreVisible(int type) {
    return false;
  }

  @Override
  public boolean othersInsertsAreVisible(int type) {
    return false;
  }

  @Override
  public boolean updatesAreDetected(int type) {
    return false;
  }

  @Override
  public boolean deletesAreDetected(int type) {
    return false;
  }

  @Override
  public boolean insertsAreDetected(int type) {
    return false;
  }

  @Override
  public int getSQLStateType() {
    return sqlStateSQL;
  }

  @Override
  public RowIdLifetime getRowIdLifetime() {
    return RowIdLifetime.ROWID_UNSUPPORTED;
  }

  // ---- limits: 0 where there is none (or it is not known) ----

  @Override
  public int getMaxBinaryLiteralLength() {
    return 0;
  }

  @Override
  public int getMaxCharLiteralLength() {
    return 0;
  }

  @Override
  public int getMaxColumnNameLength() {
    return 0;
  }

  @Override
  public int getMaxColumnsInGroupBy() {
    return 0;
  }

  @Override
  public int getMaxColumnsInIndex() {
    return 0;
  }

  @Override
  public int getMaxColumnsInOrderBy() {
    return 0;
  }

  @Override
  public int getMaxColumnsInSelect() {
    return 0;
  }

  @Override
  public int getMaxColumnsInTable() {
    return 0;
  }

  @Override
  public int getMaxConnections() {
    return 0;
  }

  @Override
  public int getMaxCursorNameLength() {
    return 0;
  }

  /** LMDB's key size limit: an index entry's encoded key takes at most 511 bytes. */
  @Override
  public int getMaxIndexLength() {
    return Limits.MAX_KEY_BYTES;
  }

  @Override
  public int getMaxSchemaNameLength() {
    return 0;
  }

  @Override
  public int getMaxProcedureNameLength() {
    return 0;
  }

  @Override
  public int getMaxCatalogNameLength() {
    return 0;
  }

  @Override
  public int getMaxRowSize() {
    return 0;
  }

  @Override
  public boolean doesMaxRowSizeIncludeBlobs() {
    return false;
  }

  /** The parser's limit on one statement's text (characters). */
  @Override
  public int getMaxStatementLength() {
    return Limits.MAX_STATEMENT_LENGTH;
  }

  @Override
  public int getMaxStatements() {
    return 0;
  }

  @Override
  public int getMaxTableNameLength() {
    return 0;
  }

  @Override
  public int getMaxTablesInSelect() {
    return 0;
  }

  @Override
  public int getMaxUserNameLength() {
    return 0;
  }

  @Override
  public <T> T unwrap(Class<T> type) throws SQLException {
    return Wrappers.unwrap(this, type, "KiteSQL's database metadata");
  }

  @Override
  public boolean isWrapperFor(Class<?> type) {
    return type.isInstance(this);
  }
}
