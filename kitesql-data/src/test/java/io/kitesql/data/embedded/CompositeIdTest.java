package io.kitesql.data.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.data.mapping.Conversions;
import io.kitesql.data.mapping.EntityMapping;
import io.kitesql.data.mapping.EntitySchema;
import io.kitesql.data.mapping.KiteSqlMappingContext;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import io.kitesql.value.Text;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Sort;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * An {@code @Id} that is an embedded value ({@link OrderLineId}): a composite primary key, found,
 * saved, upserted and deleted by all of its columns. Expected results come from the saved lines.
 */
@SpringJUnitConfig(EmbeddedTestConfiguration.class)
class CompositeIdTest {
  private static final Comparator<OrderLine> BY_ID =
      Comparator.comparingLong((OrderLine l) -> l.id().orderId())
          .thenComparingInt(l -> l.id().line());

  @Autowired OrderLineRepository lines;
  @Autowired KiteSqlTransactionManager transactionManager;
  private List<OrderLine> saved;

  @BeforeEach
  void load() {
    lines.deleteAll();
    var random = new Random(7);
    var made = new ArrayList<OrderLine>();
    for (long order = 1; order <= 6; order++) {
      for (int line = 1; line <= 1 + random.nextInt(5); line++) {
        made.add(
            new OrderLine(
                new OrderLineId(order, line),
                "product " + random.nextInt(50),
                1 + random.nextInt(9)));
      }
    }
    saved = lines.saveAll(made);
  }

  private static String describe(OrderLine line) {
    return line.id().orderId()
        + "/"
        + line.id().line()
        + " "
        + line.product()
        + " x"
        + line.quantity();
  }

  private List<String> expected(Predicate<OrderLine> filter) {
    return saved.stream().filter(filter).sorted(BY_ID).map(CompositeIdTest::describe).toList();
  }

  private static List<String> described(Iterable<OrderLine> found) {
    var described = new ArrayList<String>();
    found.forEach(l -> described.add(describe(l)));
    return described;
  }

  @Test
  void findByIdAndExistsByIdMatchEveryColumnOfTheKey() {
    for (var line : saved) {
      assertThat(lines.findById(line.id()).map(CompositeIdTest::describe)).contains(describe(line));
    }
    // the same line number in another order, and the same order with a line it lacks
    var first = saved.getFirst();
    assertThat(lines.existsById(new OrderLineId(first.id().orderId(), 99))).isFalse();
    assertThat(lines.existsById(new OrderLineId(99, first.id().line()))).isFalse();
    assertThat(lines.count()).isEqualTo(saved.size());
  }

  @Test
  void findAllByIdAndDeleteAllByIdTakeSeveralCompositeKeys() {
    var some =
        List.of(
            saved.get(0).id(),
            saved.get(3).id(),
            new OrderLineId(42, 1),
            saved.get(saved.size() - 1).id());
    assertThat(described(lines.findAllById(some)))
        .containsExactlyInAnyOrderElementsOf(expected(l -> some.contains(l.id())));
    lines.deleteAllById(some);
    assertThat(described(lines.findAll(Sort.by("id.orderId", "id.line"))))
        .isEqualTo(expected(l -> !some.contains(l.id())));
  }

  @Test
  void saveOfAnExistingKeyUpdatesAndOfANewKeyInserts() {
    var first = saved.getFirst();
    lines.save(new OrderLine(first.id(), "changed", 100));
    lines.save(new OrderLine(new OrderLineId(first.id().orderId(), 50), "added", 5));
    assertThat(lines.findById(first.id()).map(CompositeIdTest::describe))
        .contains(first.id().orderId() + "/1 changed x100");
    assertThat(lines.count()).isEqualTo(saved.size() + 1);
    lines.upsertAll(
        List.of(
            new OrderLine(first.id(), "upserted", 3),
            new OrderLine(new OrderLineId(77, 1), "new", 1)));
    assertThat(lines.findById(first.id()).map(l -> l.product().toString())).contains("upserted");
    assertThat(lines.count()).isEqualTo(saved.size() + 2);
    lines.delete(lines.findById(new OrderLineId(77, 1)).orElseThrow());
    lines.deleteById(first.id());
    assertThat(lines.count()).isEqualTo(saved.size());
    assertThat(lines.existsById(first.id())).isFalse();
  }

