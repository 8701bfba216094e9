package io.kitesql.data.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.value.Text;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.EmptyResultDataAccessException;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/**
 * Every derivation keyword and return type against a real database, with expected rows computed by
 * filtering the inserted Java objects (never from the engine's own output).
 */
@SpringJUnitConfig(KiteSqlTestConfiguration.class)
class OrderRepositoryTest {
  private static final List<String> STATUSES = List.of("open", "done", "Open", "cancelled");
  private static final List<String> NOTE_WORDS =
      List.of("kite", "string", "50%", "a_b", "wind", "back\\slash");

  @Autowired OrderRepository orders;
  private List<Order> data;

  @BeforeEach
  void load() {
    orders.deleteAll();
    var random = new Random(7);
    data = new ArrayList<>();
    for (long id = 1; id <= 300; id++) {
      var note =
          random.nextInt(10) == 0
              ? null
              : NOTE_WORDS.get(random.nextInt(NOTE_WORDS.size()))
                  + " "
                  + NOTE_WORDS.get(random.nextInt(NOTE_WORDS.size()));
      var amount = BigDecimal.valueOf(random.nextInt(100_000), 2);
      data.add(
          new Order(
              id,
              1 + random.nextInt(12),
              STATUSES.get(random.nextInt(STATUSES.size())),
              amount,
              note));
    }
    orders.saveAll(data);
  }

  private List<Long> expected(Predicate<Order> filter) {
    return data.stream().filter(filter).map(Order::id).sorted().toList();
  }

  private static List<Long> ids(List<Order> found) {
    return found.stream().map(Order::id).sorted().toList();
  }

  private static String note(Order o) {
    return o.note() == null ? null : o.note().toString();
  }

  @Test
  void crudRoundTrip() {
    assertThat(orders.count()).isEqualTo(data.size());
    var first = orders.findById(1L).orElseThrow();
    assertThat(first.status()).isEqualTo(data.getFirst().status());
    assertThat(first.amount()).isEqualByComparingTo(data.getFirst().amount());
    assertThat(Objects.toString(first.note(), null)).isEqualTo(note(data.getFirst()));
    assertThat(orders.existsById(2L)).isTrue();
    assertThat(orders.existsById(999L)).isFalse();
    assertThat(ids(orders.findAllById(List.of(3L, 5L, 999L)))).containsExactly(3L, 5L);
    orders.save(new Order(1L, 1, "changed", BigDecimal.ONE, "new note"));
    assertThat(orders.findById(1L).orElseThrow().status()).isEqualTo("changed");
    orders.deleteById(1L);
    assertThat(orders.findById(1L)).isEmpty();
    orders.deleteAllById(List.of(2L, 3L));
    assertThat(orders.count()).isEqualTo(data.size() - 3);
  }

  @Test
  void valuesReadOutsideATransactionAreOwnedCopies() {
    var found = orders.findById(4L).orElseThrow();
    if (found.note() instanceof Text text) {
      assertThat(text.isBorrowed()).isFalse();
    }
    assertThat(Objects.toString(found.note(), null)).isEqualTo(note(data.get(3)));
  }

  @Test
  void sortingAndPaging() {
    var byAmount = orders.findAll(Sort.by("amount").descending().and(Sort.by("id")));
    var expected =
        data.stream()
            .sorted(Comparator.comparing(Order::amount).reversed().thenComparing(Order::id))
            .map(Order::id)
            .toList();
    assertThat(byAmount.stream().map(Order::id).toList()).isEqualTo(expected);

    var page = orders.findAll(PageRequest.of(2, 25, Sort.by("id")));
    assertThat(page.getTotalElements()).isEqualTo(data.size());
    assertThat(page.getContent().stream().map(Order::id).toList())
        .isEqualTo(expected(o -> true).subList(50, 75));
    assertThatThrownBy(() -> orders.findAll(Sort.by("nope")))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("nope");
  }

  @Test
  void table1Query() {
    var amount = new BigDecimal("300.00");
    var found = orders.findByCustomerIdAndStatusAndAmountGreaterThan(3, "open", amount);
    assertThat(ids(found))
        .isEqualTo(
            expected(
                o ->
                    o.customerId() == 3
                        && o.status().equals("open")
                        && o.amount().compareTo(amount) > 0));
  }

