package io.kitesql.data.lifecycle;

import io.kitesql.data.repository.KiteSqlRepository;

public interface NoteRepository extends KiteSqlRepository<Note, Long> {}
