package io.kitesql.bench.springdata;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A row of Table 7's {@code items} table as a Spring Data entity, the same class for KiteSQL's
 * repositories and Spring Data JDBC's. Text fields are {@code CharSequence}: inside a KiteSQL
 * read-only transaction they borrow the map; Spring Data JDBC fills them with {@code String}s.
 */
@Table("items")
public record Item(
    @Id Integer id,
    Integer category,
    CharSequence name,
    Integer score,
    Long created,
    CharSequence description) {}
