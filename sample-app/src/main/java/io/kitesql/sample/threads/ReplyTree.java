package io.kitesql.sample.threads;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;

/**
 * A thread and its posts as a tree: the JSON shape of {@code GET /threads/{id}}. Its text fields
 * are whatever the posts hold, so a tree built from borrowed posts is valid only inside their read
 * transaction.
 *
 * @param id the thread's id
 * @param title the thread's title
 * @param postCount the number of posts in the tree
 * @param posts the posts that reply to the thread itself, each with its replies, oldest first
 */
public record ReplyTree(long id, CharSequence title, int postCount, List<Node> posts) {

  /**
   * One post and the replies to it, oldest first.
   *
   * @param id the post's id
   * @param user who wrote it
   * @param body what they wrote
   * @param replies the posts whose parent is this one
   */
  public record Node(long id, CharSequence user, CharSequence body, List<Node> replies) {}

  /**
   * Builds the tree of {@code thread} from its posts (any order; each keeps the order of {@code
   * posts} among its siblings). A post whose parent is not among them is shown as a reply to the
   * thread rather than lost. Nothing is copied: nodes point at the posts' text.
   */
  public static ReplyTree of(DiscussionThread thread, List<Post> posts) {
    var nodes = new HashMap<Long, Node>(posts.size() * 2);
    for (var post : posts) {
      nodes.put(post.id(), new Node(post.id(), post.user(), post.body(), new ArrayList<>()));
    }
    var roots = new ArrayList<Node>();
    for (var post : posts) {
      var node = nodes.get(post.id());
      var parent = post.parentId() == null ? null : nodes.get(post.parentId());
      (parent == null ? roots : parent.replies()).add(node);
    }
    return new ReplyTree(thread.id(), thread.title(), posts.size(), roots);
  }
}
