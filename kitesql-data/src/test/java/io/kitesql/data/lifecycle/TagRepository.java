package io.kitesql.data.lifecycle;

import io.kitesql.data.repository.KiteSqlRepository;

public interface TagRepository extends KiteSqlRepository<Tag, Long> {}
