package io.kitesql.data.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.api.Database;
import io.kitesql.data.config.EnableKiteSqlRepositories;
import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.repository.TempDatabaseConfiguration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.mapping.MappingException;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/**
 * {@code @Query} result columns reach DTO and interface projection properties through the entity's
 * columns, the naming strategy ({@code comment_count} to {@code commentCount}) and {@code @Column},
 * so one query text serves Spring Data JDBC too; a missing column names the columns the result has.
 */
@SpringJUnitConfig(QueryResultMappingTest.Config.class)
class QueryResultMappingTest {

  @Configuration
  @EnableKiteSqlRepositories(basePackageClasses = ArticleRepository.class)
  static class Config extends TempDatabaseConfiguration {
    @Override
    protected void createSchema(Database database) {
      database.execute(
          "create table articles (id bigint primary key, title varchar, author_name varchar)");
      database.execute(
          "create table comments (id bigint primary key, article_id bigint, body varchar)");
    }
  }

  @Autowired ArticleRepository articles;
  @Autowired KiteSqlTemplate template;
  private List<Article> data;

  /** Comment ids per article id, as inserted. */
  private final Map<Long, List<Long>> comments = new TreeMap<>();

  @BeforeEach
  void load() {
    articles.deleteAll();
    template.update("delete from comments");
    comments.clear();
    var random = new Random(7);
    data = new ArrayList<>();
    long commentId = 1;
    for (long id = 1; id <= 20; id++) {
      data.add(new Article(id, "title " + id, "author " + random.nextInt(4)));
      comments.put(id, new ArrayList<>());
      for (int n = random.nextInt(5); n > 0; n--, commentId++) {
        template.update(
            "insert into comments (id, article_id, body) values (?, ?, ?)",
            commentId,
            id,
            "comment " + commentId);
        comments.get(id).add(commentId);
      }
    }
    articles.saveAll(data);
  }

  @Test
  void dtoPropertiesReadColumnsByEntityColumnNamingStrategyAndColumnAnnotation() {
    var expected =
        data.stream()
            .map(
                a ->
                    new ArticleStats(
                        a.id(),
                        a.title(),
                        a.author(),
                        comments.get(a.id()).size(),
                        comments.get(a.id()).stream().max(Long::compare).orElse(null)))
            .toList();
    assertThat(articles.stats())
        .map(
            s ->
                List.of(
                    s.id(),
                    s.title().toString(),
                    s.author().toString(),
                    s.commentCount(),
                    String.valueOf(s.newestCommentId())))
        .isEqualTo(
            expected.stream()
                .map(
                    s ->
                        List.of(
                            s.id(),
                            s.title().toString(),
                            s.author().toString(),
                            s.commentCount(),
                            String.valueOf(s.newestCommentId())))
                .toList());
  }

  @Test
  void interfaceProjectionsReadSnakeCaseColumns() {
    assertThat(articles.counts())
        .map(v -> List.of(v.getId(), v.getAuthor().toString(), v.getCommentCount()))
        .isEqualTo(
            data.stream()
                .map(
                    a -> List.of(a.id(), a.author().toString(), (long) comments.get(a.id()).size()))
                .toList());
  }

  @Test
  void aMissingColumnNamesTheColumnsTheResultHas() {
    assertThatThrownBy(() -> articles.withoutCounts())
        .isInstanceOf(MappingException.class)
        .hasMessageContaining("author_name")
        .hasMessageContaining("ArticleStats")
        .hasMessageContaining("[id, title]");
    assertThatThrownBy(() -> articles.onlyIds())
        .isInstanceOf(MappingException.class)
        .hasMessageContaining("author")
        .hasMessageContaining("[id]");
  }
}
