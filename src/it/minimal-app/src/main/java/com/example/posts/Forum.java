package com.example.posts;

import java.util.List;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * An aggregate of two levels: a forum's topics, each with its replies. A reply refers to its
 * topic's id (the nearest level with an {@code @Id}); every column takes Spring Data JDBC's default
 * name (the back-reference is the owner's table name, the list index that name with {@code _key}).
 */
@Table("forum")
public record Forum(@Id Long id, CharSequence name, List<Topic> topics) {

  @Table("forum_topic")
  public record Topic(@Id Long id, CharSequence subject, List<TopicReply> replies) {}

  @Table("forum_reply")
  public record TopicReply(CharSequence body) {}
}
