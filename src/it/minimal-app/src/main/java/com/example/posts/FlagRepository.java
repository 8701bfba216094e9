package com.example.posts;

import org.springframework.data.repository.ListCrudRepository;

/** Flags, through Spring Data's own repository interface. */
public interface FlagRepository extends ListCrudRepository<Flag, Long> {}
