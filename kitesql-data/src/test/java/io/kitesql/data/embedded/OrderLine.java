package io.kitesql.data.embedded;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** A row keyed by two columns: its {@code @Id} is an embedded value, as in Spring Data JDBC 4. */
@Table("order_lines")
public record OrderLine(@Id OrderLineId id, CharSequence product, int quantity) {}
