package io.kitesql.sample.threads;

import io.kitesql.api.Database;
import io.kitesql.api.Transaction;
import io.kitesql.data.transaction.KiteSqlTransactions;
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
  private final Database database;

  ReplyTreeService(
      DiscussionThreadRepository threads,
      PostRepository posts,
      JsonMapper jsonMapper,
      Database database) {
    this.threads = threads;
    this.posts = posts;
    this.database = database;
    // The servlet container owns the response stream: the writer must not close it.
    this.json = jsonMapper.writer().without(StreamWriteFeature.AUTO_CLOSE_TARGET);
  }

  /**
   * Writes the reply tree of thread {@code threadId} as JSON to {@code out}, inside one read-only
   * transaction (the posts borrowed from the map are used while it lives).
   *
   * @return the posts written and the bytes of the map the transaction read meanwhile
   * @throws ThreadNotFoundException if there is no such thread
   */
  @ReadOnlyTxn
  public TreeWritten writeTree(long threadId, OutputStream out) {
    long readBefore = mapBytesRead();
    var thread =
        threads.findById(threadId).orElseThrow(() -> new ThreadNotFoundException(threadId));
    var tree = ReplyTree.of(thread, posts.findByThreadIdOrderByIdAsc(threadId));
    json.writeValue(out, tree);
    return new TreeWritten(tree.postCount(), mapBytesRead() - readBefore);
  }

  private long mapBytesRead() {
    return KiteSqlTransactions.current(database).map(Transaction::bytesBorrowed).orElse(0L);
  }

  /**
   * What {@link #writeTree} wrote.
   *
   * @param posts the posts in the tree
   * @param mapBytesRead bytes of the LMDB map read for it (every row visited, as views)
   */
  public record TreeWritten(int posts, long mapBytesRead) {}
}