  @Autowired VersionedLineRepository versioned;

  @Test
  void aVersionedCompositeIdIsInsertedOnceThenUpdatedAtItsVersion() {
    versioned.deleteAll();
    var id = new OrderLineId(5, 2);
    var inserted = versioned.save(new VersionedLine(id, "kite", null));
    assertThat(inserted.version()).isZero();
    var updated = versioned.save(new VersionedLine(id, "bigger kite", inserted.version()));
    assertThat(updated.version()).isEqualTo(1);
    assertThat(versioned.findById(id).map(l -> l.product() + " v" + l.version()))
        .contains("bigger kite v1");
    assertThatThrownBy(() -> versioned.save(new VersionedLine(id, "stale", 0)))
        .isInstanceOf(OptimisticLockingFailureException.class);
    assertThatThrownBy(() -> versioned.delete(inserted))
        .isInstanceOf(OptimisticLockingFailureException.class);
    versioned.delete(updated);
    assertThat(versioned.count()).isZero();
  }

  @Test
  void derivedQueriesSortsAndPagesReachTheKeysProperties() {
    assertThat(described(lines.findByIdOrderIdOrderByIdLineAsc(3)))
        .isEqualTo(expected(l -> l.id().orderId() == 3));
    assertThat(lines.countByIdLineGreaterThan(2))
        .isEqualTo(expected(l -> l.id().line() > 2).size());
    var all = expected(l -> true);
    var page = lines.findAll(PageRequest.of(1, 4, Sort.by("id.orderId", "id.line")));
    assertThat(described(page.getContent())).isEqualTo(all.subList(4, 8));
    assertThat(page.getTotalElements()).isEqualTo(all.size());
  }

  @Test
  void keysetScrollingOrdersByEveryKeyColumn() {
    var readAll = new ArrayList<String>();
    var window =
        lines.findBy(
            org.springframework.data.domain.Example.of(
                new OrderLine(null, null, 0),
                org.springframework.data.domain.ExampleMatcher.matching()
                    .withIgnorePaths("quantity")),
            q -> q.sortBy(Sort.by("id.orderId")).limit(5).scroll(ScrollPosition.keyset()));
    while (true) {
      readAll.addAll(described(window.getContent()));
      if (!window.hasNext()) {
        break;
      }
      var next = window.positionAt(window.size() - 1);
      window =
          lines.findBy(
              org.springframework.data.domain.Example.of(
                  new OrderLine(null, null, 0),
                  org.springframework.data.domain.ExampleMatcher.matching()
                      .withIgnorePaths("quantity")),
              q -> q.sortBy(Sort.by("id.orderId")).limit(5).scroll(next));
    }
    assertThat(readAll).isEqualTo(expected(l -> true));
  }

  @Test
  void textOfALineFoundByItsKeyIsBorrowed() {
    var readOnly = new TransactionTemplate(transactionManager);
    readOnly.setReadOnly(true);
    var first = saved.getFirst();
    readOnly.executeWithoutResult(
        status ->
            assertThat(lines.findById(first.id()).orElseThrow().product())
                .isInstanceOfSatisfying(Text.class, t -> assertThat(t.isBorrowed()).isTrue()));
  }

  @Test
  void aNullCompositeIdCannotBeSavedAndTheSchemaDeclaresBothColumnsAsKey() {
    assertThatThrownBy(() -> lines.save(new OrderLine(null, "no key", 1)))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("composite @Id");
    var sql =
        EntitySchema.createTableSql(
            new EntityMapping<>(new KiteSqlMappingContext(), OrderLine.class, Conversions.none()));
    assertThat(sql)
        .isEqualTo(
            "create table if not exists \"order_lines\" (\"order_id\" bigint not null, \"line\" int not null,"
                + " \"product\" varchar, \"quantity\" int not null, primary key (\"order_id\", \"line\"))");
  }
}