  @Test
  void comparisonKeywords() {
    var low = new BigDecimal("100.00");
    var high = new BigDecimal("200.00");
    assertThat(ids(orders.findByAmountBetween(low, high)))
        .isEqualTo(
            expected(o -> o.amount().compareTo(low) >= 0 && o.amount().compareTo(high) <= 0));
    assertThat(ids(orders.findByAmountLessThanEqual(low)))
        .isEqualTo(expected(o -> o.amount().compareTo(low) <= 0));
    assertThat(ids(orders.findByAmountGreaterThanEqual(high)))
        .isEqualTo(expected(o -> o.amount().compareTo(high) >= 0));
    assertThat(ids(orders.findByIdLessThan(10))).isEqualTo(expected(o -> o.id() < 10));
    assertThat(ids(orders.findByStatusNot("open")))
        .isEqualTo(expected(o -> !o.status().equals("open")));
    assertThat(ids(orders.findByStatusOrCustomerId("done", 4)))
        .isEqualTo(expected(o -> o.status().equals("done") || o.customerId() == 4));
  }

  @Test
  void inAndNotIn() {
    assertThat(ids(orders.findByStatusIn(List.of("open", "cancelled"))))
        .isEqualTo(expected(o -> Set.of("open", "cancelled").contains(o.status())));
    assertThat(ids(orders.findByStatusNotIn(List.of("open"))))
        .isEqualTo(expected(o -> !o.status().equals("open")));
    assertThat(orders.findByStatusIn(List.of())).isEmpty();
    assertThat(ids(orders.findByStatusNotIn(List.of()))).isEqualTo(expected(o -> true));
  }

  @Test
  void likeFamilyMatchesArgumentsLiterally() {
    assertThat(ids(orders.findByNoteStartingWith("50%")))
        .isEqualTo(expected(o -> note(o) != null && note(o).startsWith("50%")));
    assertThat(ids(orders.findByNoteEndingWith("a_b")))
        .isEqualTo(expected(o -> note(o) != null && note(o).endsWith("a_b")));
    assertThat(ids(orders.findByNoteContaining("k\\s")))
        .isEqualTo(expected(o -> note(o) != null && note(o).contains("k\\s")));
    assertThat(ids(orders.findByNoteContaining("%")))
        .isEqualTo(expected(o -> note(o) != null && note(o).contains("%")));
    assertThat(ids(orders.findByNoteNotContaining("kite")))
        .isEqualTo(expected(o -> note(o) != null && !note(o).contains("kite")));
    // Like passes the pattern through: % and _ are wildcards here
    assertThat(ids(orders.findByNoteLike("k_te%")))
        .isEqualTo(expected(o -> note(o) != null && note(o).matches("k.te.*")));
    assertThat(ids(orders.findByStatusIgnoreCase("OPEN")))
        .isEqualTo(expected(o -> o.status().equalsIgnoreCase("open")));
  }

  @Test
  void nullKeywords() {
    assertThat(ids(orders.findByNoteIsNull())).isEqualTo(expected(o -> o.note() == null));
    assertThat(ids(orders.findByNoteIsNotNull())).isEqualTo(expected(o -> o.note() != null));
  }

  @Test
  void limitingAndOrdering() {
    var top = orders.findTop3ByStatusOrderByAmountDesc("done");
    var expected =
        data.stream()
            .filter(o -> o.status().equals("done"))
            .sorted(Comparator.comparing(Order::amount).reversed())
            .limit(3)
            .map(Order::id)
            .toList();
    assertThat(top.stream().map(Order::id).toList()).isEqualTo(expected);
    var first = orders.findFirstByCustomerIdOrderByIdAsc(5);
    assertThat(first.map(Order::id))
        .isEqualTo(expected(o -> o.customerId() == 5).stream().findFirst());
    assertThat(orders.findOneById(7).id()).isEqualTo(7L);
    // Spring Data's rule for a non-null return type: no row is an error, not null
    assertThatThrownBy(() -> orders.findOneById(7000))
        .isInstanceOf(EmptyResultDataAccessException.class);
    var sorted = orders.findByCustomerId(2, Sort.by(Sort.Direction.DESC, "id"));
    assertThat(sorted.stream().map(Order::id).toList())
        .isEqualTo(expected(o -> o.customerId() == 2).reversed());
    var limited = orders.findByStatus("open", Limit.of(4));
    assertThat(limited).hasSize(4);
  }

