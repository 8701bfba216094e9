package io.kitesql.data.replytree;

import java.util.List;
import org.springframework.data.repository.ListCrudRepository;

/** A plain Spring Data repository: with KiteSQL the only store, it is KiteSQL's. */
public interface PostRepository extends ListCrudRepository<Post, Long> {
  List<Post> findByThreadIdOrderByIdAsc(long threadId);
}
