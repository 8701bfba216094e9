package io.kitesql.data.batch;

import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.Version;
import org.springframework.data.relational.core.mapping.Table;

/** A versioned entity with a generated id. */
@Table("counters")
public record Counter(@Id Long id, long hits, @Version Long version) {}
