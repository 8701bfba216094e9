package com.example.posts;

import org.springframework.data.repository.ListCrudRepository;
import org.springframework.data.repository.ListPagingAndSortingRepository;

/** Forums with their topics and replies. */
public interface ForumRepository extends ListCrudRepository<Forum, Long>, ListPagingAndSortingRepository<Forum, Long> {}
