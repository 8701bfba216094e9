package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.catalog.Catalog;
import io.kitesql.catalog.ColumnDef;
import io.kitesql.catalog.Identity;
import io.kitesql.catalog.NameFolding;
import io.kitesql.catalog.TableDef;
import io.kitesql.expr.Types;
import io.kitesql.value.DataType;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import net.sf.jsqlparser.statement.alter.Alter;
import net.sf.jsqlparser.statement.alter.AlterOperation;
import net.sf.jsqlparser.statement.analyze.Analyze;
import net.sf.jsqlparser.statement.create.index.CreateIndex;
import net.sf.jsqlparser.statement.create.table.ColDataType;
import net.sf.jsqlparser.statement.create.table.ColumnDefinition;
import net.sf.jsqlparser.statement.create.table.CreateTable;
import net.sf.jsqlparser.statement.create.table.Index;
import net.sf.jsqlparser.statement.drop.Drop;

/** CREATE/DROP TABLE, CREATE/DROP INDEX, ALTER TABLE ADD COLUMN. */
final class DdlBinder {
  private DdlBinder() {}

  static BoundStatement.CreateTable createTable(CreateTable create, NameFolding folding) {
    if (create.getSelect() != null) {
      throw Unsupported.feature("CREATE TABLE ... AS SELECT");
    }
    if (create.getColumnDefinitions() == null || create.getColumnDefinitions().isEmpty()) {
      // also CREATE TABLE t ('c' int): JSqlParser takes the list for a table option
      throw new KiteSqlException(
          ErrorCode.SYNTAX_ERROR,
          "SQL syntax error: CREATE TABLE needs at least one column"
              + (create.getTableOptionsStrings() == null
                  ? ""
                  : " (not " + String.join(" ", create.getTableOptionsStrings()) + ")"));
    }
    refuseOptions(create);
    var tableName = Names.tableName(create.getTable(), folding);
    var columns = new ArrayList<ColumnDef>();
    var primaryKey = new ArrayList<Integer>();
    var uniques = new ArrayList<List<Integer>>();
    for (var definition : create.getColumnDefinitions()) {
      columns.add(column(definition, folding));
      var spec = ColumnSpec.parse(definition.getColumnName(), definition.getColumnSpecs());
      if (spec.primaryKey()) {
        if (!primaryKey.isEmpty()) {
          throw new KiteSqlException(
              ErrorCode.CATALOG_CONFLICT,
              "table " + tableName + " declares more than one PRIMARY KEY");
        }
        primaryKey.add(columns.size() - 1);
      }
      if (spec.unique()) {
        uniques.add(List.of(columns.size() - 1));
      }
    }
    var draft = new TableDef(1, tableName, columns, List.of(), List.of());
    if (create.getIndexes() != null) {
      for (var index : create.getIndexes()) {
        var positions = positions(draft, columnNames(index), folding);
        switch (indexKind(index)) {
          case "PRIMARY KEY" -> {
            if (!primaryKey.isEmpty()) {
              throw new KiteSqlException(
                  ErrorCode.CATALOG_CONFLICT,
                  "table " + tableName + " declares more than one PRIMARY KEY");
            }
            primaryKey.addAll(positions);
          }
          case "UNIQUE", "UNIQUE KEY", "UNIQUE INDEX" -> uniques.add(positions);
          default -> throw Unsupported.feature("table constraint " + index.getType());
        }
      }
    }
    for (int p : primaryKey) {
      columns.set(p, columns.get(p).notNull());
    }
    for (var c : columns) {
      c.defaultSql()
          .ifPresent(_ -> Defaults.value(c)); // a bad DEFAULT fails now, not at the first INSERT
    }
    var table = new TableDef(1, tableName, columns, primaryKey, List.of());
    for (var unique : uniques) {
      if (unique.equals(primaryKey)) {
        continue;
      }
      // PostgreSQL's name for the index of a UNIQUE constraint: table_columns_key
      var name =
          tableName
              + "_"
              + String.join("_", unique.stream().map(i -> columns.get(i).name()).toList())
              + "_key";
      table = table.withIndex(name, unique, true);
    }
    return new BoundStatement.CreateTable(table, create.isIfNotExists());
  }

