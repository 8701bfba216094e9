package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.catalog.ColumnDef;
import io.kitesql.catalog.TableDef;
import io.kitesql.expr.Evaluator;
import io.kitesql.expr.Types;
import io.kitesql.value.DataType;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import net.sf.jsqlparser.statement.alter.Alter;
import net.sf.jsqlparser.statement.alter.AlterOperation;
import net.sf.jsqlparser.statement.create.index.CreateIndex;
import net.sf.jsqlparser.statement.create.table.ColDataType;
import net.sf.jsqlparser.statement.create.table.CreateTable;
import net.sf.jsqlparser.statement.create.table.Index;
import net.sf.jsqlparser.statement.drop.Drop;

/** CREATE/DROP TABLE, CREATE/DROP INDEX, ALTER TABLE ADD COLUMN. */
final class DdlBinder {
  private DdlBinder() {}

  static BoundStatement.CreateTable createTable(CreateTable create) {
    if (create.getSelect() != null) {
      throw Unsupported.feature("CREATE TABLE ... AS SELECT");
    }
    if (create.getColumnDefinitions() == null || create.getColumnDefinitions().isEmpty()) {
      throw new KiteSqlException(ErrorCode.SYNTAX_ERROR, "CREATE TABLE needs at least one column");
    }
    var tableName = Names.tableName(create.getTable());
    var columns = new ArrayList<ColumnDef>();
    var primaryKey = new ArrayList<Integer>();
    var uniques = new ArrayList<List<Integer>>();
    for (var definition : create.getColumnDefinitions()) {
      var spec = ColumnSpec.parse(definition.getColumnName(), definition.getColumnSpecs());
      var column = new ColumnDef(Names.unquote(definition.getColumnName()), type(definition.getColDataType()),
          !spec.notNull() && !spec.primaryKey(), spec.defaultSql());
      columns.add(column);
      if (spec.primaryKey()) {
        if (!primaryKey.isEmpty()) {
          throw new KiteSqlException(ErrorCode.CATALOG_CONFLICT, "table " + tableName + " declares more than one PRIMARY KEY");
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
        var positions = positions(draft, index.getColumnsNames());
        switch (indexKind(index)) {
          case "PRIMARY KEY" -> {
            if (!primaryKey.isEmpty()) {
              throw new KiteSqlException(ErrorCode.CATALOG_CONFLICT, "table " + tableName + " declares more than one PRIMARY KEY");
            }
            primaryKey.addAll(positions);
          }
          case "UNIQUE", "UNIQUE KEY", "UNIQUE INDEX" -> uniques.add(positions);
          default -> throw Unsupported.feature("table constraint " + index.getType());
        }
      }
    }
    for (int p : primaryKey) {
      var c = columns.get(p);
      columns.set(p, new ColumnDef(c.name(), c.type(), false, c.defaultSql()));
    }
    for (var c : columns) {
      c.defaultSql().ifPresent(_ -> Defaults.of(c)); // a bad DEFAULT fails now, not at the first INSERT
    }
    var table = new TableDef(1, tableName, columns, primaryKey, List.of());
    for (var unique : uniques) {
      if (unique.equals(primaryKey)) {
        continue;
      }
      var name = tableName + "_" + String.join("_", unique.stream().map(i -> columns.get(i).name()).toList()) + "_key";
      table = table.withIndex(name.toLowerCase(Locale.ROOT), unique, true);
    }
    return new BoundStatement.CreateTable(table, create.isIfNotExists());
  }

  private static String indexKind(Index index) {
    return index.getType() == null ? "" : index.getType().toUpperCase(Locale.ROOT).replaceAll("\\s+", " ");
  }

  private static List<Integer> positions(TableDef table, List<String> names) {
    var positions = new LinkedHashSet<Integer>();
    for (var name : names) {
      var unquoted = Names.unquote(name);
      int p = table.columnPosition(unquoted)
          .orElseThrow(() -> new KiteSqlException(ErrorCode.UNKNOWN_COLUMN, "column " + unquoted + " does not exist in table " + table.name()));
      if (!positions.add(p)) {
        throw new KiteSqlException(ErrorCode.CATALOG_CONFLICT, "column " + unquoted + " is listed twice");
      }
    }
    return List.copyOf(positions);
  }

  static BoundStatement drop(Drop drop) {
    var type = drop.getType().toUpperCase(Locale.ROOT);
    if (drop.getParameters() != null && !drop.getParameters().isEmpty()) {
      throw Unsupported.feature("DROP ... " + String.join(" ", drop.getParameters()));
    }
    return switch (type) {
      case "TABLE" -> new BoundStatement.DropTable(Names.tableName(drop.getName()), drop.isIfExists());
      case "INDEX" -> new BoundStatement.DropIndex(Names.unquote(drop.getName().getName()), drop.isIfExists());
      default -> throw Unsupported.feature("DROP " + drop.getType());
    };
  }

  static BoundStatement.CreateIndex createIndex(CreateIndex create) {
    var index = create.getIndex();
    var kind = indexKind(index);
    if (!kind.isEmpty() && !kind.equals("UNIQUE")) {
      throw Unsupported.feature("CREATE " + index.getType() + " INDEX");
    }
    if (index.getUsing() != null) {
      throw Unsupported.feature("CREATE INDEX ... USING " + index.getUsing());
    }
    var columns = index.getColumnsNames().stream().map(Names::unquote).toList();
    return new BoundStatement.CreateIndex(Names.tableName(create.getTable()), Names.unquote(index.getName()), columns,
        kind.equals("UNIQUE"), create.isUsingIfNotExists());
  }

  static BoundStatement.AddColumn alter(Alter alter) {
    var expressions = alter.getAlterExpressions();
    if (expressions == null || expressions.size() != 1) {
      throw Unsupported.feature("ALTER TABLE with several actions");
    }
    var action = expressions.getFirst();
    if (action.getOperation() != AlterOperation.ADD || action.getColDataTypeList() == null || action.getColDataTypeList().size() != 1) {
      throw Unsupported.feature("ALTER TABLE " + action.getOperation() + " (only ADD COLUMN is)");
    }
    var definition = action.getColDataTypeList().getFirst();
    var spec = ColumnSpec.parse(definition.getColumnName(), definition.getColumnSpecs());
    if (spec.primaryKey() || spec.unique()) {
      throw Unsupported.feature("ALTER TABLE ADD COLUMN with PRIMARY KEY or UNIQUE (create an index afterwards)");
    }
    var column = new ColumnDef(Names.unquote(definition.getColumnName()), type(definition.getColDataType()),
        !spec.notNull(), spec.defaultSql());
    var literal = Defaults.of(column);
    Object value = Evaluator.evaluate(literal, new Object[0], new Object[0]);
    if (spec.notNull() && value == null) {
      throw new KiteSqlException(ErrorCode.NOT_NULL_VIOLATION, "ADD COLUMN " + column.name() + " NOT NULL needs a non-null DEFAULT for existing rows");
    }
    return new BoundStatement.AddColumn(Names.tableName(alter.getTable()), column, value);
  }

  /** A column type; JSqlParser 5.3 leaves the arguments in the name ("varchar (10)"). */
  private static DataType type(ColDataType type) {
    if (type.getArrayData() != null && !type.getArrayData().isEmpty()) {
      throw Unsupported.feature("array type " + type);
    }
    return Types.parse(type.getDataType(), type.getArgumentsStringList());
  }

  /** Column constraints, read from JSqlParser's list of words. */
  record ColumnSpec(boolean primaryKey, boolean notNull, boolean unique, Optional<String> defaultSql) {
    static ColumnSpec parse(String column, List<String> words) {
      boolean pk = false;
      boolean notNull = false;
      boolean unique = false;
      Optional<String> defaultSql = Optional.empty();
      var w = words == null ? List.<String>of() : words;
      for (int i = 0; i < w.size(); i++) {
        var word = w.get(i).toUpperCase(Locale.ROOT);
        switch (word) {
          case "PRIMARY" -> {
            expect(w, ++i, "KEY", column);
            pk = true;
          }
          case "NOT" -> {
            expect(w, ++i, "NULL", column);
            notNull = true;
          }
          case "NULL" -> {} // explicitly nullable
          case "UNIQUE" -> unique = true;
          case "DEFAULT" -> {
            if (++i >= w.size()) {
              throw new KiteSqlException(ErrorCode.SYNTAX_ERROR, "DEFAULT without a value for column " + column);
            }
            var value = new StringBuilder(w.get(i));
            while ((value.toString().equals("-") || value.toString().equals("+")) && i + 1 < w.size()) {
              value.append(w.get(++i));
            }
            defaultSql = Optional.of(value.toString());
          }
          default -> throw Unsupported.feature("column constraint " + w.get(i) + " on column " + column);
        }
      }
      return new ColumnSpec(pk, notNull, unique, defaultSql);
    }

    private static void expect(List<String> words, int i, String word, String column) {
      if (i >= words.size() || !words.get(i).equalsIgnoreCase(word)) {
        throw new KiteSqlException(ErrorCode.SYNTAX_ERROR, "expected " + word + " in the definition of column " + column);
      }
    }
  }
}
