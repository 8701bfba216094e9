package io.kitesql.sample;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.sample.threads.DiscussionThread;
import io.kitesql.sample.threads.DiscussionThreadRepository;
import io.kitesql.sample.threads.Post;
import io.kitesql.sample.threads.PostRepository;
import io.kitesql.sample.threads.ReplyService;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * {@code POST /threads/{id}/posts}: replies that are added, and the ones refused with a problem
 * detail.
 */
class ReplyHttpTests extends SampleAppHttpTest {
  @Autowired DiscussionThreadRepository threads;
  @Autowired PostRepository posts;

  private long threadId;
  private long rootPostId;

  @BeforeEach
  void aThreadWithOnePost() {
    threadId = threads.save(new DiscussionThread(null, "replies welcome")).id();
    rootPostId = posts.save(new Post(null, threadId, null, "ada", "first")).id();
  }

  private HttpResponse<String> reply(long thread, Map<String, @Nullable Object> fields) {
    return postJson("/threads/" + thread + "/posts", JSON.writeValueAsString(fields));
  }

  private static Map<String, @Nullable Object> fields(
      @Nullable String user, @Nullable String body, @Nullable Long parentId) {
    var fields = new LinkedHashMap<String, @Nullable Object>();
    fields.put("user", user);
    fields.put("body", body);
    fields.put("parentId", parentId);
    return fields;
  }

  private void assertRefused(
      HttpResponse<String> response, int status, String field, String detail) {
    assertThat(response.statusCode()).isEqualTo(status);
    assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    Map<?, ?> problem = JSON.readValue(response.body(), Map.class);
    assertThat(problem.get("status")).isEqualTo(status);
    assertThat(problem.get("field")).isEqualTo(field);
    assertThat(problem.get("detail")).isEqualTo(detail);
    assertThat(posts.countByThreadId(threadId)).as("nothing written").isEqualTo(1);
  }

  @Test
  void aReplyIsAddedUnderItsParent() {
    var response = reply(threadId, fields("bob", "a reply ✈", rootPostId));

    assertThat(response.statusCode()).isEqualTo(201);
    assertThat(response.headers().firstValue("Location")).hasValue("/threads/" + threadId);
    Map<?, ?> created = JSON.readValue(response.body(), Map.class);
    long id = ((Number) created.get("id")).longValue();
    assertThat(created.get("threadId")).isEqualTo((int) threadId);
    var saved = posts.findById(id).orElseThrow();
    assertThat(saved.parentId()).isEqualTo(rootPostId);
    assertThat(saved.user().toString()).isEqualTo("bob");
    assertThat(saved.body().toString()).isEqualTo("a reply ✈");
    var tree =
        JSON.readValue(get("/threads/" + threadId).body(), ThreadTreeHttpTests.TreeJson.class);
    assertThat(tree.posts().getFirst().replies())
        .containsExactly(new ThreadTreeHttpTests.NodeJson(id, "bob", "a reply ✈", List.of()));
  }

  @Test
  void aReplyToTheThreadItselfHasNoParent() {
    var response = reply(threadId, fields("cyd", "to everyone", null));
    assertThat(response.statusCode()).isEqualTo(201);
    assertThat(posts.countByThreadId(threadId)).isEqualTo(2);
  }

  @Test
  void aBodyOfExactlyTheLimitIsAccepted() {
    var body = "é".repeat(ReplyService.MAX_BODY_BYTES / 2);
    assertThat(reply(threadId, fields("dee", body, null)).statusCode()).isEqualTo(201);
  }

  @Test
  void anEmptyBodyIsRefused() {
    assertRefused(reply(threadId, fields("bob", "", null)), 400, "body", "A reply needs a body.");
  }

  @Test
  void aMissingBodyIsRefused() {
    assertRefused(reply(threadId, fields("bob", null, null)), 400, "body", "A reply needs a body.");
  }

  @Test
  void aBlankUserIsRefused() {
    assertRefused(
        reply(threadId, fields("  ", "hello", null)), 400, "user", "A reply needs a user.");
  }

  @Test
  void aBodyOverTheLimitIsRefusedByItsUtf8Length() {
    // fewer chars than the limit, more bytes: 'é' is two bytes of UTF-8
    var body = "é".repeat(ReplyService.MAX_BODY_BYTES / 2) + "x";
    assertRefused(
        reply(threadId, fields("bob", body, null)),
        400,
        "body",
        "The body is 65537 bytes of UTF-8; at most 65536 are accepted.");
  }

  @Test
  void anUnknownParentIsRefused() {
    assertRefused(
        reply(threadId, fields("bob", "hello", 987654321L)),
        400,
        "parentId",
        "Thread " + threadId + " has no post 987654321 to reply to.");
  }

  @Test
  void aParentFromAnotherThreadIsRefused() {
    long otherThread = threads.save(new DiscussionThread(null, "elsewhere")).id();
    long elsewhere = posts.save(new Post(null, otherThread, null, "eve", "not here")).id();
    assertRefused(
        reply(threadId, fields("bob", "hello", elsewhere)),
        400,
        "parentId",
        "Thread " + threadId + " has no post " + elsewhere + " to reply to.");
  }

  @Test
  void malformedJsonIsABadRequestProblem() {
    var response = postJson("/threads/" + threadId + "/posts", "{\"user\": \"bob\", \"body\": ");
    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    assertThat(posts.countByThreadId(threadId)).isEqualTo(1);
  }

  @Test
  void anUnpairedSurrogateEscapedInTheJsonIsABadRequestProblem() {
    assertRefused(
        postJson(
            "/threads/" + threadId + "/posts", "{\"user\": \"bob\", \"body\": \"a \\ud800 b\"}"),
        400,
        "body",
        "The body has an unpaired surrogate (\\uD800) at index 2; text must be valid Unicode.");
    assertRefused(
        postJson(
            "/threads/" + threadId + "/posts", "{\"user\": \"b\\udc00\", \"body\": \"hello\"}"),
        400,
        "user",
        "The user has an unpaired surrogate (\\uDC00) at index 1; text must be valid Unicode.");
    var paired =
        postJson(
            "/threads/" + threadId + "/posts",
            "{\"user\": \"bob\", \"body\": \"kite \\ud83e\\ude81\"}");
    assertThat(paired.statusCode()).isEqualTo(201);
    long id = ((Number) JSON.readValue(paired.body(), Map.class).get("id")).longValue();
    assertThat(posts.findById(id).orElseThrow().body().toString())
        .isEqualTo("kite " + Character.toString(0x1FA81));
  }

  @Test
  void aReplyToAnUnknownThreadIsNotFound() {
    var response = reply(987654321L, fields("bob", "hello", null));
    assertThat(response.statusCode()).isEqualTo(404);
    assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
  }
}
