package io.kitesql.jdbc;

import io.kitesql.api.ResultColumn;
import io.kitesql.api.TableInfo;
import io.kitesql.value.DataType;
import io.kitesql.value.Text;
import io.kitesql.value.TypeKind;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The result sets of {@link KiteSqlDatabaseMetaData}'s catalog methods, read from the committed
 * catalog: tables and views, columns, primary keys, indexes, type information. KiteSQL has no
 * catalogs or schemas (their columns are NULL) and no foreign keys, procedures or user-defined
 * types (those methods return no rows, with JDBC's columns).
 */
final class CatalogRows {
  private CatalogRows() {}

  /**
   * A result set of {@code rows} under columns named {@code names} (each typed by {@code types}: V
   * varchar, I int, S smallint, B boolean).
   */
  static ResultSet of(String names, String types, List<Object[]> rows) {
    var labels = names.split(",");
    var columns = new ArrayList<ResultColumn>();
    for (int i = 0; i < labels.length; i++) {
      columns.add(
          new ResultColumn(
              labels[i],
              switch (types.charAt(i)) {
                case 'I' -> DataType.INT;
                case 'S' -> DataType.SMALLINT;
                case 'B' -> DataType.BOOLEAN;
                default -> DataType.VARCHAR;
              }));
    }
    var values = rows.stream().map(CatalogRows::engineValues).toList();
    return new KiteSqlResultSet(null, new Rows.Read(List.copyOf(columns), values), null, 0);
  }

  private static Object[] engineValues(Object[] row) {
    var values = new Object[row.length];
    for (int i = 0; i < row.length; i++) {
      values[i] =
          switch (row[i]) {
            case String s -> Text.of(s);
            case Short s -> (int) s;
            case null, default -> row[i];
          };
    }
    return values;
  }

  static ResultSet empty(String names) {
    return of(names, "V".repeat(names.split(",").length), List.of());
  }

  /**
   * JDBC's name pattern ({@code %}, {@code _}, escape {@code \}) as a predicate; null matches every
   * name.
   */
  static Pattern pattern(@Nullable String jdbcPattern) {
    if (jdbcPattern == null) {
      return Pattern.compile(".*", Pattern.DOTALL);
    }
    var regex = new StringBuilder();
    for (int i = 0; i < jdbcPattern.length(); i++) {
      char c = jdbcPattern.charAt(i);
      if (c == '\\' && i + 1 < jdbcPattern.length()) {
        regex.append(Pattern.quote(String.valueOf(jdbcPattern.charAt(++i))));
      } else if (c == '%') {
        regex.append(".*");
      } else if (c == '_') {
        regex.append('.');
      } else {
        regex.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return Pattern.compile(regex.toString(), Pattern.DOTALL);
  }

  /**
   * Whether a catalog or schema argument admits KiteSQL's objects, which have neither: null, "" or
   * a pattern matching "".
   */
  static boolean noCatalogOrSchema(@Nullable String catalog, @Nullable String schemaPattern) {
    return (catalog == null || catalog.isEmpty())
        && (schemaPattern == null || pattern(schemaPattern).matcher("").matches());
  }

  static ResultSet tables(
      List<TableInfo> catalog,
      @Nullable String catalogName,
      @Nullable String schemaPattern,
      @Nullable String tablePattern,
      String @Nullable [] types) {
    var rows = new ArrayList<Object[]>();
    var names = pattern(tablePattern);
    var wanted = types == null ? List.of("TABLE", "VIEW") : Arrays.asList(types);
    if (noCatalogOrSchema(catalogName, schemaPattern)) {
      catalog.stream()
          .filter(
              t ->
                  names.matcher(t.name()).matches() && wanted.contains(t.view() ? "VIEW" : "TABLE"))
          .forEach(t -> rows.add(tableRow(t.name(), t.view() ? "VIEW" : "TABLE")));
    }
    rows.sort(
        Comparator.comparing((Object[] r) -> (String) r[3]).thenComparing(r -> (String) r[2]));
    return of(
        "TABLE_CAT,TABLE_SCHEM,TABLE_NAME,TABLE_TYPE,REMARKS,TYPE_CAT,TYPE_SCHEM,TYPE_NAME,"
            + "SELF_REFERENCING_COL_NAME,REF_GENERATION",
        "VVVVVVVVVV",
        rows);
  }

  private static Object[] tableRow(String name, String type) {
    return new Object[] {null, null, name, type, null, null, null, null, null, null};
  }

  static ResultSet columns(
      List<TableInfo> catalog,
      @Nullable String catalogName,
      @Nullable String schemaPattern,
      @Nullable String tablePattern,
      @Nullable String columnPattern) {
    var rows = new ArrayList<Object[]>();
    var tables = pattern(tablePattern);
    var columns = pattern(columnPattern);
    if (noCatalogOrSchema(catalogName, schemaPattern)) {
      for (var table : catalog) {
        if (tables.matcher(table.name()).matches()) {
          for (int i = 0; i < table.columns().size(); i++) {
            var column = table.columns().get(i);
            if (columns.matcher(column.name()).matches()) {
              rows.add(columnRow(table.name(), column, i + 1));
            }
          }
        }
      }
    }
    rows.sort(
        Comparator.comparing((Object[] r) -> (String) r[2]).thenComparing(r -> (Integer) r[16]));
    return of(
        "TABLE_CAT,TABLE_SCHEM,TABLE_NAME,COLUMN_NAME,DATA_TYPE,TYPE_NAME,COLUMN_SIZE,BUFFER_LENGTH,DECIMAL_DIGITS,"
            + "NUM_PREC_RADIX,NULLABLE,REMARKS,COLUMN_DEF,SQL_DATA_TYPE,SQL_DATETIME_SUB,CHAR_OCTET_LENGTH,ORDINAL_POSITION,"
            + "IS_NULLABLE,SCOPE_CATALOG,SCOPE_SCHEMA,SCOPE_TABLE,SOURCE_DATA_TYPE,IS_AUTOINCREMENT,IS_GENERATEDCOLUMN",
        "VVVVIVIIIIIVVIIIIVVVVSVV",
        rows);
  }

  private static Object[] columnRow(String table, TableInfo.Column column, int position) {
    var type = column.type();
    boolean numeric = JdbcTypes.isSigned(type);
    return new Object[] {
      null,
      null,
      table,
      column.name(),
      JdbcTypes.sqlType(type),
      JdbcTypes.name(type),
      JdbcTypes.precision(type),
      null,
      type.kind() == TypeKind.DECIMAL || type.kind() == TypeKind.TIMESTAMP
          ? JdbcTypes.scale(type)
          : null,
      numeric ? 10 : null,
      column.nullable() ? DatabaseMetaData.columnNullable : DatabaseMetaData.columnNoNulls,
      null,
      column.defaultSql().orElse(null),
      null,
      null,
      type.kind() == TypeKind.VARCHAR ? (type.length() == 0 ? null : 4 * type.length()) : null,
      position,
      column.nullable() ? "YES" : "NO",
      null,
      null,
      null,
      null,
      column.identity() ? "YES" : "NO",
      "NO"
    };
  }

  static ResultSet primaryKeys(
      List<TableInfo> catalog,
      @Nullable String catalogName,
      @Nullable String schema,
      String table) {
    var rows = new ArrayList<Object[]>();
    if (noCatalogOrSchema(catalogName, schema)) {
      named(catalog, table)
          .ifPresent(
              t -> {
                for (int i = 0; i < t.primaryKey().size(); i++) {
                  rows.add(
                      new Object[] {
                        null, null, t.name(), t.primaryKey().get(i), i + 1, t.name() + "_pkey"
                      });
                }
              });
    }
    rows.sort(Comparator.comparing((Object[] r) -> (String) r[3]));
    return of("TABLE_CAT,TABLE_SCHEM,TABLE_NAME,COLUMN_NAME,KEY_SEQ,PK_NAME", "VVVVSV", rows);
  }

  /**
   * The primary key (as the unique index {@code <table>_pkey}, as PostgreSQL names it) and the
   * secondary indexes.
   */
  static ResultSet indexes(
      List<TableInfo> catalog,
      @Nullable String catalogName,
      @Nullable String schema,
      String table,
      boolean uniqueOnly) {
    var rows = new ArrayList<Object[]>();
    if (noCatalogOrSchema(catalogName, schema)) {
      named(catalog, table)
          .filter(t -> !t.view())
          .ifPresent(
              t -> {
                if (!t.primaryKey().isEmpty()) {
                  addIndex(rows, t, t.name() + "_pkey", t.primaryKey(), true);
                }
                t.indexes().stream()
                    .filter(i -> i.unique() || !uniqueOnly)
                    .forEach(i -> addIndex(rows, t, i.name(), i.columns(), i.unique()));
              });
    }
    rows.sort(
        Comparator.comparing((Object[] r) -> (Boolean) r[3])
            .thenComparing(r -> (String) r[5])
            .thenComparing(r -> (Integer) r[7]));
    return of(
        "TABLE_CAT,TABLE_SCHEM,TABLE_NAME,NON_UNIQUE,INDEX_QUALIFIER,INDEX_NAME,TYPE,ORDINAL_POSITION,COLUMN_NAME,"
            + "ASC_OR_DESC,CARDINALITY,PAGES,FILTER_CONDITION",
        "VVVBVVSSVVIIV",
        rows);
  }

  private static void addIndex(
      List<Object[]> rows, TableInfo table, String name, List<String> columns, boolean unique) {
    for (int i = 0; i < columns.size(); i++) {
      rows.add(
          new Object[] {
            null,
            null,
            table.name(),
            !unique,
            null,
            name,
            (int) DatabaseMetaData.tableIndexOther,
            i + 1,
            columns.get(i),
            "A",
            null,
            null,
            null
          });
    }
  }

  /**
   * The table or view stored under exactly {@code name}: metadata arguments are names as stored,
   * not SQL.
   */
  private static java.util.Optional<TableInfo> named(List<TableInfo> catalog, String name) {
    return catalog.stream().filter(t -> t.name().equals(name)).findFirst();
  }

  static ResultSet typeInfo() {
    var rows = new ArrayList<Object[]>();
    for (var type :
        List.of(
            DataType.BOOLEAN,
            DataType.SMALLINT,
            DataType.INT,
            DataType.BIGINT,
            DataType.DOUBLE,
            DataType.decimal(DataType.MAX_DECIMAL_PRECISION, 0),
            DataType.VARCHAR,
            DataType.VARBINARY,
            DataType.DATE,
            DataType.TIMESTAMP)) {
      var kind = type.kind();
      boolean text = kind == TypeKind.VARCHAR;
      rows.add(
          new Object[] {
            JdbcTypes.name(type),
            JdbcTypes.sqlType(type),
            kind == TypeKind.VARCHAR || kind == TypeKind.VARBINARY
                ? Integer.MAX_VALUE
                : JdbcTypes.precision(type),
            text ? "'" : null,
            text ? "'" : null,
            switch (kind) {
              case DECIMAL -> "precision,scale";
              case VARCHAR, VARBINARY -> "length";
              default -> null;
            },
            (short) DatabaseMetaData.typeNullable,
            text,
            (short) DatabaseMetaData.typeSearchable,
            !JdbcTypes.isSigned(type),
            kind == TypeKind.DECIMAL,
            kind == TypeKind.INT || kind == TypeKind.BIGINT,
            null,
            (short) 0,
            (short)
                (kind == TypeKind.DECIMAL
                    ? DataType.MAX_DECIMAL_PRECISION
                    : kind == TypeKind.TIMESTAMP ? 6 : 0),
            null,
            null,
            JdbcTypes.isSigned(type) ? 10 : null
          });
    }
    rows.sort(Comparator.comparing((Object[] r) -> (Integer) r[1]));
    return of(
        "TYPE_NAME,DATA_TYPE,PRECISION,LITERAL_PREFIX,LITERAL_SUFFIX,CREATE_PARAMS,NULLABLE,CASE_SENSITIVE,"
            + "SEARCHABLE,UNSIGNED_ATTRIBUTE,FIXED_PREC_SCALE,AUTO_INCREMENT,LOCAL_TYPE_NAME,MINIMUM_SCALE,MAXIMUM_SCALE,"
            + "SQL_DATA_TYPE,SQL_DATETIME_SUB,NUM_PREC_RADIX",
        "VIIVVVSBSBBBVSSIII",
        rows);
  }
}
