package com.example.onkitesql;

import com.example.posts.Post;
import com.example.posts.PostRepository;
import java.util.List;
import java.util.function.Function;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** minimal-app's ThreadService on Spring Data JDBC: {@code @ReadOnlyTxn} becomes {@code @Transactional(readOnly = true)}. */
@Service
public class ThreadReader {
  private final PostRepository posts;

  public ThreadReader(PostRepository posts) {
    this.posts = posts;
  }

  @Transactional(readOnly = true)
  public <T> T withThread(long threadId, Function<List<Post>, T> work) {
    return work.apply(posts.findByThreadIdOrderByIdAsc(threadId));
  }
}
