package io.kitesql.data.references;

import io.kitesql.data.repository.KiteSqlRepository;

public interface WriterRepository extends KiteSqlRepository<Writer, Long> {}
