package com.example.posts;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.MappedCollection;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A thread and its replies as one aggregate: Spring Data Relational's {@code @MappedCollection},
 * so the same class is an aggregate for KiteSQL and for Spring Data JDBC. The labels take Spring
 * Data JDBC's default back-reference column (the owner's table name, {@code discussion_thread}).
 */
@Table("discussion_thread")
public record DiscussionThread(
    @Id Long id,
    CharSequence title,
    @MappedCollection(idColumn = "thread_id", keyColumn = "position") List<Reply> replies,
    Set<Label> labels,
    @MappedCollection(idColumn = "thread_id", keyColumn = "lang") Map<String, Summary> summaries) {

  /** A reply of the thread, kept in order (its {@code position}). */
  @Table("thread_reply")
  public record Reply(CharSequence author, CharSequence body) {}

  /** A label: no order, no key. */
  @Table("thread_label")
  public record Label(CharSequence name) {}

  /** A summary in one language, the map's key. */
  @Table("thread_summary")
  public record Summary(CharSequence content) {}
}
