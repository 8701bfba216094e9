package io.kitesql.data.embedded;

import io.kitesql.data.repository.KiteSqlRepository;

public interface WriterRepository extends KiteSqlRepository<Writer, Long> {}
