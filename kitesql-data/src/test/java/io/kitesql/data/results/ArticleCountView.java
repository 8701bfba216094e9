package io.kitesql.data.results;

/**
 * An interface projection of a {@code @Query} result; {@code getCommentCount} reads {@code
 * comment_count}.
 */
public interface ArticleCountView {
  Long getId();

  CharSequence getAuthor();

  long getCommentCount();
}
