package io.kitesql.sample;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.sample.threads.DiscussionThread;
import io.kitesql.sample.threads.DiscussionThreadRepository;
import io.kitesql.sample.threads.Post;
import io.kitesql.sample.threads.PostRepository;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** {@code GET /threads/{id}}: the nested JSON tree against the posts the test inserted. */
class ThreadTreeHttpTests extends SampleAppHttpTest {
  /** The tree as the client reads it. */
  record TreeJson(long id, String title, int postCount, List<NodeJson> posts) {}

  /** A node as the client reads it. */
  record NodeJson(long id, String user, String body, List<NodeJson> replies) {}

  @Autowired DiscussionThreadRepository threads;
  @Autowired PostRepository posts;

  /** Posts saved in order; {@code parent} is an index into the posts saved before, or -1. */
  private record Planned(int parent, String user, String body) {}

  private List<Post> insertThread(String title, List<Planned> planned) {
    var thread = threads.save(new DiscussionThread(null, title));
    var saved = new ArrayList<Post>();
    for (var p : planned) {
      Long parentId = p.parent() < 0 ? null : saved.get(p.parent()).id();
      saved.add(posts.save(new Post(null, thread.id(), parentId, p.user(), p.body())));
    }
    return saved;
  }

  /** The tree the posts make, computed here from their parent ids (children oldest first). */
  private static List<NodeJson> expectedTree(List<Post> saved, @Nullable Long parentId) {
    var nodes = new ArrayList<NodeJson>();
    for (var post : saved) {
      if (java.util.Objects.equals(post.parentId(), parentId)) {
        nodes.add(
            new NodeJson(
                post.id(),
                post.user().toString(),
                post.body().toString(),
                expectedTree(saved, post.id())));
      }
    }
    return nodes;
  }

  @Test
  void aThreadIsItsRepliesNestedUnderTheirParents() {
    var bigBody = "ä✈🪁\"\\\n".repeat(5_461); // 12 bytes of UTF-8 each: 65,532 bytes
    var saved =
        insertThread(
            "A thread of the test: \"quotes\", ünïcødé",
            List.of(
                new Planned(-1, "ada", "the first post"),
                new Planned(0, "bob", "a reply to the first"),
                new Planned(-1, "cyd", bigBody),
                new Planned(1, "zoë", "a reply to the reply\twith a tab and \u0001 a control char"),
                new Planned(0, "eve", "a second reply to the first"),
                new Planned(3, "ada", "three levels down")));
    long threadId = saved.getFirst().threadId();

    var response = get("/threads/" + threadId);

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
    var tree = JSON.readValue(response.body(), TreeJson.class);
    assertThat(tree.id()).isEqualTo(threadId);
    assertThat(tree.title()).isEqualTo("A thread of the test: \"quotes\", ünïcødé");
    assertThat(tree.postCount()).isEqualTo(6);
    assertThat(tree.posts()).isEqualTo(expectedTree(saved, null));
    // the shape, spelled out: two roots; the first has two replies, its first reply one, and so on
    assertThat(tree.posts()).extracting(NodeJson::user).containsExactly("ada", "cyd");
    assertThat(tree.posts().getFirst().replies())
        .extracting(NodeJson::user)
        .containsExactly("bob", "eve");
    assertThat(
            tree.posts()
                .getFirst()
                .replies()
                .getFirst()
                .replies()
                .getFirst()
                .replies()
                .getFirst()
                .body())
        .isEqualTo("three levels down");
    assertThat(tree.posts().get(1).body()).isEqualTo(bigBody);
  }

  @Test
  void aThreadWithoutPostsHasAnEmptyTree() {
    var thread = threads.save(new DiscussionThread(null, "nobody answered"));
    var tree = JSON.readValue(get("/threads/" + thread.id()).body(), TreeJson.class);
    assertThat(tree).isEqualTo(new TreeJson(thread.id(), "nobody answered", 0, List.of()));
  }

  @Test
  void everyDemoThreadMatchesItsRowsInTheDatabase() {
    var demoThreads =
        threads.findAll().stream()
            .sorted(java.util.Comparator.comparing(DiscussionThread::id))
            .limit(DEMO_THREADS)
            .toList();
    int postsSeen = 0;
    for (var thread : demoThreads) {
      var rows =
          posts.findByThreadIdOrderByIdAsc(thread.id()); // outside a transaction: owned copies
      var tree = JSON.readValue(get("/threads/" + thread.id()).body(), TreeJson.class);
      assertThat(tree.title()).isEqualTo(thread.title().toString());
      assertThat(tree.posts()).isEqualTo(expectedTree(rows, null));
      assertThat(countNodes(tree.posts())).isEqualTo(rows.size()).isEqualTo(tree.postCount());
      postsSeen += rows.size();
    }
    assertThat(postsSeen).isEqualTo(DEMO_POSTS);
  }

  @Test
  void anUnknownThreadIsANotFoundProblem() {
    var response = get("/threads/987654321");
    assertThat(response.statusCode()).isEqualTo(404);
    assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    Map<?, ?> problem = JSON.readValue(response.body(), HashMap.class);
    assertThat(problem.get("status")).isEqualTo(404);
    assertThat(problem.get("title")).isEqualTo("Thread not found");
    assertThat(problem.get("detail")).isEqualTo("There is no thread 987654321.");
  }

  private static int countNodes(List<NodeJson> nodes) {
    int count = nodes.size();
    for (var node : nodes) {
      count += countNodes(node.replies());
    }
    return count;
  }
}
