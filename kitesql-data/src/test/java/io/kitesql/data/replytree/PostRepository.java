package io.kitesql.data.replytree;

import java.util.List;
import org.springframework.data.repository.ListCrudRepository;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/** A plain Spring Data repository: with KiteSQL the only store, it is KiteSQL's. */
public interface PostRepository extends ListCrudRepository<Post, Long> {
  List<Post> findByThreadIdOrderByIdAsc(long threadId);

  /** Declared transactional: the repository gets a transaction interceptor for it. */
  @Transactional(readOnly = true, propagation = Propagation.MANDATORY)
  long countByThreadId(long threadId);
}
