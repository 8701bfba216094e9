package io.kitesql.data.batch;

import io.kitesql.data.repository.KiteSqlRepository;

public interface CounterRepository extends KiteSqlRepository<Counter, Long> {}
