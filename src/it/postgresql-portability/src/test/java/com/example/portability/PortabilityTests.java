package com.example.portability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.example.posts.Member;
import com.example.posts.Post;
import com.example.posts.PostRepositoryContract;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.data.annotation.Id;
import org.springframework.data.domain.Example;
import org.springframework.data.domain.ExampleMatcher;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;
import org.springframework.data.jdbc.core.mapping.AggregateReference;
import org.springframework.data.jdbc.repository.support.JdbcRepositoryFactory;
import org.springframework.data.mapping.model.MappingInstantiationException;
import org.springframework.data.relational.core.mapping.Table;
import org.springframework.data.repository.ListCrudRepository;
import org.springframework.data.repository.query.QueryCreationException;
import org.springframework.jdbc.BadSqlGrammarException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * minimal-app's repository contract, unchanged, on Spring Data JDBC and a real PostgreSQL server;
 * then what is different there: text is copied into {@code String}s, and the repository features
 * of KiteSQL's module that Spring Data JDBC does not have (Window, derived queries through an
 * aggregate reference).
 */
@ExtendWith(PrivatePostgres.class)
@SpringBootTest
class PortabilityTests extends PostRepositoryContract {

  @DynamicPropertySource
  static void postgres(DynamicPropertyRegistry registry) {
    registry.add("spring.datasource.url", PrivatePostgres::jdbcUrl);
    registry.add("spring.datasource.username", () -> "postgres");
  }

  @Autowired ThreadReader reader;
  @Autowired JdbcTemplate jdbc;
  @Autowired JdbcAggregateTemplate aggregates;

  @Test
  void theStoreIsARealPostgresqlServer() {
    assertThat(jdbc.queryForObject("select version()", String.class)).startsWith("PostgreSQL ");
    // minimal-app's schema.sql made an identity column there too
    assertThat(jdbc.queryForObject(
        "select is_identity from information_schema.columns where table_name = 'posts' and column_name = 'id'",
        String.class)).isEqualTo("YES");
  }

  @Test
  void textIsCopiedIntoStrings() {
    var types = reader.withThread(1, found -> {
      var classes = new ArrayList<Class<?>>();
      found.forEach(p -> { classes.add(p.author().getClass()); classes.add(p.body().getClass()); });
      return classes;
    });
    assertThat(types).hasSize(8).containsOnly(String.class);
  }

  @Test
  void projectionsBuildTheEntityFirstAndARecordWithAPrimitiveComponentFails() {
    // KiteSQL reads only the projected columns into the projection (MinimalAppTests). Spring Data JDBC
    // builds a Post from them first, and a record's primitive component (threadId) has no value
    // (spring-data-relational#1687). findDistinct… is such a projection (and Spring Data JDBC would
    // drop its Distinct: #1321).
    assertThatThrownBy(() -> posts.findByThreadIdAndParentIdIsNull(1))
        .isInstanceOf(MappingInstantiationException.class)
        .hasMessageContaining("com.example.posts.Post");
    assertThatThrownBy(() -> posts.findDistinctByThreadIdOrderByAuthorAsc(1))
        .isInstanceOf(MappingInstantiationException.class)
        .hasMessageContaining("com.example.posts.Post");
  }

  @Test
  void likeTextMatchersOfAQueryByExampleFailOnACharSequenceProperty() {
    // KiteSQL matches "kite" inside the body, in any case if asked (kitesql-data's QueryByExampleTest).
    // Spring Data JDBC 4.1 cannot bind the LIKE value of a CharSequence property.
    var kite = ExampleMatcher.matching().withMatcher("body", m -> m.contains());
    assertThatThrownBy(() -> posts.findAll(Example.of(new Post(null, 1, null, null, "kite"), kite)))
        .isInstanceOf(BadSqlGrammarException.class);
    var anyCase = ExampleMatcher.matching().withMatcher("body", m -> m.contains().ignoreCase());
    assertThatThrownBy(() -> posts.findAll(Example.of(new Post(null, 1, null, null, "KITE"), anyCase)))
        .isInstanceOf(BadSqlGrammarException.class);
  }

  /** A book that refers to the member who wrote it, by id: the shape of kitesql-data's ReferencedPropertyQueriesTest. */
  @Table("books")
  record Book(@Id Long id, String title, AggregateReference<Member, Long> writer) {}

  interface BooksByWriterHandle extends ListCrudRepository<Book, Long> {
    List<Book> findByWriterHandle(String handle);
  }

  @Test
  void derivedQueriesThroughAnAggregateReferenceAreRefusedBySpringDataJdbc() {
    // KiteSQL derives findByWriterHandle as a subquery on the referenced table (kitesql-data's
    // ReferencedPropertyQueriesTest). Spring Data JDBC cannot follow the reference
    // (spring-data-relational#1227): the repository is not made.
    var factory = new JdbcRepositoryFactory(aggregates);
    assertThatThrownBy(() -> factory.getRepository(BooksByWriterHandle.class))
        .isInstanceOfSatisfying(QueryCreationException.class, e -> assertThat(e.getMethod().getName()).isEqualTo("findByWriterHandle"))
        .hasMessageContaining("No property 'handle' found for type 'AggregateReference'");
  }

  @Test
  void windowQueriesAreNotSupportedBySpringDataJdbc() {
    // KiteSQL scrolls by offset and by keyset (MinimalAppTests). Spring Data JDBC has no Window
    // return type: it runs the method as a single-result query and finds two rows.
    assertThatThrownBy(() -> posts.findFirst2ByThreadIdOrderByIdAsc(1, ScrollPosition.offset()))
        .isInstanceOf(IncorrectResultSizeDataAccessException.class);
    assertThatThrownBy(() -> posts.findFirst2ByThreadIdOrderByIdAsc(1, ScrollPosition.keyset()))
        .isInstanceOf(IncorrectResultSizeDataAccessException.class);
  }
}
