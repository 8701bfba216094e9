package io.kitesql.data.aggregates;

import org.springframework.data.repository.ListCrudRepository;

public interface BoardRepository extends ListCrudRepository<Board, Long> {}
