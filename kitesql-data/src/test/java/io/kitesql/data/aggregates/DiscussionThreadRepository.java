package io.kitesql.data.aggregates;

import io.kitesql.data.repository.KiteSqlCriteriaExecutor;
import io.kitesql.data.repository.KiteSqlRepository;
import io.kitesql.data.repository.KiteSqlUpsertRepository;
import io.kitesql.data.repository.Query;
import java.util.List;
import java.util.Optional;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;

public interface DiscussionThreadRepository
    extends KiteSqlRepository<DiscussionThread, Long>,
        KiteSqlUpsertRepository<DiscussionThread>,
        KiteSqlCriteriaExecutor<DiscussionThread> {
  List<DiscussionThread> findByTitleStartingWithOrderByIdAsc(String prefix);

  Page<DiscussionThread> findByTitleStartingWith(String prefix, Pageable pageable);

  @Query("select * from discussion_thread where title = :title")
  Optional<DiscussionThread> titled(String title);
}
