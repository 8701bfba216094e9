package io.kitesql.data.repository;

import java.math.BigDecimal;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Column;
import org.springframework.data.relational.core.mapping.Table;

/** The article's Table 1 entity: a record, with a renamed column and a borrowed text field. */
@Table("orders")
public record Order(
    @Id Long id,
    @Column("customer_id") int customerId,
    String status,
    BigDecimal amount,
    CharSequence note) {}
