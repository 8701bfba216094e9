package io.kitesql.data.paging;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.mapping.Conversions;
import io.kitesql.data.mapping.KiteSqlMappingContext;
import io.kitesql.data.paging.ItemRepository.ScoreView;
import io.kitesql.data.repository.KiteSqlRepository;
import io.kitesql.data.repository.Query;
import io.kitesql.data.repository.support.KiteSqlRepositoryFactory;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/**
 * A query method declaring something its kind of query would not apply (a parameter, a First/Top, a
 * projection of deleted rows) fails when the repository is made, naming the method and the part,
 * instead of running without it.
 */
@SpringJUnitConfig(PagedQueriesTest.Config.class)
class UnappliedParametersTest {
  @Autowired KiteSqlTemplate template;

  interface CountWithSort extends KiteSqlRepository<Item, Long> {
    long countByCategory(String category, Sort sort);
  }

  interface ExistsWithLimit extends KiteSqlRepository<Item, Long> {
    boolean existsByCategory(String category, Limit limit);
  }

  interface DeleteWithPageable extends KiteSqlRepository<Item, Long> {
    List<Item> deleteByCategory(String category, Pageable pageable);
  }

  interface DeleteWithDynamicProjection extends KiteSqlRepository<Item, Long> {
    <T> List<T> deleteByCategory(String category, Class<T> type);
  }

  interface DeleteTop extends KiteSqlRepository<Item, Long> {
    long deleteTop3ByCategory(String category);
  }

  interface CountFirst extends KiteSqlRepository<Item, Long> {
    long countFirst10ByCategory(String category);
  }

  interface DeleteReturningProjection extends KiteSqlRepository<Item, Long> {
    List<ScoreView> deleteByCategory(String category);
  }

  interface WindowWithPageable extends KiteSqlRepository<Item, Long> {
    Window<Item> findFirst5ByCategory(String category, ScrollPosition position, Pageable pageable);
  }

  interface DeclaredWithScrollPosition extends KiteSqlRepository<Item, Long> {
    @Query("select * from items where category = ?")
    Window<Item> inCategory(String category, ScrollPosition position);
  }

  interface DeclaredWithPageable extends KiteSqlRepository<Item, Long> {
    @Query("select * from items where category = ?")
    List<Item> inCategory(String category, Pageable pageable);
  }

  /**
   * Names that only look like a First/Top, and a declared query with a dynamic projection, which it
   * honours.
   */
  interface Accepted extends KiteSqlRepository<Item, Long> {
    long countTopicsByCategory(String category);

    long deleteAllByCategory(String category);

    List<Item> deleteFirstsByScore(int score);

    @Query("select * from items where category = ?")
    <T> List<T> inCategory(String category, Class<T> type);
  }

  private void refused(Class<?> repository, String method, String... parts) {
    var factory =
        new KiteSqlRepositoryFactory(template, new KiteSqlMappingContext(), Conversions.none());
    var thrown =
        assertThatThrownBy(() -> factory.getRepository(repository))
            .as(repository.getSimpleName())
            .hasMessageContaining(method);
    for (var part : parts) {
      thrown.hasMessageContaining(part);
    }
  }

  @Test
  void countExistsAndDeleteRefuseParametersTheyWouldNotApply() {
    refused(CountWithSort.class, "countByCategory", "count query", "Sort");
    refused(ExistsWithLimit.class, "existsByCategory", "exists query", "Limit");
    refused(DeleteWithPageable.class, "deleteByCategory", "delete query", "Pageable");
    refused(
        DeleteWithDynamicProjection.class,
        "deleteByCategory",
        "delete query",
        "dynamic projection");
  }

  @Test
  void firstAndTopAreRefusedWhereTheParserWouldDropThem() {
    refused(DeleteTop.class, "deleteTop3ByCategory", "First/Top", "delete");
    refused(CountFirst.class, "countFirst10ByCategory", "First/Top", "count");
  }

  @Test
  void aDeleteReturnsCountsOrEntitiesNotProjections() {
    refused(DeleteReturningProjection.class, "deleteByCategory", ScoreView.class.getName());
  }

  @Test
  void scrollPositionsAndPageablesGoWhereTheyApply() {
    refused(WindowWithPageable.class, "findFirst5ByCategory", "Window", "Pageable");
    refused(DeclaredWithScrollPosition.class, "inCategory", "ScrollPosition", "@Query");
    refused(DeclaredWithPageable.class, "inCategory", "Pageable", "@Query");
  }

  @Test
  void namesThatOnlyLookLikeALimitAreAccepted() {
    var factory =
        new KiteSqlRepositoryFactory(template, new KiteSqlMappingContext(), Conversions.none());
    assertThatCode(() -> factory.getRepository(Accepted.class)).doesNotThrowAnyException();
  }
}
