package com.example.posts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.example.onkitesql.ThreadReader;
import io.kitesql.data.jdbc.JdbcKiteSqlDialect;
import java.sql.Connection;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.data.domain.Example;
import org.springframework.data.domain.ExampleMatcher;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.jdbc.core.dialect.JdbcDialect;
import org.springframework.data.mapping.model.MappingInstantiationException;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * minimal-app's repository contract on Spring Data JDBC and KiteSQL's JDBC driver, with the dialect
 * of kitesql-spring-data-jdbc, every test unchanged (Spring Data JDBC escapes LIKE arguments with
 * a backslash and writes no ESCAPE clause: the backslash is KiteSQL's default escape, as
 * PostgreSQL's); then what is different there.
 */
@SpringBootTest
class OnKiteSqlTests extends PostRepositoryContract {

  @Autowired ThreadReader reader;
  @Autowired JdbcTemplate jdbc;
  @Autowired JdbcDialect dialect;

  @Test
  void theStoreIsKiteSqlThroughItsDialect() {
    assertThat(dialect).isSameAs(JdbcKiteSqlDialect.INSTANCE);
    assertThat(jdbc.execute((ConnectionCallback<String>) (Connection c) -> c.getMetaData().getDatabaseProductName()))
        .isEqualTo("KiteSQL");
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
  void springDataJdbcsOwnGapsAreTheSameAsOnPostgresql() {
    // as in postgresql-portability: projections build the entity first and fail on its primitive component
    assertThatThrownBy(() -> posts.findByThreadIdAndParentIdIsNull(1))
        .isInstanceOf(MappingInstantiationException.class).hasMessageContaining("com.example.posts.Post");
    // a Window return type runs as a single-result query and finds two rows
    assertThatThrownBy(() -> posts.findFirst2ByThreadIdOrderByIdAsc(1, ScrollPosition.offset()))
        .isInstanceOf(IncorrectResultSizeDataAccessException.class);
    // a LIKE matcher of a query by example on a CharSequence property cannot be bound
    var kite = ExampleMatcher.matching().withMatcher("body", m -> m.contains());
    assertThatThrownBy(() -> posts.findAll(Example.of(new Post(null, 1, null, null, "kite"), kite)))
        .isInstanceOf(org.springframework.dao.DataAccessException.class);
  }
}
