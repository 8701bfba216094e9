package io.kitesql.bench.repository;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A row of the bench's {@code orders} table as a Spring Data entity, the same class for KiteSQL's
 * repositories and Spring Data JDBC's. Text fields are {@code CharSequence}, so inside a KiteSQL
 * read-only transaction they borrow the map; Spring Data JDBC fills them with {@code String}s.
 * Table 5 never reads the whole entity: its query method returns {@link OrderNote} projections.
 */
@Table("orders")
public record Order(
    @Id Integer id, Integer customerId, CharSequence status, Integer amount, CharSequence note) {}
