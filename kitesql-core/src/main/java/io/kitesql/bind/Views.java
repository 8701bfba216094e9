package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.catalog.Catalog;
import io.kitesql.catalog.NameFolding;
import io.kitesql.catalog.ViewDef;
import io.kitesql.expr.Expr;
import io.kitesql.expr.Parameters;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.Project;
import io.kitesql.plan.TableScan;
import io.kitesql.sql.SqlParser;
import io.kitesql.sql.ViewText;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.create.view.CreateView;
import net.sf.jsqlparser.statement.create.view.ForceOption;
import net.sf.jsqlparser.statement.create.view.TemporaryOption;
import net.sf.jsqlparser.statement.drop.Drop;
import net.sf.jsqlparser.statement.select.Select;

/**
 * Views: CREATE VIEW binds the query once to learn its columns and the relations it reads; a
 * reference in FROM binds the stored query again and inlines its plan like a derived table (once
 * per statement, {@link Expansions}).
 *
 * <p>While a view's query is being bound, a {@link Frame} says what its relations look like: at
 * creation it collects them with their column counts; at a reference it limits each to the count
 * recorded at creation, so columns added later are not seen ({@code SELECT *} keeps its meaning, as
 * PostgreSQL freezes it).
 */
final class Views {
  /** The view whose query is being bound: recording its dependencies, or frozen to them. */
  private sealed interface Frame permits Creating, Frozen {}

  private record Creating(LinkedHashMap<String, ViewDef.Dependency> found) implements Frame {}

  private record Frozen(ViewDef view) implements Frame {}

  private static final ScopedValue<Frame> FRAME = ScopedValue.newInstance();

  private Views() {}

  /** CREATE VIEW, parsed from {@code sql}. */
  static BoundStatement.CreateView create(CreateView create, String sql, Catalog catalog) {
    refuseOptions(create);
    var name = Names.tableName(create.getView(), catalog.nameFolding());
    // The query is stored as written (as JSqlParser prints it if the text cannot be cut out);
    // binding that text, not the tree, makes sure what is stored reads back as this query.
    var text = ViewText.query(sql).orElseGet(() -> create.getSelect().toString());
    var query = asSelect(SqlParser.parse(text), name);
    var found = new LinkedHashMap<String, ViewDef.Dependency>();
    var params = new Parameters();
    var plan =
        ScopedValue.where(FRAME, new Creating(found))
            .call(() -> new QueryBinder(catalog, params).bind(query));
    if (params.count() > 0) {
      throw new KiteSqlException(
          ErrorCode.SYNTAX_ERROR, "the query of view " + name + " cannot have parameters");
    }
    var names =
        create.getColumnNames() == null
            ? List.<String>of()
            : create.getColumnNames().stream()
                .map(c -> Names.canonical(c.getColumnName(), catalog.nameFolding()))
                .toList();
    var out = plan.output();
    if (names.size() > out.size()) {
      throw new KiteSqlException(
          ErrorCode.UNKNOWN_COLUMN,
          "view "
              + name
              + " has "
              + out.size()
              + " column(s) but "
              + names.size()
              + " names were given");
    }
    var columns = new ArrayList<ViewDef.Column>();
    var seen = new HashSet<String>();
    for (int i = 0; i < out.size(); i++) {
      var column =
          new ViewDef.Column(
              i < names.size() ? names.get(i) : out.get(i).name(), out.get(i).type());
      if (!seen.add(column.name())) {
        throw new KiteSqlException(
            ErrorCode.CATALOG_CONFLICT,
            "column "
                + column.name()
                + " appears twice in view "
                + name
                + " (give the columns distinct aliases or a column list)");
      }
      columns.add(column);
    }
    var view = new ViewDef(1, name, text, columns, List.copyOf(found.values()));
    return new BoundStatement.CreateView(
        view, create.isOrReplace(), create.isIfNotExists() || create.isIfNotExistsAfterViewName());
  }

  private static void refuseOptions(CreateView create) {
    if (create.isMaterialized()) {
      throw Unsupported.feature("CREATE MATERIALIZED VIEW");
    }
    if (create.getTemporary() != null && create.getTemporary() != TemporaryOption.NONE) {
      throw Unsupported.feature("CREATE " + create.getTemporary() + " VIEW");
    }
    if (create.isRecursive()) {
      throw Unsupported.feature("CREATE RECURSIVE VIEW (use WITH RECURSIVE in the query)");
    }
    if (create.getForce() != null && create.getForce() != ForceOption.NONE || create.isSecure()) {
      throw Unsupported.feature("CREATE VIEW options FORCE and SECURE");
    }
    if (create.getCheckOption() != null || create.isWithReadOnly()) {
      throw Unsupported.feature(
          "WITH CHECK OPTION and WITH READ ONLY on views (views are read-only)");
    }
    if (create.getOptions() != null && !create.getOptions().isEmpty()
        || create.getViewCommentOptions() != null && !create.getViewCommentOptions().isEmpty()) {
      throw Unsupported.feature("CREATE VIEW options (" + create + ")");
    }
  }

