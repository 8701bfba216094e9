package io.kitesql.data.paging;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.data.config.EnableKiteSqlRepositories;
import io.kitesql.data.paging.ItemRepository.CategoryOnly;
import io.kitesql.data.paging.ItemRepository.IdAndScore;
import io.kitesql.data.paging.ItemRepository.ScoreView;
import io.kitesql.data.repository.TempDatabaseConfiguration;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Derived queries with a {@link Pageable} return the requested page for every return type, on a
 * real database: the expected rows are cut from the inserted items sorted in Java. Top/First cap
 * the whole result and pages are cut from within it, as Spring Data Commons specifies for limiting
 * queries.
 */
@SpringJUnitConfig(PagedQueriesTest.Config.class)
class PagedQueriesTest {
  private static final int ITEMS = 137;
  private static final int SIZE = 10;
  private static final int LAST_PAGE = (ITEMS - 1) / SIZE; // 13, holding 7 items
  private static final int TOP = 25;
  private static final Sort BY_SCORE = Sort.by("score");

  @Configuration
  @EnableKiteSqlRepositories(basePackageClasses = ItemRepository.class)
  static class Config extends TempDatabaseConfiguration {
    @Override
    protected void createSchema(Database database) {
      database.execute(
          "create table items (id bigint primary key, category varchar, score int, label varchar)");
    }

    @Bean
    KiteSqlTransactionManager kiteSqlTransactionManager(Database database) {
      return new KiteSqlTransactionManager(database);
    }
  }

  /**
   * Distinct scores shuffled against the ids: sorting by score is a total order, and not the id
   * order.
   */
  private static final List<Item> DATA = data();

  private static final List<Item> SORTED =
      DATA.stream().sorted(Comparator.comparingInt(Item::score)).toList();

  @Autowired ItemRepository items;
  @Autowired KiteSqlTransactionManager transactions;

  private static List<Item> data() {
    var random = new Random(3);
    var scores = new ArrayList<>(IntStream.range(0, ITEMS).map(i -> 3 * i + 1).boxed().toList());
    Collections.shuffle(scores, random);
    var data = new ArrayList<Item>();
    for (int i = 0; i < ITEMS; i++) {
      data.add(
          new Item(
              (long) i + 1,
              String.valueOf("abcd".charAt(random.nextInt(4))),
              scores.get(i),
              "item " + i));
    }
    return data;
  }

  @BeforeEach
  void load() {
    if (items.count() == 0) {
      items.saveAll(DATA);
    }
  }

  /** The ids of {@code request}'s page of {@code all}, which is in the page's order already. */
  private static List<Long> page(List<Item> all, Pageable request) {
    int from = (int) Math.min(request.getOffset(), all.size());
    int to = Math.min(from + request.getPageSize(), all.size());
    return ids(all.subList(from, to));
  }

  private static List<Long> ids(Iterable<Item> found) {
    return StreamSupport.stream(found.spliterator(), false).map(Item::id).toList();
  }

  private <T> T inReadTransaction(Supplier<T> work) {
    var template = new TransactionTemplate(transactions);
    template.setReadOnly(true);
    return template.execute(status -> work.get());
  }

  @ParameterizedTest(name = "page {0}")
  @ValueSource(ints = {0, 1, 10, LAST_PAGE, LAST_PAGE + 1})
  void everyCollectionTypeReturnsTheRequestedPage(int number) {
    var request = PageRequest.of(number, SIZE, BY_SCORE);
    var expected = page(SORTED, request);
    assertThat(ids(items.findAllBy(request))).isEqualTo(expected);
    assertThat(ids(items.findStreamableBy(request))).isEqualTo(expected);
    assertThat(
            inReadTransaction(
                () -> {
                  try (var stream = items.streamAllBy(request)) {
                    return ids(stream.toList());
                  }
                }))
        .isEqualTo(expected);
    assertThat(items.findViewsBy(request)).extracting(ScoreView::getId).isEqualTo(expected);
    assertThat(items.findDtosBy(request)).extracting(IdAndScore::id).isEqualTo(expected);
    assertThat(items.findAllBy(request, IdAndScore.class))
        .extracting(IdAndScore::id)
        .isEqualTo(expected);
  }

  @ParameterizedTest(name = "page {0}")
  @ValueSource(ints = {0, 1, 10, LAST_PAGE, LAST_PAGE + 1})
  void slicesAndPagesKnowWhatFollows(int number) {
    var request = PageRequest.of(number, SIZE, BY_SCORE);
    var expected = page(SORTED, request);
    boolean more = (number + 1) * SIZE < ITEMS;
    var slice = items.findSliceBy(request);
    assertThat(ids(slice.getContent())).isEqualTo(expected);
    assertThat(slice.hasNext()).isEqualTo(more);
    for (var page : List.of(items.findPageBy(request), items.findAll(request))) {
      assertThat(ids(page.getContent())).isEqualTo(expected);
      assertThat(page.getTotalElements()).isEqualTo(ITEMS);
      assertThat(page.getTotalPages()).isEqualTo(LAST_PAGE + 1);
      assertThat(page.hasNext()).isEqualTo(more);
    }
  }

