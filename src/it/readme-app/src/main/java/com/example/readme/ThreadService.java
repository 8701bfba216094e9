package com.example.readme;

import io.kitesql.data.transaction.ReadOnlyTxn;
import org.springframework.stereotype.Service;

@Service
public class ThreadService {
  private final PostRepository posts;

  public ThreadService(PostRepository posts) { this.posts = posts; }

  @ReadOnlyTxn                                           // a KiteSQL read-only transaction
  public long bodyChars(long threadId) {                 // each body points into the map: no copy
    return posts.findByThreadIdOrderByIdAsc(threadId).stream().mapToLong(p -> p.body().length()).sum();
  }
}
