package io.kitesql.data.replytree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.api.Database;
import io.kitesql.data.config.EnableKiteSqlRepositories;
import io.kitesql.data.repository.TempDatabaseConfiguration;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import io.kitesql.storage.MappedRegions;
import io.kitesql.value.Text;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;
import org.springframework.transaction.IllegalTransactionStateException;
import org.springframework.transaction.annotation.EnableTransactionManagement;

/**
 * The article's reply tree as a Spring developer writes it: a repository interface and a
 * {@code @ReadOnlyTxn} service. Every text field of every post lies inside the LMDB map while the
 * transaction lives, and dies loudly after it.
 */
@SpringJUnitConfig(ReplyTreeTest.Config.class)
class ReplyTreeTest {

  @Configuration
  @EnableTransactionManagement
  @EnableKiteSqlRepositories(basePackageClasses = PostRepository.class)
  static class Config extends TempDatabaseConfiguration {
    @Override
    protected void createSchema(Database database) {
      // "user" is a keyword in SQL: the repository quotes every name it writes
      database.execute(
          "create table posts (id bigint primary key, thread_id bigint, parent_id bigint, \"user\" varchar, body varchar)");
      database.execute("create index posts_thread on posts (thread_id)");
    }

    @Bean
    KiteSqlTransactionManager kiteSqlTransactionManager(Database database) {
      return new KiteSqlTransactionManager(database);
    }

    @Bean
    ReplyTreeService replyTreeService(PostRepository posts) {
      return new ReplyTreeService(posts);
    }
  }

  @Autowired PostRepository posts;
  @Autowired ReplyTreeService service;
  @Autowired Database database;
  private final List<Post> thread = new ArrayList<>();

  @BeforeEach
  void load() {
    posts.deleteAll();
    thread.clear();
    // thread 1: a root, two replies, a reply to the first reply; bodies up to 64 KiB
    thread.add(new Post(1L, 1, null, "ada", "root " + "x".repeat(65_536)));
    thread.add(new Post(2L, 1, 1L, "bob", "first reply"));
    thread.add(new Post(3L, 1, 1L, "cyd", "second reply ✈ kites"));
    thread.add(new Post(4L, 1, 2L, "ada", "reply to the first reply"));
    posts.saveAll(thread);
    posts.save(new Post(5L, 2, null, "eve", "another thread"));
  }

  @Test
  void everyTextFieldOfTheTreeBorrowsTheMap() {
    var regions = MappedRegions.of(database.dataFile());
    int checked =
        service.withTree(
            1,
            roots -> {
              assertThat(roots).hasSize(1);
              var root = roots.getFirst();
              assertThat(root.replies()).extracting(n -> n.post().id()).containsExactly(2L, 3L);
              assertThat(root.replies().getFirst().replies())
                  .extracting(n -> n.post().id())
                  .containsExactly(4L);
              var texts = new ArrayList<CharSequence>();
              collect(roots, texts);
              for (var text : texts) {
                assertThat(text).isInstanceOf(Text.class);
                var borrowed = (Text) text;
                assertThat(borrowed.isBorrowed()).isTrue();
                assertThat(
                        regions.contains(
                            borrowed.asReadOnlySegment().address(), borrowed.utf8Length()))
                    .isTrue();
              }
              for (var expected : thread) {
                var node = find(roots, expected.id());
                assertThat(node.post().user().toString()).isEqualTo(expected.user().toString());
                assertThat(node.post().body().toString()).isEqualTo(expected.body().toString());
              }
              return texts.size();
            });
    assertThat(checked).isEqualTo(2 * thread.size());
  }

  @Test
  void borrowedFieldsDieWhenTheTransactionEnds() {
    var roots = service.tree(1);
    var body = roots.getFirst().post().body();
    assertThatThrownBy(body::length).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(body::toString).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void aRepositoryCallOutsideATransactionReturnsOwnedValues() {
    var found = posts.findByThreadIdOrderByIdAsc(1);
    assertThat(found).hasSize(thread.size());
    for (var post : found) {
      assertThat(post.body()).isInstanceOf(Text.class);
      assertThat(((Text) post.body()).isBorrowed()).isFalse();
    }
    assertThat(found.getFirst().body().toString()).isEqualTo(thread.getFirst().body().toString());
  }

  @Test
  void aWriteInsideAReadOnlyTransactionFailsAtTheStatement() {
    assertThatThrownBy(() -> service.saveInsideReadOnly(new Post(9L, 1, null, "mal", "nope")))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("read-only");
    assertThat(posts.existsById(9L)).isFalse();
  }

  @Test
  void transactionalRepositoryMethodsUseTheKiteSqlTransactionManager() {
    assertThatThrownBy(() -> posts.countByThreadId(1))
        .isInstanceOf(IllegalTransactionStateException.class);
    long counted = service.withTree(1, roots -> posts.countByThreadId(1));
    assertThat(counted).isEqualTo(thread.size());
  }

  @Test
  void manyVirtualThreadsBuildTreesAtOnce() throws Exception {
    var expectedBodies = thread.stream().map(p -> p.body().toString()).sorted().toList();
    try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
      var results = new ArrayList<Future<List<String>>>();
      for (int i = 0; i < 200; i++) {
        results.add(
            threads.submit(
                () ->
                    service.withTree(
                        1,
                        roots -> {
                          var texts = new ArrayList<CharSequence>();
                          collect(roots, texts);
                          // bodies are every second text (user, body, user, body, ...)
                          var bodies = new ArrayList<String>();
                          for (int t = 1; t < texts.size(); t += 2) {
                            bodies.add(texts.get(t).toString());
                          }
                          return bodies.stream().sorted().toList();
                        })));
      }
      for (var result : results) {
        assertThat(result.get(60, TimeUnit.SECONDS)).isEqualTo(expectedBodies);
      }
    }
  }

  private static void collect(List<ReplyTreeService.Node> nodes, List<CharSequence> texts) {
    for (var node : nodes) {
      texts.add(node.post().user());
      texts.add(node.post().body());
      collect(node.replies(), texts);
    }
  }

  private static ReplyTreeService.Node find(List<ReplyTreeService.Node> nodes, long id) {
    for (var node : nodes) {
      if (node.post().id() == id) {
        return node;
      }
      try {
        return find(node.replies(), id);
      } catch (AssertionError notBelow) {
        // keep looking
      }
    }
    throw new AssertionError("no post " + id);
  }
}