  @Test
  void theFilterAndTheNamesOrderComeBeforeThePage() {
    var bs =
        DATA.stream()
            .filter(i -> i.category().equals("b"))
            .sorted(Comparator.comparingInt(Item::score).reversed())
            .toList();
    for (int number = 0; number * 5 <= bs.size(); number++) {
      var request = PageRequest.of(number, 5);
      assertThat(ids(items.findByCategoryOrderByScoreDesc("b", request)))
          .as("page " + number)
          .isEqualTo(page(bs, request));
    }
  }

  @ParameterizedTest(name = "page {0}")
  @ValueSource(ints = {0, 1, 2, 3})
  void topCapsTheResultAndPagesAreCutFromWithinIt(int number) {
    var capped = SORTED.subList(0, TOP);
    var request = PageRequest.of(number, SIZE, BY_SCORE);
    var expected = page(capped, request);
    boolean more = (number + 1) * SIZE < TOP;
    assertThat(ids(items.findTop25By(request))).isEqualTo(expected);
    assertThat(
            inReadTransaction(
                () -> {
                  try (var stream = items.streamTop25By(request)) {
                    return ids(stream.toList());
                  }
                }))
        .isEqualTo(expected);
    var slice = items.findTop25SliceBy(request);
    assertThat(ids(slice.getContent())).isEqualTo(expected);
    assertThat(slice.hasNext()).isEqualTo(more);
    for (var page : List.of(items.findTop25PageBy(request))) {
      assertThat(ids(page.getContent())).isEqualTo(expected);
      assertThat(page.getTotalElements()).isEqualTo(TOP);
      assertThat(page.getTotalPages()).isEqualTo(3);
      assertThat(page.hasNext()).isEqualTo(more);
    }
  }

  @Test
  void aPageLargerThanTheCapHoldsTheWholeCappedResult() {
    var first = items.findTop25PageBy(PageRequest.of(0, 40, BY_SCORE));
    assertThat(ids(first.getContent())).isEqualTo(ids(SORTED.subList(0, TOP)));
    assertThat(first.getTotalElements()).isEqualTo(TOP);
    var second = items.findTop25PageBy(PageRequest.of(1, 40, BY_SCORE));
    assertThat(second.getContent()).isEmpty();
    assertThat(second.getTotalElements()).isEqualTo(TOP);
  }

  @Test
  void unpagedMeansEveryRowInTheGivenOrder() {
    var sorted = Pageable.unpaged(BY_SCORE);
    var all = ids(SORTED);
    assertThat(ids(items.findAllBy(sorted))).isEqualTo(all);
    assertThat(ids(items.findAll(sorted).getContent())).isEqualTo(all);
    assertThat(
            inReadTransaction(
                () -> {
                  try (var stream = items.streamAllBy(sorted)) {
                    return ids(stream.toList());
                  }
                }))
        .isEqualTo(all);
    var page = items.findPageBy(sorted);
    assertThat(ids(page.getContent())).isEqualTo(all);
    assertThat(page.getTotalElements()).isEqualTo(ITEMS);
    var slice = items.findSliceBy(sorted);
    assertThat(ids(slice.getContent())).isEqualTo(all);
    assertThat(slice.hasNext()).isFalse();
    assertThat(ids(items.findTop25By(sorted))).isEqualTo(all.subList(0, TOP));
    assertThat(items.findTop25PageBy(sorted).getTotalElements()).isEqualTo(TOP);

    var unsorted = Pageable.unpaged();
    assertThat(ids(items.findAllBy(unsorted))).containsExactlyInAnyOrderElementsOf(all);
    assertThat(ids(items.findAll(unsorted).getContent())).containsExactlyInAnyOrderElementsOf(all);
    assertThat(items.findPageBy(unsorted).getTotalElements()).isEqualTo(ITEMS);
    assertThat(items.findTop25By(unsorted)).hasSize(TOP);
  }

  @Test
  void pagesOfDistinctRowsCountDistinctRows() {
    var categories = DATA.stream().map(Item::category).distinct().sorted().toList();
    var request = PageRequest.of(0, 2, Sort.by("category"));
    for (var page = items.findDistinctBy(request);
        ;
        page = items.findDistinctBy(page.nextPageable())) {
      assertThat(page.getContent())
          .extracting(CategoryOnly::category)
          .isEqualTo(
              categories.subList(
                  Math.min(page.getNumber() * 2, categories.size()),
                  Math.min(page.getNumber() * 2 + 2, categories.size())));
      assertThat(page.getTotalElements())
          .as("page " + page.getNumber())
          .isEqualTo(categories.size());
      if (!page.hasNext()) {
        break;
      }
    }
  }
}
