package io.kitesql.data.results;

import org.springframework.data.relational.core.mapping.Column;

/**
 * A DTO of a {@code @Query} result: {@code author} reads the entity's {@code author_name} column,
 * {@code commentCount} the naming strategy's {@code comment_count}, {@code newestCommentId} its
 * {@code @Column}.
 */
public record ArticleStats(
    Long id,
    CharSequence title,
    CharSequence author,
    long commentCount,
    @Column("newest") Long newestCommentId) {}
