package io.kitesql.data.replytree;

import io.kitesql.data.transaction.ReadOnlyTxn;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.function.Function;
import org.springframework.transaction.annotation.Transactional;

/** Builds a thread's reply tree from borrowed posts, as the article does. */
public class ReplyTreeService {
  /** One post and its replies. */
  public record Node(Post post, List<Node> replies) {}

  private final PostRepository posts;

  public ReplyTreeService(PostRepository posts) {
    this.posts = posts;
  }

  /**
   * The tree, handed to {@code use} while the transaction lives; returns what {@code use} returns.
   */
  @ReadOnlyTxn
  public <R> R withTree(long threadId, Function<List<Node>, R> use) {
    return use.apply(tree(posts.findByThreadIdOrderByIdAsc(threadId)));
  }

  /** The tree itself: its text fields die when this method returns. */
  @ReadOnlyTxn
  public List<Node> tree(long threadId) {
    return tree(posts.findByThreadIdOrderByIdAsc(threadId));
  }

  @Transactional(readOnly = true, transactionManager = "kiteSqlTransactionManager")
  public void saveInsideReadOnly(Post post) {
    posts.save(post);
  }

  private static List<Node> tree(List<Post> found) {
    var byId = new HashMap<Long, Node>();
    var roots = new ArrayList<Node>();
    for (var post : found) {
      var node = new Node(post, new ArrayList<>());
      byId.put(post.id(), node);
      if (post.parentId() == null) {
        roots.add(node);
      } else {
        byId.get(post.parentId()).replies().add(node);
      }
    }
    return roots;
  }
}
