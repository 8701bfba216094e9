package io.kitesql.bench.springdata;

import io.kitesql.bench.Engine;
import io.kitesql.bench.repository.ReadOnlyScope;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;

/**
 * A Spring Data stack as an {@link Engine} of Table 7: the statements of a shape become calls of
 * {@link ItemRepository}'s methods, their rows the returned {@link Item}s with the columns in the
 * SQL's order (id, category, name, score, created, description), a count or an {@code exists} one
 * number ({@code exists} as the row {@code 1} or no row, like {@code select 1 … limit 1}). A cell's
 * calls run inside one read-only transaction opened by the context's {@link ReadOnlyScope} proxy.
 */
public final class ItemRepositoryEngine implements Engine {
  /** The page every page shape asks for: {@code order by score, id limit 10 offset 100}. */
  private static final PageRequest PAGE = PageRequest.of(10, 10, Sort.by("score", "id"));

  /** The SQL shapes of Table 7 a repository method expresses, and the method. */
  public static final Map<String, String> METHODS =
      Map.ofEntries(
          Map.entry("id = ?", "findById"),
          Map.entry("id in (10 parameters)", "findAllById"),
          Map.entry("category in (?, ?)", "findByCategoryIn"),
          Map.entry("order by id desc limit 10", "findTop10ByOrderByIdDesc"),
          Map.entry(
              "order by score, id limit 10 offset 100",
              "findAllBy(PageRequest.of(10, 10, Sort.by(\"score\", \"id\"))) → Slice"),
          Map.entry("name like ? (prefix)", "findByNameStartingWith"),
          Map.entry("score = ? or name = ?", "findByScoreOrName"),
          Map.entry("category = ? order by id", "findByCategoryOrderById"),
          Map.entry(
              "category = ? and score > ? order by score, id limit 5",
              "findTop5ByCategoryAndScoreGreaterThanOrderByScoreAscIdAsc"),
          Map.entry("exists: category = ? limit 1", "existsByCategory"),
          Map.entry("count(*) where category = ?", "countByCategory"),
          Map.entry(
              "page + count(*)",
              "findAll(PageRequest.of(10, 10, Sort.by(\"score\", \"id\"))) → Page"));

  private final String name;
  private final ConfigurableApplicationContext context;
  private final ItemRepository items;
  private final ReadOnlyScope scope;

  /** Takes over {@code context} (closed with this engine). */
  public ItemRepositoryEngine(String name, ConfigurableApplicationContext context) {
    this.name = name;
    this.context = context;
    this.items = context.getBean(ItemRepository.class);
    this.scope = context.getBean(ReadOnlyScope.class);
  }

  @Override
  public String name() {
    return name;
  }

  /** Not used: a repository engine runs methods; see {@link #queries(String)}. */
  @Override
  public Query prepare(String sql) {
    throw new UnsupportedOperationException(
        "a repository engine runs its query methods: use queries(shape)");
  }

  /**
   * The calls for the statements of SQL shape {@code shape} (one per statement), empty if no method
   * expresses it.
   */
  public Optional<Query[]> queries(String shape) {
    if (!METHODS.containsKey(shape)) {
      return Optional.empty();
    }
    var rows = new ItemRows();
    Query first =
        switch (shape) {
          case "id = ?" ->
              p -> rows.items(items.findById((Integer) p[0]).map(List::of).orElse(List.of()));
          case "id in (10 parameters)" -> p -> rows.items(items.findAllById(integers(p)));
          case "category in (?, ?)" -> p -> rows.items(items.findByCategoryIn(integers(p)));
          case "order by id desc limit 10" -> p -> rows.items(items.findTop10ByOrderByIdDesc());
          case "order by score, id limit 10 offset 100" ->
              p -> rows.items(items.findAllBy(PAGE).getContent());
          case "name like ? (prefix)" ->
              p -> rows.items(items.findByNameStartingWith(prefix((String) p[0])));
          case "score = ? or name = ?" ->
              p -> rows.items(items.findByScoreOrName((Integer) p[0], (String) p[1]));
          case "category = ? order by id" ->
              p -> rows.items(items.findByCategoryOrderById((Integer) p[0]));
          case "category = ? and score > ? order by score, id limit 5" ->
              p ->
                  rows.items(
                      items.findTop5ByCategoryAndScoreGreaterThanOrderByScoreAscIdAsc(
                          (Integer) p[0], (Integer) p[1]));
          case "exists: category = ? limit 1" ->
              p -> rows.number(items.existsByCategory((Integer) p[0]) ? 1 : null);
          case "count(*) where category = ?" ->
              p -> rows.number(items.countByCategory((Integer) p[0]));
          case "page + count(*)" ->
              p -> {
                var page = items.findAll(PAGE);
                rows.total = page.getTotalElements();
                return rows.items(page.getContent());
              };
          default -> throw new IllegalArgumentException(shape);
        };
    if (shape.equals("page + count(*)")) {
      var total = new ItemRows();
      return Optional.of(new Query[] {first, p -> total.number(rows.total)});
    }
    return Optional.of(new Query[] {first});
  }

  /**
   * The SQL's parameters as the collection argument of an {@code In} or {@code findAllById} method.
   */
  private static List<Integer> integers(Object[] parameters) {
    return java.util.Arrays.stream(parameters).map(Integer.class::cast).toList();
  }

  /**
   * {@code StartingWith} takes the prefix itself: the SQL parameter without its trailing {@code %}.
   */
  private static String prefix(String pattern) {
    return pattern.substring(0, pattern.length() - 1);
  }

  @Override
  public <T> T inTransaction(Callable<T> cell) throws Exception {
    return scope.run(cell);
  }

  /** Not used: {@link #inTransaction} opens the transaction through the context's proxy. */
  @Override
  public void begin() {
    throw new UnsupportedOperationException("use inTransaction");
  }

  @Override
  public void end() {
    throw new UnsupportedOperationException("use inTransaction");
  }

  @Override
  public void close() {
    context.close();
  }

  /** The rows of one call: entities, or one number (none for a null). */
  private static final class ItemRows implements Rows {
    private List<Item> items = List.of();
    private long value;
    private boolean isNumber;
    private long total;
    private int next;

    Rows items(List<Item> found) {
      items = found;
      isNumber = false;
      next = -1;
      return this;
    }

    Rows number(Number found) {
      items = List.of();
      isNumber = found != null;
      value = found == null ? 0 : found.longValue();
      next = -1;
      return this;
    }

    @Override
    public boolean next() {
      return ++next < (isNumber ? 1 : items.size());
    }

    @Override
    public CharSequence text(int column) {
      var item = items.get(next);
      return switch (column) {
        case 2 -> item.name();
        case 5 -> item.description();
        default ->
            throw new IllegalArgumentException("column " + column + " of an item is not text");
      };
    }

    @Override
    public long number(int column) {
      if (isNumber) {
        return value;
      }
      var item = items.get(next);
      return switch (column) {
        case 0 -> item.id();
        case 1 -> item.category();
        case 3 -> item.score();
        case 4 -> item.created();
        default ->
            throw new IllegalArgumentException("column " + column + " of an item is not a number");
      };
    }

    @Override
    public void close() {
      items = List.of();
    }
  }
}
