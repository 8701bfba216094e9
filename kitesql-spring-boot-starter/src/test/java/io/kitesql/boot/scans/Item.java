package io.kitesql.boot.scans;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** An item with an indexed code, an unindexed name and price, and an indexed owner. */
@Table("items")
public record Item(@Id Long id, CharSequence code, CharSequence name, int price, Long ownerId) {}