  /**
   * Refuses what CREATE TABLE may say besides its columns: TEMPORARY (KiteSQL has no
   * session-private tables; creating a permanent one instead would outlive the session), UNLOGGED
   * and trailing table options ({@code WITHOUT ROWID}, {@code ENGINE=...}).
   */
  private static void refuseOptions(CreateTable create) {
    var options = create.getCreateOptionsStrings();
    if (options != null && !options.isEmpty()) {
      var spelled = String.join(" ", options).toUpperCase(Locale.ROOT);
      if (spelled.contains("TEMP")) {
        throw Unsupported.feature(
            "CREATE "
                + spelled
                + " TABLE (temporary tables; create a table and drop it when done)");
      }
      throw Unsupported.feature("CREATE " + spelled + " TABLE");
    }
    if (create.isUnlogged()) {
      throw Unsupported.feature("CREATE UNLOGGED TABLE");
    }
    var tableOptions = create.getTableOptionsStrings();
    if (tableOptions != null && !tableOptions.isEmpty()) {
      throw Unsupported.feature("table option " + String.join(" ", tableOptions));
    }
  }

  /**
   * A column of CREATE TABLE. SERIAL, SMALLSERIAL and BIGSERIAL (PostgreSQL's shorthands) are
   * INT/SMALLINT/BIGINT {@code GENERATED BY DEFAULT AS IDENTITY}: like PostgreSQL's serial,
   * explicit values are taken and the counter does not move.
   */
  private static ColumnDef column(ColumnDefinition definition, NameFolding folding) {
    var name = Names.canonical(definition.getColumnName(), folding);
    var spec = ColumnSpec.parse(definition.getColumnName(), definition.getColumnSpecs());
    var serial =
        switch (definition.getColDataType().getDataType().toUpperCase(Locale.ROOT)) {
          case "SERIAL", "SERIAL4" -> Optional.of(DataType.INT);
          case "SMALLSERIAL", "SERIAL2" -> Optional.of(DataType.SMALLINT);
          case "BIGSERIAL", "SERIAL8" -> Optional.of(DataType.BIGINT);
          default -> Optional.<DataType>empty();
        };
    if (serial.isPresent() && spec.identity().isPresent()) {
      throw new KiteSqlException(
          ErrorCode.SYNTAX_ERROR, "column " + name + " is SERIAL and an identity column at once");
    }
    var identity =
        serial.isPresent()
            ? Optional.of(new Identity(Identity.Generation.BY_DEFAULT, 1, 1))
            : spec.identity();
    var type = serial.orElseGet(() -> type(definition.getColDataType()));
    return new ColumnDef(
        name, type, !spec.notNull() && !spec.primaryKey(), spec.defaultSql(), identity);
  }

  private static String indexKind(Index index) {
    return index.getType() == null
        ? ""
        : index.getType().toUpperCase(Locale.ROOT).replaceAll("\\s+", " ");
  }

  /**
   * The column names of an index or key constraint. Each may be followed by ASC or DESC, which
   * changes nothing: entries are stored in ascending order and read in either direction (a backward
   * scan gives the descending order), so the direction is not kept. Other column options (NULLS
   * FIRST, COLLATE, operator classes) are refused.
   */
  private static List<String> columnNames(Index index) {
    var names = new ArrayList<String>();
    for (var column : index.getColumns()) {
      var options = column.getParams() == null ? List.<String>of() : column.getParams();
      if (options.size() > 1
          || options.size() == 1
              && !options.getFirst().equalsIgnoreCase("ASC")
              && !options.getFirst().equalsIgnoreCase("DESC")) {
        throw Unsupported.feature(
            "index column option "
                + String.join(" ", options)
                + " (after column "
                + column.getColumnName()
                + ")");
      }
      names.add(column.getColumnName());
    }
    return names;
  }

  private static List<Integer> positions(TableDef table, List<String> names, NameFolding folding) {
    var positions = new LinkedHashSet<Integer>();
    for (var name : names) {
      var folded = Names.canonical(name, folding);
      int p =
          table
              .columnPosition(folded)
              .orElseThrow(
                  () ->
                      new KiteSqlException(
                          ErrorCode.UNKNOWN_COLUMN,
                          "column "
                              + Names.display(folded)
                              + " does not exist in table "
                              + Names.display(table.name())));
      if (!positions.add(p)) {
        throw new KiteSqlException(
            ErrorCode.CATALOG_CONFLICT, "column " + Names.display(folded) + " is listed twice");
      }
    }
    return List.copyOf(positions);
  }

  static BoundStatement drop(Drop drop, NameFolding folding) {
    var type = drop.getType().toUpperCase(Locale.ROOT);
    if (drop.getParameters() != null && !drop.getParameters().isEmpty()) {
      throw Unsupported.feature("DROP ... " + String.join(" ", drop.getParameters()));
    }
    if (drop.getNames() != null && drop.getNames().size() > 1) {
      // JSqlParser keeps the others in getNames(): dropping only the first would ignore them
      throw Unsupported.feature(
          "DROP "
              + drop.getType().toUpperCase(Locale.ROOT)
              + " of several objects in one statement");
    }
    return switch (type) {
      case "TABLE" ->
          new BoundStatement.DropTable(Names.tableName(drop.getName(), folding), drop.isIfExists());
      case "INDEX" ->
          new BoundStatement.DropIndex(Names.tableName(drop.getName(), folding), drop.isIfExists());
      default -> throw Unsupported.feature("DROP " + drop.getType());
    };
  }