  @Test
  void pagesAndSlices() {
    var all = expected(o -> o.status().equals("open"));
    var page = orders.findByStatus("open", PageRequest.of(1, 10, Sort.by("id")));
    assertThat(page.getTotalElements()).isEqualTo(all.size());
    assertThat(page.getContent().stream().map(Order::id).toList()).isEqualTo(all.subList(10, 20));
    var slice = orders.findSliceByStatus("open", PageRequest.of(0, 10, Sort.by("id")));
    assertThat(slice.hasNext()).isEqualTo(all.size() > 10);
    assertThat(slice.getContent().stream().map(Order::id).toList()).isEqualTo(all.subList(0, 10));
  }

  @Test
  void projections() {
    var notes = orders.findByCustomerIdOrderByIdDesc(6);
    var expected =
        data.stream()
            .filter(o -> o.customerId() == 6)
            .sorted(Comparator.comparing(Order::id).reversed())
            .toList();
    assertThat(notes.stream().map(OrderRepository.NoteView::getId).toList())
        .isEqualTo(expected.stream().map(Order::id).toList());
    assertThat(notes.stream().map(n -> Objects.toString(n.getNote(), null)).toList())
        .isEqualTo(expected.stream().map(OrderRepositoryTest::note).toList());

    var dtos = orders.findByStatus("done");
    assertThat(dtos).hasSize(expected(o -> o.status().equals("done")).size());
    assertThat(dtos).allSatisfy(d -> assertThat(d.status()).isEqualTo("done"));

    var distinct = orders.findDistinctByCustomerId(1);
    var expectedDistinct =
        data.stream()
            .filter(o -> o.customerId() == 1)
            .map(o -> o.status() + "/" + o.amount().stripTrailingZeros().toPlainString())
            .collect(Collectors.toSet());
    assertThat(distinct).hasSize(expectedDistinct.size());

    var dynamic = orders.findByCustomerId(1, OrderRepository.StatusAndAmount.class);
    assertThat(dynamic).hasSize(expected(o -> o.customerId() == 1).size());
  }

  @Test
  void countExistsDelete() {
    assertThat(orders.countByStatus("open"))
        .isEqualTo(expected(o -> o.status().equals("open")).size());
    assertThat(orders.existsByCustomerId(3))
        .isEqualTo(!expected(o -> o.customerId() == 3).isEmpty());
    assertThat(orders.existsByCustomerId(99)).isFalse();
    long cancelled = expected(o -> o.status().equals("cancelled")).size();
    assertThat(orders.deleteByStatus("cancelled")).isEqualTo(cancelled);
    assertThat(orders.count()).isEqualTo(data.size() - cancelled);
  }

  @Test
  void streamsNeedATransaction() {
    assertThatThrownBy(() -> orders.streamByCustomerId(1))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("inside a transaction");
  }

  @Test
  void declaredQueries() {
    assertThat(orders.byCustomerAndStatus(2, "open").stream().map(Order::id).toList())
        .isEqualTo(expected(o -> o.customerId() == 2 && o.status().equals("open")));
    assertThat(orders.notesOf(3).stream().map(OrderRepository.NoteView::getId).toList())
        .isEqualTo(expected(o -> o.customerId() == 3));
    assertThat(orders.countWithStatus("done"))
        .isEqualTo(expected(o -> o.status().equals("done")).size());
    var totals = orders.totalsByStatus();
    for (var total : totals) {
      var sum =
          data.stream()
              .filter(o -> o.status().equals(total.status()))
              .map(Order::amount)
              .reduce(BigDecimal.ZERO, BigDecimal::add);
      assertThat(total.amount()).isEqualByComparingTo(sum);
    }
    assertThat(totals)
        .extracting(OrderRepository.StatusAndAmount::status)
        .containsExactlyElementsOf(STATUSES.stream().sorted().toList());
    long open = expected(o -> o.status().equals("open")).size();
    assertThat(orders.renameStatus("open", "reopened")).isEqualTo(open);
    assertThat(orders.countByStatus("reopened")).isEqualTo(open);
  }

  @Test
  void singleResultWithTwoRowsIsAnError() {
    assertThatThrownBy(() -> orders.findOneByCustomerId(1))
        .isInstanceOf(IncorrectResultSizeDataAccessException.class);
  }
}
