package io.kitesql.data.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.value.Binary;
import io.kitesql.value.Text;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.cache.Cache;
import org.springframework.cache.concurrent.ConcurrentMapCache;

/** What the checking cache finds borrowed, with values read from a real database. */
class BorrowedValueCheckingCacheTest {
  @TempDir Path dir;
  Database db;
  final ConcurrentMapCache target = new ConcurrentMapCache("c");
  final BorrowedValueCheckingCache cache = new BorrowedValueCheckingCache(target);

  record Row(long id, CharSequence name) {}

  static class Holder {
    private final Object inside;

    Holder(Object inside) {
      this.inside = inside;
    }
  }

  static class Child extends Holder {
    Child(Object inside) {
      super(inside);
    }
  }

  @BeforeEach
  void open() {
    db = KiteSql.open(dir);
    db.execute("create table t (id int primary key, name varchar, data varbinary)");
    db.execute("insert into t values (1, 'kite', x'0102')");
  }

  @AfterEach
  void close() {
    db.close();
  }

  /**
   * Runs {@code check} with the borrowed name and data of row 1, inside a read-only transaction.
   */
  private void withBorrowed(java.util.function.BiConsumer<Text, Binary> check) {
    db.read(
        tx -> {
          try (var rows = tx.query("select name, data from t")) {
            rows.next();
            check.accept(rows.getText(0), rows.getBinary(1));
          }
          return null;
        });
  }

  @Test
  void refusesBorrowedValuesWhereverTheyAre() {
    withBorrowed(
        (name, data) -> {
          assertThat(name.isBorrowed()).isTrue();
          var cyclic = new ArrayList<Object>();
          cyclic.add(cyclic);
          cyclic.add(new Holder(name));
          List<Object> values =
              List.of(
                  name,
                  data,
                  new Row(1, name),
                  List.of("a", new Row(2, name)),
                  Map.of("k", name),
                  Map.of(name, "v"),
                  Optional.of(name),
                  new Object[] {"x", data},
                  new Child(List.of(name)),
                  Map.entry("k", data),
                  cyclic);
          for (var value : values) {
            assertThatThrownBy(() -> cache.put("key", value))
                .as("%s", value.getClass())
                .isInstanceOf(BorrowedValueCacheException.class)
                .hasMessageContaining("cache 'c'");
            assertThatThrownBy(() -> cache.putIfAbsent("key", value))
                .isInstanceOf(BorrowedValueCacheException.class);
          }
          assertThatThrownBy(() -> cache.put(new Row(3, name), "value"))
              .hasMessageContaining("the key Row.name is text");
          assertThatThrownBy(
                  () ->
                      cache.get(
                          "loaded",
                          () -> new Row(4, name))) // the cache wraps what its loader throws
              .isInstanceOf(Cache.ValueRetrievalException.class)
              .cause()
              .isInstanceOf(BorrowedValueCacheException.class);
          assertThat(
                  cache.retrieve("async", () -> CompletableFuture.completedFuture(List.of(data))))
              .failsWithin(java.time.Duration.ofSeconds(30))
              .withThrowableOfType(java.util.concurrent.ExecutionException.class)
              .withCauseInstanceOf(BorrowedValueCacheException.class);
          assertThat(target.getNativeCache()).as("nothing stored").isEmpty();
        });
  }

  /**
   * A cache interceptor outside the transaction puts values whose transaction has ended already.
   */
  @Test
  void refusesBorrowedValuesAfterTheirTransactionEnded() {
    var dead = new ArrayList<Object>();
    withBorrowed((name, data) -> dead.add(new Row(9, name)));
    assertThatThrownBy(() -> cache.put("late", Map.of("rows", dead)))
        .isInstanceOf(BorrowedValueCacheException.class)
        .hasMessageContaining(".values[0][0].name is text borrowed");
  }

  @Test
  void cachesCopiesAndPlainValues() {
    withBorrowed(
        (name, data) -> {
          var copies =
              List.of(
                  new Row(1, name.copy()),
                  new Row(2, name.toString()),
                  Map.of("data", data.copy()),
                  Optional.empty(),
                  new Holder(42),
                  name.copy());
          for (int i = 0; i < copies.size(); i++) {
            cache.put(i, copies.get(i));
          }
          cache.put("null", null);
          assertThat(target.getNativeCache()).hasSize(copies.size() + 1);
        });
    assertThat(((Row) cache.get(0, Object.class)).name().toString())
        .isEqualTo("kite"); // after the transaction
  }
}
