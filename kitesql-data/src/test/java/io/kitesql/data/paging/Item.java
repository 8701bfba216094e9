package io.kitesql.data.paging;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

@Table("items")
public record Item(@Id Long id, String category, int score, String label) {}
