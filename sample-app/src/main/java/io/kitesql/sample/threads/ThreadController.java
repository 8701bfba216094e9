package io.kitesql.sample.threads;

import java.net.URI;
import org.jspecify.annotations.Nullable;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * {@code GET /threads/{id}}: the reply tree as nested JSON, written while its read transaction
 * lives; {@code POST /threads/{id}/posts}: a new reply.
 */
@RestController
public class ThreadController {
  private final DiscussionThreadRepository threads;
  private final ReplyTreeService replyTrees;
  private final ReplyService replies;

  ThreadController(DiscussionThreadRepository threads, ReplyTreeService replyTrees, ReplyService replies) {
    this.threads = threads;
    this.replyTrees = replyTrees;
    this.replies = replies;
  }

  /**
   * The thread's reply tree. The existence check comes first, in a transaction of its own, so an
   * unknown thread is a 404 before the 200 is committed; the body is then written by {@link
   * ReplyTreeService#writeTree} inside one read-only transaction. (Threads are never deleted, so
   * the thread found here is there when the body is written.)
   */
  @GetMapping("/threads/{id}")
  ResponseEntity<StreamingResponseBody> tree(@PathVariable long id) {
    if (!threads.existsById(id)) {
      throw new ThreadNotFoundException(id);
    }
    StreamingResponseBody body = out -> replyTrees.writeTree(id, out);
    return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(body);
  }

  /** Adds a reply; 201 with the new post's id, 400 or 404 with a problem-detail body. */
  @PostMapping(path = "/threads/{id}/posts", consumes = MediaType.APPLICATION_JSON_VALUE)
  ResponseEntity<CreatedReply> addReply(@PathVariable long id, @RequestBody NewReply reply) {
    var saved = replies.addReply(id, reply);
    var created = new CreatedReply(saved.id(), id, saved.parentId());
    return ResponseEntity.created(URI.create("/threads/" + id)).body(created);
  }

  /**
   * The answer to a new reply.
   *
   * @param id the new post's id
   * @param threadId its thread
   * @param parentId the post it replies to, or null
   */
  record CreatedReply(@Nullable Long id, long threadId, @Nullable Long parentId) {}
}
