package io.kitesql.data.paging;

import io.kitesql.data.repository.KiteSqlRepository;
import java.util.List;
import java.util.stream.Stream;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;
import org.springframework.data.util.Streamable;

/**
 * Every return type Spring Data allows a derived query with a {@link Pageable} (it refuses arrays,
 * plain {@code Iterable}, single results and a {@code Limit} or {@code Sort} beside a Pageable
 * itself), projections, and Top/First beside the page.
 */
public interface ItemRepository extends KiteSqlRepository<Item, Long> {
  interface ScoreView {
    Long getId();

    int getScore();
  }

  record IdAndScore(Long id, int score) {}

  record CategoryOnly(String category) {}

  List<Item> findAllBy(Pageable pageable);

  Stream<Item> streamAllBy(Pageable pageable);

  Streamable<Item> findStreamableBy(Pageable pageable);

  Slice<Item> findSliceBy(Pageable pageable);

  Page<Item> findPageBy(Pageable pageable);

  List<ScoreView> findViewsBy(Pageable pageable);

  List<IdAndScore> findDtosBy(Pageable pageable);

  <T> List<T> findAllBy(Pageable pageable, Class<T> type);

  List<Item> findByCategoryOrderByScoreDesc(String category, Pageable pageable);

  List<Item> findTop25By(Pageable pageable);

  Stream<Item> streamTop25By(Pageable pageable);

  Slice<Item> findTop25SliceBy(Pageable pageable);

  Page<Item> findTop25PageBy(Pageable pageable);

  Page<CategoryOnly> findDistinctBy(Pageable pageable);
}
