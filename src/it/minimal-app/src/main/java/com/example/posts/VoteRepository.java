package com.example.posts;

import java.util.List;
import org.springframework.data.repository.ListCrudRepository;

/** Votes by their composite id, and a derived query on one of its properties. */
public interface VoteRepository extends ListCrudRepository<Vote, VoteId> {

  List<Vote> findByIdPostIdOrderByIdMemberIdAsc(long postId);
}
