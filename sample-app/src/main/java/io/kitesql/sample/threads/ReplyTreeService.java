package io.kitesql.sample.threads;

import io.kitesql.data.transaction.ReadOnlyTxn;
import java.io.OutputStream;
import org.springframework.stereotype.Service;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a thread's reply tree in one read-only transaction and writes it as JSON before the
 * transaction ends: every user and body goes from the LMDB map to the response as UTF-8 bytes,
 * never through a {@code String} (the starter's {@code TextSerializer} in Boot's {@code JsonMapper}
 * does that; its Javadoc says what is copied).
 */
@Service
public class ReplyTreeService {
  private final DiscussionThreadRepository threads;
  private final PostRepository posts;
  private final ObjectWriter json;

  ReplyTreeService(DiscussionThreadRepository threads, PostRepository posts, JsonMapper jsonMapper) {
    this.threads = threads;
    this.posts = posts;
    // The servlet container owns the response stream: the writer must not close it.
    this.json = jsonMapper.writer().without(StreamWriteFeature.AUTO_CLOSE_TARGET);
  }

  /**
   * Writes the reply tree of thread {@code threadId} as JSON to {@code out}, inside one read-only
   * transaction (the posts borrowed from the map are used while it lives).
   *
   * @throws ThreadNotFoundException if there is no such thread
   */
  @ReadOnlyTxn
  public void writeTree(long threadId, OutputStream out) {
    var thread = threads.findById(threadId).orElseThrow(() -> new ThreadNotFoundException(threadId));
    var tree = ReplyTree.of(thread, posts.findByThreadIdOrderByIdAsc(threadId));
    json.writeValue(out, tree);
  }
}
