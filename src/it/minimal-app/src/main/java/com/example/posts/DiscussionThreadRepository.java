package com.example.posts;

import java.util.List;
import org.springframework.data.repository.ListCrudRepository;
import org.springframework.data.repository.ListPagingAndSortingRepository;

/** Threads with their replies, labels and summaries, through Spring Data's own interfaces only. */
public interface DiscussionThreadRepository extends ListCrudRepository<DiscussionThread, Long>,
    ListPagingAndSortingRepository<DiscussionThread, Long> {

  List<DiscussionThread> findByTitleStartingWithOrderByIdAsc(String prefix);
}
