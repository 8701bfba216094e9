package io.kitesql.data.aggregates;

import java.util.List;
import org.springframework.data.annotation.Id;

/**
 * Two levels: a board's topics, each with its replies; the topic's id is what a reply refers to.
 */
public record Board(@Id Long id, String name, List<Topic> topics) {

  public record Topic(@Id Long id, String subject, List<Reply> replies) {}

  public record Reply(CharSequence body) {}
}
