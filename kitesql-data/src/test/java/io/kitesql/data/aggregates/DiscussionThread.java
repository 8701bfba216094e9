package io.kitesql.data.aggregates;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.MappedCollection;
import org.springframework.data.relational.core.mapping.Table;

/**
 * The article's reply tree as an aggregate: a thread, its posts in order, its tags, its summaries
 * by language.
 */
@Table("discussion_thread")
public record DiscussionThread(
    @Id Long id,
    CharSequence title,
    @MappedCollection(idColumn = "thread_id", keyColumn = "position") List<ThreadPost> posts,
    @MappedCollection(idColumn = "thread_id") Set<Tag> tags,
    @MappedCollection(idColumn = "thread_id", keyColumn = "lang") Map<String, Summary> summaries) {

  /** A post of the thread, with its own generated id so that replies can name it. */
  @Table("thread_post")
  public record ThreadPost(@Id Long id, Long replyTo, CharSequence author, CharSequence body) {}

  /** A tag: no id of its own, its row belongs to the thread's. */
  public record Tag(CharSequence name) {}

  /** A summary in one language (the map key). */
  public record Summary(CharSequence text) {}
}
