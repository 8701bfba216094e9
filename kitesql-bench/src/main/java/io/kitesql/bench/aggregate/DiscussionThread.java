package io.kitesql.bench.aggregate;

import java.util.List;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.MappedCollection;
import org.springframework.data.relational.core.mapping.Table;

/** A thread and its posts in order: one aggregate, the same class for both modules. */
@Table("discussion_thread")
public record DiscussionThread(
    @Id Long id,
    CharSequence title,
    @MappedCollection(idColumn = "thread_id", keyColumn = "position") List<Post> posts) {

  /** A post: its row belongs to the thread's ({@code thread_id}, {@code position}). */
  @Table("post")
  public record Post(Integer replyTo, CharSequence author, CharSequence body) {}
}
