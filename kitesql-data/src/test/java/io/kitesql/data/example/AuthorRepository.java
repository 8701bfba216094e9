package io.kitesql.data.example;

import io.kitesql.data.repository.KiteSqlRepository;

public interface AuthorRepository extends KiteSqlRepository<Author, Long> {}
