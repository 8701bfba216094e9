package io.kitesql.data.jdbc;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Sequence;
import org.springframework.data.relational.core.mapping.Table;

/** An entity whose id would come from a sequence, which KiteSQL does not have. */
@Table("tickets")
record Ticket(@Id @Sequence("ticket_numbers") Long id, String what) {}
