package io.kitesql.exec;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.bind.BoundStatement;
import io.kitesql.catalog.Catalog;
import io.kitesql.catalog.CatalogStore;
import io.kitesql.catalog.TableDef;
import io.kitesql.storage.WriteTransaction;
import io.kitesql.table.TableStore;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * CREATE/DROP TABLE, VIEW and INDEX, ALTER TABLE ADD COLUMN: catalog and data change in the same
 * write transaction. Returns the catalog as the statement leaves it. Tables and views share one
 * name space; a table or view that views read cannot be dropped (PostgreSQL's rule without
 * CASCADE).
 */
public final class DdlExecutor {
  private DdlExecutor() {}

  public static Catalog execute(
      BoundStatement statement,
      WriteTransaction tx,
      Catalog catalog,
      Function<TableDef, TableStore> stores) {
    var result =
        switch (statement) {
          case BoundStatement.CreateTable c -> createTable(c, tx, catalog);
          case BoundStatement.DropTable d -> dropTable(d, tx, catalog);
          case BoundStatement.CreateIndex c -> createIndex(c, tx, catalog, stores);
          case BoundStatement.DropIndex d -> dropIndex(d, tx, catalog, stores);
          case BoundStatement.AddColumn a -> addColumn(a, tx, catalog, stores);
          case BoundStatement.CreateView c -> ViewDdl.createView(c, tx, catalog);
          case BoundStatement.DropView d -> ViewDdl.dropView(d, tx, catalog);
          case BoundStatement.Analyze a -> analyze(a, tx, catalog, stores);
          default -> throw new IllegalArgumentException("not DDL: " + statement);
        };
    if (result != catalog) {
      CatalogStore.bumpVersion(tx);
    }
    return result;
  }

  /**
   * Measures each table and stores the figures with its definition: plans made before are made
   * again.
   */
  private static Catalog analyze(
      BoundStatement.Analyze a,
      WriteTransaction tx,
      Catalog catalog,
      Function<TableDef, TableStore> stores) {
    var tables =
        a.tables().isEmpty()
            ? List.copyOf(catalog.tables())
            : a.tables().stream().map(catalog::requireTable).toList();
    var result = catalog;
    for (var table : tables) {
      var measured = table.withStats(stores.apply(table).analyze(tx));
      CatalogStore.saveTable(tx, measured);
      result = result.withTable(measured);
    }
    return result;
  }

  private static Catalog createTable(
      BoundStatement.CreateTable c, WriteTransaction tx, Catalog catalog) {
    var name = c.definition().name();
    if (catalog.relation(name).isPresent()) {
      if (c.ifNotExists()) {
        return catalog;
      }
      var kind = catalog.table(name).isPresent() ? "table " : "a view named ";
      throw new KiteSqlException(ErrorCode.CATALOG_CONFLICT, kind + name + " already exists");
    }
    for (var index : c.definition().indexes()) {
      checkIndexNameFree(catalog, index.name());
    }
    return catalog.withTable(CatalogStore.createTable(tx, catalog, c.definition()));
  }

  private static Catalog dropTable(
      BoundStatement.DropTable d, WriteTransaction tx, Catalog catalog) {
    var table = catalog.table(d.name());
    if (table.isEmpty()) {
      ViewDdl.refuseView(catalog, d.name(), "DROP TABLE", "use DROP VIEW");
      if (d.ifExists()) {
        return catalog;
      }
      throw new KiteSqlException(ErrorCode.UNKNOWN_TABLE, "table " + d.name() + " does not exist");
    }
    ViewDdl.refuseDependents(catalog, "table", table.get().name());
    CatalogStore.dropTable(tx, table.get());
    return catalog.withoutTable(d.name());
  }

  private static Catalog createIndex(
      BoundStatement.CreateIndex c,
      WriteTransaction tx,
      Catalog catalog,
      Function<TableDef, TableStore> stores) {
    ViewDdl.refuseView(catalog, c.table(), "CREATE INDEX", "indexes are on tables");
    var table =
        catalog
            .table(c.table())
            .orElseThrow(
                () ->
                    new KiteSqlException(
                        ErrorCode.UNKNOWN_TABLE, "table " + c.table() + " does not exist"));
    if (catalog.indexOwner(c.name()).isPresent()) {
      if (c.ifNotExists()) {
        return catalog;
      }
      throw new KiteSqlException(
          ErrorCode.CATALOG_CONFLICT, "index " + c.name() + " already exists");
    }
    var positions = new ArrayList<Integer>();
    for (var column : c.columns()) {
      int p =
          table
              .columnPosition(column)
              .orElseThrow(
                  () ->
                      new KiteSqlException(
                          ErrorCode.UNKNOWN_COLUMN,
                          "column " + column + " does not exist in table " + table.name()));
      if (positions.contains(p)) {
        throw new KiteSqlException(
            ErrorCode.CATALOG_CONFLICT,
            "column " + column + " is listed twice in index " + c.name());
      }
      positions.add(p);
    }
    var changed = table.withIndex(c.name(), positions, c.unique());
    CatalogStore.saveTable(tx, changed);
    stores.apply(changed).addIndexEntries(tx, changed.index(c.name()).orElseThrow());
    return catalog.withTable(changed);
  }

  private static Catalog dropIndex(
      BoundStatement.DropIndex d,
      WriteTransaction tx,
      Catalog catalog,
      Function<TableDef, TableStore> stores) {
    var owner = catalog.indexOwner(d.name());
    if (owner.isEmpty()) {
      if (d.ifExists()) {
        return catalog;
      }
      throw new KiteSqlException(ErrorCode.UNKNOWN_TABLE, "index " + d.name() + " does not exist");
    }
    var table = owner.get();
    stores.apply(table).removeIndexEntries(tx, table.index(d.name()).orElseThrow());
    var changed = table.withoutIndex(d.name());
    CatalogStore.saveTable(tx, changed);
    return catalog.withTable(changed);
  }

  private static Catalog addColumn(
      BoundStatement.AddColumn a,
      WriteTransaction tx,
      Catalog catalog,
      Function<TableDef, TableStore> stores) {
    ViewDdl.refuseView(catalog, a.table(), "ALTER TABLE", "use CREATE OR REPLACE VIEW");
    var table =
        catalog
            .table(a.table())
            .orElseThrow(
                () ->
                    new KiteSqlException(
                        ErrorCode.UNKNOWN_TABLE, "table " + a.table() + " does not exist"));
    if (table.columnPosition(a.column().name()).isPresent()) {
      if (a.ifNotExists()) {
        return catalog;
      }
      throw new KiteSqlException(
          ErrorCode.CATALOG_CONFLICT,
          "column " + a.column().name() + " already exists in table " + table.name());
    }
    var changed = table.withColumn(a.column());
    CatalogStore.saveTable(tx, changed);
    if (a.defaultValue() != null) {
      stores.apply(table).rewriteRows(tx, changed, new Object[] {a.defaultValue()});
    }
    return catalog.withTable(changed);
  }

  private static void checkIndexNameFree(Catalog catalog, String name) {
    if (catalog.indexOwner(name).isPresent()) {
      throw new KiteSqlException(ErrorCode.CATALOG_CONFLICT, "index " + name + " already exists");
    }
  }
}
