package io.kitesql.data.results;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Column;
import org.springframework.data.relational.core.mapping.Table;

@Table("articles")
public record Article(
    @Id Long id, CharSequence title, @Column("author_name") CharSequence author) {}
