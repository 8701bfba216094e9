package io.kitesql.exec;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.bind.BoundStatement;
import io.kitesql.catalog.Catalog;
import io.kitesql.catalog.CatalogStore;
import io.kitesql.catalog.ViewDef;
import io.kitesql.storage.WriteTransaction;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Locale;
import java.util.stream.Collectors;

/** CREATE [OR REPLACE] VIEW and DROP VIEW, and the rules views put on dropping what they read. */
final class ViewDdl {
  private ViewDdl() {}

  static Catalog createView(BoundStatement.CreateView c, WriteTransaction tx, Catalog catalog) {
    var view = c.definition();
    var name = view.name();
    if (catalog.table(name).isPresent()) {
      if (c.ifNotExists()) {
        return catalog; // SQLite's rule: IF NOT EXISTS skips when any relation has the name
      }
      throw new KiteSqlException(
          ErrorCode.CATALOG_CONFLICT,
          "table " + name + " already exists (a view cannot take its name)");
    }
    var existing = catalog.view(name);
    if (existing.isEmpty()) {
      return catalog.withView(CatalogStore.createView(tx, catalog, view));
    }
    if (c.ifNotExists()) {
      return catalog;
    }
    if (!c.orReplace()) {
      throw new KiteSqlException(ErrorCode.CATALOG_CONFLICT, "view " + name + " already exists");
    }
    checkReplacement(existing.get(), view);
    var replaced = view.withId(existing.get().id());
    refuseCycle(catalog.withView(replaced), replaced);
    CatalogStore.saveView(tx, replaced);
    return catalog.withView(replaced);
  }

  /**
   * PostgreSQL's rule for CREATE OR REPLACE VIEW: the new query keeps the old columns (names and
   * types, in order) and may add columns after them. Views that read this one rely on that.
   */
  private static void checkReplacement(ViewDef old, ViewDef replacement) {
    var before = old.columns();
    var after = replacement.columns();
    if (after.size() < before.size()) {
      throw new KiteSqlException(
          ErrorCode.CATALOG_CONFLICT,
          "CREATE OR REPLACE VIEW "
              + old.name()
              + " cannot drop columns ("
              + before.size()
              + " before, "
              + after.size()
              + " now); drop the view and create it again");
    }
    for (int i = 0; i < before.size(); i++) {
      var b = before.get(i);
      var a = after.get(i);
      if (!b.name().equalsIgnoreCase(a.name()) || !b.type().equals(a.type())) {
        throw new KiteSqlException(
            ErrorCode.CATALOG_CONFLICT,
            "CREATE OR REPLACE VIEW "
                + old.name()
                + " cannot change column "
                + (i + 1)
                + " from "
                + b.name()
                + " "
                + b.type()
                + " to "
                + a.name()
                + " "
                + a.type()
                + "; drop the view and create it again");
      }
    }
  }

  /** Refuses a replacement whose query reads the view itself, directly or through other views. */
  private static void refuseCycle(Catalog catalog, ViewDef view) {
    var pending = new ArrayDeque<ViewDef>();
    var seen = new HashSet<String>();
    pending.add(view);
    while (!pending.isEmpty()) {
      for (var dependency : pending.poll().dependencies()) {
        if (dependency.names(view.name())) {
          throw new KiteSqlException(
              ErrorCode.CATALOG_CONFLICT,
              "view "
                  + view.name()
                  + " would read itself"
                  + " (its query refers to it, directly or through other views)");
        }
        if (seen.add(dependency.name().toLowerCase(Locale.ROOT))) {
          catalog.view(dependency.name()).ifPresent(pending::add);
        }
      }
    }
  }

  static Catalog dropView(BoundStatement.DropView d, WriteTransaction tx, Catalog catalog) {
    var view = catalog.view(d.name());
    if (view.isEmpty()) {
      if (catalog.table(d.name()).isPresent()) {
        throw new KiteSqlException(
            ErrorCode.WRONG_OBJECT_TYPE, d.name() + " is a table, not a view: use DROP TABLE");
      }
      if (d.ifExists()) {
        return catalog;
      }
      throw new KiteSqlException(ErrorCode.UNKNOWN_TABLE, "view " + d.name() + " does not exist");
    }
    refuseDependents(catalog, "view", view.get().name());
    CatalogStore.dropView(tx, view.get());
    return catalog.withoutView(d.name());
  }

  /**
   * Refuses {@code statement} on {@code name} when it names a view ({@code hint} says what to do).
   */
  static void refuseView(Catalog catalog, String name, String statement, String hint) {
    if (catalog.view(name).isPresent()) {
      throw new KiteSqlException(
          ErrorCode.WRONG_OBJECT_TYPE,
          statement + ": " + name + " is a view, not a table (" + hint + ")");
    }
  }

  /**
   * Refuses to drop the table or view ({@code kind}) {@code name} while views read it, as
   * PostgreSQL does without CASCADE.
   */
  static void refuseDependents(Catalog catalog, String kind, String name) {
    var dependents = catalog.dependents(name);
    if (!dependents.isEmpty()) {
      var names = dependents.stream().map(ViewDef::name).collect(Collectors.joining(", "));
      throw new KiteSqlException(
          ErrorCode.DEPENDENT_OBJECTS_EXIST,
          "cannot drop "
              + kind
              + " "
              + name
              + " because "
              + (dependents.size() == 1
                  ? "view " + names + " depends"
                  : "views " + names + " depend")
              + " on it (drop "
              + (dependents.size() == 1 ? "that view" : "those views")
              + " first; CASCADE is not supported)");
    }
  }
}
