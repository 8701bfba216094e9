package com.example.readme;

import java.util.List;
import org.springframework.data.repository.ListCrudRepository;

public interface PostRepository extends ListCrudRepository<Post, Long> {
  List<Post> findByThreadIdOrderByIdAsc(long threadId);  // derived, checked at start-up, uses the index
}
