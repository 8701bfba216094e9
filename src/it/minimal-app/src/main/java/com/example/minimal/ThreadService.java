package com.example.minimal;

import com.example.posts.Post;
import com.example.posts.PostRepository;
import io.kitesql.data.transaction.ReadOnlyTxn;
import java.util.List;
import java.util.function.Function;
import org.springframework.stereotype.Service;

/** Reads a thread inside one KiteSQL read-only transaction: its posts' text borrows the LMDB map. */
@Service
public class ThreadService {
  private final PostRepository posts;

  public ThreadService(PostRepository posts) {
    this.posts = posts;
  }

  /** Runs {@code work} on the thread's posts while the transaction (and so the borrowed text) lives. */
  @ReadOnlyTxn
  public <T> T withThread(long threadId, Function<List<Post>, T> work) {
    return work.apply(posts.findByThreadIdOrderByIdAsc(threadId));
  }

  /** The thread's posts, returned out of the transaction: their text is dead once this returns. */
  @ReadOnlyTxn
  public List<Post> thread(long threadId) {
    return posts.findByThreadIdOrderByIdAsc(threadId);
  }
}
