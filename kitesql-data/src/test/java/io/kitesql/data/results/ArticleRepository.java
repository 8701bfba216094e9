package io.kitesql.data.results;

import io.kitesql.data.repository.KiteSqlRepository;
import io.kitesql.data.repository.Query;
import java.util.List;

public interface ArticleRepository extends KiteSqlRepository<Article, Long> {
  String STATS =
      "select a.id, a.title, a.author_name, count(c.id) as comment_count, max(c.id) as newest"
          + " from articles a left join comments c on c.article_id = a.id group by a.id, a.title, a.author_name order by a.id";

  @Query(STATS)
  List<ArticleStats> stats();

  @Query(STATS)
  List<ArticleCountView> counts();

  @Query("select a.id, a.title from articles a order by a.id")
  List<ArticleStats> withoutCounts();

  @Query("select a.id from articles a order by a.id")
  List<ArticleCountView> onlyIds();
}
