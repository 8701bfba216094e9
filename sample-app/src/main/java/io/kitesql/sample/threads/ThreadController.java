package io.kitesql.sample.threads;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * {@code GET /threads/{id}}: the reply tree as nested JSON, written while its read transaction
 * lives; {@code POST /threads/{id}/posts}: a new reply; {@code GET /figures/{key}}: what one tree
 * request cost.
 */
@RestController
public class ThreadController {
  private final DiscussionThreadRepository threads;
  private final ReplyTreeService replyTrees;
  private final ReplyService replies;
  private final TreeRequestFigures figures;

  ThreadController(
      DiscussionThreadRepository threads,
      ReplyTreeService replyTrees,
      ReplyService replies,
      TreeRequestFigures figures) {
    this.threads = threads;
    this.replyTrees = replyTrees;
    this.replies = replies;
    this.figures = figures;
  }

  /**
   * The thread's reply tree. The existence check comes first, in a transaction of its own, so an
   * unknown thread is a 404 before the 200 is committed; the body is then written by {@link
   * ReplyTreeService#writeTree} inside one read-only transaction. (Threads are never deleted, so
   * the thread found here is there when the body is written.) With a {@value
   * TreeRequestFigures#HEADER} header the request's figures are kept for {@code GET
   * /figures/{key}}.
   */
  @GetMapping("/threads/{id}")
  ResponseEntity<StreamingResponseBody> tree(
      @PathVariable long id,
      @RequestHeader(name = TreeRequestFigures.HEADER, required = false)
          @Nullable String figuresKey) {
    long start = System.nanoTime();
    long allocatedBefore = TreeRequestFigures.allocatedByThisThread();
    var figures = figuresKey == null ? null : this.figures.expect(figuresKey);
    if (!threads.existsById(id)) {
      if (figures != null) {
        figures.completeExceptionally(new ThreadNotFoundException(id));
      }
      throw new ThreadNotFoundException(id);
    }
    long allocatedHere = allocated(allocatedBefore, TreeRequestFigures.allocatedByThisThread());
    StreamingResponseBody body =
        out -> {
          if (figures == null) {
            replyTrees.writeTree(id, out);
            return;
          }
          long bodyAllocatedBefore = TreeRequestFigures.allocatedByThisThread();
          var counted = new CountingOutputStream(out);
          try {
            var written = replyTrees.writeTree(id, counted);
            long bodyAllocated =
                allocated(bodyAllocatedBefore, TreeRequestFigures.allocatedByThisThread());
            figures.complete(
                new TreeRequestFigures.Figures(
                    id,
                    written.posts(),
                    (System.nanoTime() - start) / 1e6,
                    allocatedHere < 0 || bodyAllocated < 0 ? null : allocatedHere + bodyAllocated,
                    written.mapBytesRead(),
                    counted.count()));
          } catch (RuntimeException e) {
            figures.completeExceptionally(e);
            throw e;
          }
        };
    return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(body);
  }

  /** Bytes allocated between two readings of a thread's counter; -1 if either could not be read. */
  private static long allocated(long before, long after) {
    return before < 0 || after < 0 ? -1 : after - before;
  }

  /**
   * The figures of the tree request that sent {@code key} in its {@value TreeRequestFigures#HEADER}
   * header, once its body is written; 404 with a problem detail for a key no recent request sent,
   * or whose request failed.
   */
  @GetMapping("/figures/{key}")
  CompletableFuture<TreeRequestFigures.Figures> figures(@PathVariable String key) {
    var found =
        figures
            .find(key)
            .orElseThrow(
                () ->
                    new FiguresNotFoundException(
                        key,
                        "no recent GET /threads/{id} sent it in a "
                            + TreeRequestFigures.HEADER
                            + " header (the figures of the last "
                            + TreeRequestFigures.KEPT
                            + " such requests are kept)"));
    return found
        .orTimeout(TreeRequestFigures.WAIT.toSeconds(), TimeUnit.SECONDS)
        .exceptionallyCompose(
            failure -> {
              var cause =
                  failure instanceof CompletionException && failure.getCause() != null
                      ? failure.getCause()
                      : failure;
              var why =
                  cause instanceof ThreadNotFoundException notFound
                          && notFound.getBody().getDetail() != null
                      ? "its request failed: " + notFound.getBody().getDetail()
                      : "its request failed (" + cause + ")";
              return CompletableFuture.failedFuture(new FiguresNotFoundException(key, why));
            });
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

  /** Counts the bytes written through it. */
  private static final class CountingOutputStream extends FilterOutputStream {
    private long count;

    CountingOutputStream(OutputStream out) {
      super(out);
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
      count++;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
      count += len;
    }

    long count() {
      return count;
    }
  }
}