  /** ANALYZE, of one table or (without a name) of every table; a view has nothing to measure. */
  static BoundStatement.Analyze analyze(Analyze analyze, Catalog catalog) {
    if (analyze.getTable() == null) {
      return new BoundStatement.Analyze(List.of());
    }
    var name = Names.tableName(analyze.getTable(), catalog.nameFolding());
    if (catalog.view(name).isPresent()) {
      throw new KiteSqlException(
          ErrorCode.WRONG_STATEMENT_KIND,
          "ANALYZE of view " + name + ": a view has no rows to measure");
    }
    return new BoundStatement.Analyze(List.of(catalog.requireTable(name).name()));
  }

  /**
   * CREATE INDEX. Without a name the index is called as PostgreSQL would: {@code
   * table_columns_idx}, with a number appended if that name is taken.
   */
  static BoundStatement.CreateIndex createIndex(CreateIndex create, Catalog catalog) {
    var folding = catalog.nameFolding();
    var index = create.getIndex();
    var kind = indexKind(index);
    if (!kind.isEmpty() && !kind.equals("UNIQUE")) {
      throw Unsupported.feature("CREATE " + index.getType() + " INDEX");
    }
    if (index.getUsing() != null) {
      throw Unsupported.feature("CREATE INDEX ... USING " + index.getUsing());
    }
    var columns = columnNames(index).stream().map(c -> Names.canonical(c, folding)).toList();
    var table = Names.tableName(create.getTable(), folding);
    var name =
        index.getName() != null
            ? Names.canonical(index.getName(), folding)
            : freeIndexName(catalog, table + "_" + String.join("_", columns) + "_idx");
    return new BoundStatement.CreateIndex(
        table, name, columns, kind.equals("UNIQUE"), create.isUsingIfNotExists());
  }

  private static String freeIndexName(Catalog catalog, String base) {
    var name = base;
    for (int n = 1; catalog.indexOwner(name).isPresent() || catalog.table(name).isPresent(); n++) {
      name = base + n;
    }
    return name;
  }

  static BoundStatement.AddColumn alter(Alter alter, NameFolding folding) {
    var expressions = alter.getAlterExpressions();
    if (expressions == null || expressions.size() != 1) {
      throw Unsupported.feature("ALTER TABLE with several actions");
    }
    var action = expressions.getFirst();
    if (action.getOperation() != AlterOperation.ADD
        || action.getColDataTypeList() == null
        || action.getColDataTypeList().size() != 1) {
      throw Unsupported.feature("ALTER TABLE " + action.getOperation() + " (only ADD COLUMN is)");
    }
    var definition = action.getColDataTypeList().getFirst();
    var spec = ColumnSpec.parse(definition.getColumnName(), definition.getColumnSpecs());
    if (spec.identity().isPresent()
        || definition.getColDataType().getDataType().toUpperCase(Locale.ROOT).contains("SERIAL")) {
      // existing rows would each need a generated value; recreate the table instead
      throw Unsupported.feature("ALTER TABLE ADD COLUMN of an identity or SERIAL column");
    }
    if (spec.primaryKey() || spec.unique()) {
      throw Unsupported.feature(
          "ALTER TABLE ADD COLUMN with PRIMARY KEY or UNIQUE (create an index afterwards)");
    }
    var column =
        new ColumnDef(
            Names.canonical(definition.getColumnName(), folding),
            type(definition.getColDataType()),
            !spec.notNull(),
            spec.defaultSql());
    Object value = Defaults.value(column);
    if (spec.notNull() && value == null) {
      throw new KiteSqlException(
          ErrorCode.NOT_NULL_VIOLATION,
          "ADD COLUMN " + column.name() + " NOT NULL needs a non-null DEFAULT for existing rows");
    }
    return new BoundStatement.AddColumn(
        Names.tableName(alter.getTable(), folding), column, value, action.isUseIfNotExists());
  }

  /** A column type; JSqlParser 5.3 leaves the arguments in the name ("varchar (10)"). */
  private static DataType type(ColDataType type) {
    if (type.getArrayData() != null && !type.getArrayData().isEmpty()) {
      throw Unsupported.feature("array type " + type);
    }
    return Types.parse(type.getDataType(), type.getArgumentsStringList());
  }
}