  private static Select asSelect(net.sf.jsqlparser.statement.Statement statement, String view) {
    if (statement instanceof Select select) {
      return select;
    }
    throw new KiteSqlException(
        ErrorCode.SYNTAX_ERROR, "the query of view " + view + " is not a SELECT");
  }

  static BoundStatement.DropView drop(Drop drop, NameFolding folding) {
    if (drop.getParameters() != null && !drop.getParameters().isEmpty()) {
      throw Unsupported.feature("DROP VIEW ... " + String.join(" ", drop.getParameters()));
    }
    if (drop.getNames() != null && drop.getNames().size() > 1) {
      throw Unsupported.feature("DROP VIEW of several views in one statement");
    }
    return new BoundStatement.DropView(Names.tableName(drop.getName(), folding), drop.isIfExists());
  }

  /** The view {@code t} names, if it names one. */
  static Optional<ViewDef> find(Catalog catalog, Table t) {
    return t.getSchemaName() == null
        ? catalog.view(Names.canonical(t.getName(), catalog.nameFolding()))
        : Optional.empty();
  }

  /**
   * Refuses INSERT, UPDATE and DELETE whose target is a view: views are read-only here (PostgreSQL
   * writes through simple views; KiteSQL does not).
   */
  static void refuseWrite(Catalog catalog, Table target, String statement) {
    if (target != null && target.getName() != null && find(catalog, target).isPresent()) {
      throw Unsupported.feature(
          statement
              + " view "
              + Names.display(Names.canonical(target.getName(), catalog.nameFolding()))
              + " (views are read-only: write to the tables it reads)");
    }
  }

  /** The plan of a reference to {@code view} in FROM (as {@code t}, with its alias if any). */
  static PlanNode reference(ViewDef view, Table t, Catalog catalog) {
    var plan = Expansions.of(view, () -> expand(view, catalog));
    int columns = view.columns().size();
    if (FRAME.isBound()) {
      columns = frozenColumns(view.name(), columns);
    }
    if (columns < plan.output().size()) {
      plan = firstColumns(plan, columns);
    }
    return t.getAlias() == null
        ? plan
        : Relations.derived(plan, t.getAlias(), catalog.nameFolding());
  }

  /**
   * A scan of a table in FROM as the query sees it: every column, or inside a view's query only the
   * columns that existed when the view was created (added ones come last, so a projection of the
   * first ones is the table as it was).
   */
  static PlanNode scan(TableScan scan) {
    int all = scan.table().columns().size();
    int count = FRAME.isBound() ? frozenColumns(scan.table().name(), all) : all;
    return count < all ? firstColumns(scan, count) : scan;
  }

  /** Records or applies, in the current frame, the column count of relation {@code name}. */
  private static int frozenColumns(String name, int current) {
    return switch (FRAME.get()) {
      case Creating c -> {
        c.found().putIfAbsent(name, new ViewDef.Dependency(name, current));
        yield current;
      }
      case Frozen f ->
          f.view().dependencies().stream()
              .filter(d -> d.names(name))
              .findFirst()
              .map(d -> Math.min(d.columns(), current))
              .orElse(current);
    };
  }

  /** The view's query bound against its relations as they were at creation, named as the view. */
  private static PlanNode expand(ViewDef view, Catalog catalog) {
    var query = asSelect(SqlParser.parse(view.query()), view.name());
    var plan =
        ScopedValue.where(FRAME, new Frozen(view))
            .call(() -> new QueryBinder(catalog, new Parameters()).bind(query));
    var out = plan.output();
    boolean same = out.size() == view.columns().size();
    for (int i = 0; same && i < out.size(); i++) {
      same = out.get(i).type().equals(view.columns().get(i).type());
    }
    if (!same) {
      // cannot happen while tables only gain columns at the end; says what to do if it ever does
      throw new KiteSqlException(
          ErrorCode.CATALOG_CONFLICT,
          "view "
              + view.name()
              + " no longer matches the relations it reads; recreate it (CREATE OR REPLACE VIEW)");
    }
    return Relations.named(
        plan, view.name(), view.columns().stream().map(ViewDef.Column::name).toList());
  }

  private static PlanNode firstColumns(PlanNode plan, int count) {
    var out = plan.output().subList(0, count);
    var refs =
        IntStream.range(0, count)
            .mapToObj(i -> (Expr) new Expr.Column(i, out.get(i).type(), out.get(i).name()))
            .toList();
    return new Project(plan, refs, out);
  }
}
