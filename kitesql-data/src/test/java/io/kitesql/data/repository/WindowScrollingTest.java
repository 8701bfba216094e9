package io.kitesql.data.repository;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Window;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/**
 * Scrolling through a derived query in windows visits every row once, in order, offset or keyset.
 */
@SpringJUnitConfig(KiteSqlTestConfiguration.class)
class WindowScrollingTest {
  @Autowired OrderRepository orders;
  private List<Order> open;

  @BeforeEach
  void load() {
    orders.deleteAll();
    var random = new Random(11);
    var all = new ArrayList<Order>();
    for (long id = 1; id <= 95; id++) {
      // few distinct amounts, so the id must break ties
      all.add(
          new Order(
              id,
              1,
              random.nextInt(3) == 0 ? "done" : "open",
              BigDecimal.valueOf(random.nextInt(8)),
              "note " + random.nextInt(5)));
    }
    orders.saveAll(all);
    open = all.stream().filter(o -> o.status().equals("open")).toList();
  }

  @Test
  void keysetWindowsVisitEveryRowInOrder() {
    var expected =
        open.stream()
            .sorted(Comparator.comparing(Order::amount).thenComparing(Order::id))
            .map(Order::id)
            .toList();
    assertThat(
            scroll(
                ScrollPosition.keyset(),
                p -> orders.findFirst10ByStatusOrderByAmountAsc("open", p)))
        .isEqualTo(expected);
  }

  @Test
  void offsetWindowsVisitEveryRowInOrder() {
    var expected =
        open.stream()
            .sorted(Comparator.comparing(Order::amount).thenComparing(Order::id))
            .map(Order::id)
            .toList();
    assertThat(
            scroll(
                ScrollPosition.offset(),
                p -> orders.findFirst10ByStatusOrderByAmountAsc("open", p)))
        .isEqualTo(expected);
  }

  @Test
  void descendingKeysetWithALimitArgument() {
    var expected =
        open.stream()
            .sorted(
                Comparator.comparing((Order o) -> o.note().toString())
                    .reversed()
                    .thenComparing(Order::id))
            .map(Order::id)
            .toList();
    assertThat(
            scroll(
                ScrollPosition.keyset(),
                p -> orders.findByStatusOrderByNoteDesc("open", p, Limit.of(7))))
        .isEqualTo(expected);
  }

  @Test
  void scrollingBackwardReturnsThePreviousWindow() {
    var first = orders.findFirst10ByStatusOrderByAmountAsc("open", ScrollPosition.keyset());
    var second =
        orders.findFirst10ByStatusOrderByAmountAsc("open", first.positionAt(first.size() - 1));
    var back =
        orders.findFirst10ByStatusOrderByAmountAsc(
            "open",
            ((org.springframework.data.domain.KeysetScrollPosition) second.positionAt(0))
                .backward());
    assertThat(back.getContent())
        .extracting(Order::id)
        .isEqualTo(first.getContent().stream().map(Order::id).toList());
  }

  private static List<Long> scroll(
      ScrollPosition start, java.util.function.Function<ScrollPosition, Window<Order>> query) {
    var ids = new ArrayList<Long>();
    var window = query.apply(start);
    int windows = 0;
    while (true) {
      window.forEach(o -> ids.add(o.id()));
      windows++;
      if (!window.hasNext() || windows > 100) {
        return ids;
      }
      window = query.apply(window.positionAt(window.size() - 1));
    }
  }
}
