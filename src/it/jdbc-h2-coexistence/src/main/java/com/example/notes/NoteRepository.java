package com.example.notes;

import io.kitesql.data.repository.KiteSqlRepository;

/** KiteSQL's: the package {@code @EnableKiteSqlRepositories} names, and a {@link KiteSqlRepository}. */
public interface NoteRepository extends KiteSqlRepository<Note, Long> {}
