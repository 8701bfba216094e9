package io.kitesql.sample.threads;

import java.util.List;
import org.springframework.data.repository.ListCrudRepository;

/** The {@code posts} table, with the derived queries the reply tree and the reply form need. */
public interface PostRepository extends ListCrudRepository<Post, Long> {
  /** Every post of a thread, oldest first (served by the index {@code posts_thread}). */
  List<Post> findByThreadIdOrderByIdAsc(long threadId);

  /** Whether post {@code id} exists and belongs to thread {@code threadId}. */
  boolean existsByIdAndThreadId(long id, long threadId);

  /** The number of posts of a thread. */
  long countByThreadId(long threadId);
}
