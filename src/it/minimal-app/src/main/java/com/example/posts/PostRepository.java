package com.example.posts;

import java.util.List;
import java.util.Optional;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Window;
import org.springframework.data.repository.ListCrudRepository;
import org.springframework.data.repository.ListPagingAndSortingRepository;
import org.springframework.data.repository.query.ListQueryByExampleExecutor;

/**
 * Posts, through Spring Data's own repository interfaces only: this interface compiles and runs
 * unchanged on KiteSQL (minimal-app) and on Spring Data JDBC with PostgreSQL (postgresql-portability).
 */
public interface PostRepository extends ListCrudRepository<Post, Long>, ListPagingAndSortingRepository<Post, Long>,
    ListQueryByExampleExecutor<Post> {

  List<Post> findByThreadIdOrderByIdAsc(long threadId);

  long countByThreadId(long threadId);

  boolean existsByAuthor(String author);

  Optional<Post> findFirstByThreadIdOrderByIdDesc(long threadId);

  Page<Post> findByAuthor(String author, Pageable pageable);

  /** The fragment is matched literally: {@code %} and {@code _} in it are not wildcards. */
  List<Post> findByBodyContainingOrderByIdAsc(String fragment);

  /** Each author of the thread once (KiteSQL honours {@code Distinct}; see postgresql-portability). */
  List<AuthorOnly> findDistinctByThreadIdOrderByAuthorAsc(long threadId);

  /** The thread's root posts, as id and author only. */
  List<Headline> findByThreadIdAndParentIdIsNull(long threadId);

  /** Two posts of the thread at a time, from the given position (offset or keyset). */
  Window<Post> findFirst2ByThreadIdOrderByIdAsc(long threadId, ScrollPosition position);
}
