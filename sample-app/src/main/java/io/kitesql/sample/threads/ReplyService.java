package io.kitesql.sample.threads;

import io.kitesql.data.transaction.KiteSqlTransactionManager;
import java.util.HexFormat;
import java.util.Objects;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Adds replies to threads, in a write transaction that also checks the thread and the parent. */
@Service
public class ReplyService {
  /** The largest body accepted, in bytes of UTF-8 (the demo data's largest, too). */
  public static final int MAX_BODY_BYTES = 64 * 1024;

  /** The longest user name accepted, in chars. */
  public static final int MAX_USER_CHARS = 64;

  private final DiscussionThreadRepository threads;
  private final PostRepository posts;

  ReplyService(DiscussionThreadRepository threads, PostRepository posts) {
    this.threads = threads;
    this.posts = posts;
  }

  /**
   * Adds {@code reply} to thread {@code threadId}.
   *
   * @return the saved post, with the id the identity column gave it
   * @throws ThreadNotFoundException if there is no such thread
   * @throws InvalidReplyException if the user is missing, blank or too long, the body is missing,
   *     empty or over {@link #MAX_BODY_BYTES}, either has an unpaired surrogate, or the parent is
   *     not a post of this thread
   */
  @Transactional(transactionManager = KiteSqlTransactionManager.BEAN_NAME)
  public Post addReply(long threadId, NewReply reply) {
    var user = reply.user();
    var body = reply.body();
    if (user == null || user.isBlank()) {
      throw new InvalidReplyException("user", "A reply needs a user.");
    }
    if (user.length() > MAX_USER_CHARS) {
      throw new InvalidReplyException(
          "user", "The user name is longer than " + MAX_USER_CHARS + " characters.");
    }
    if (body == null || body.isEmpty()) {
      throw new InvalidReplyException("body", "A reply needs a body.");
    }
    checkUnicode("user", user);
    checkUnicode("body", body);
    int bodyBytes = utf8Length(body);
    if (bodyBytes > MAX_BODY_BYTES) {
      throw new InvalidReplyException(
          "body",
          "The body is "
              + bodyBytes
              + " bytes of UTF-8; at most "
              + MAX_BODY_BYTES
              + " are accepted.");
    }
    if (!threads.existsById(threadId)) {
      throw new ThreadNotFoundException(threadId);
    }
    var parentId = reply.parentId();
    if (parentId != null && !posts.existsByIdAndThreadId(parentId, threadId)) {
      throw new InvalidReplyException(
          "parentId", "Thread " + threadId + " has no post " + parentId + " to reply to.");
    }
    return posts.save(new Post(null, threadId, parentId, user, body));
  }

  /**
   * Refuses text with an unpaired surrogate (a JSON string may escape one on its own): it is no
   * Unicode text, has no UTF-8 form, and the database refuses to store it.
   */
  private static void checkUnicode(String field, String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        throw new InvalidReplyException(
            field,
            "The "
                + field
                + " has an unpaired surrogate (\\u"
                + HexFormat.of().withUpperCase().toHexDigits(c)
                + ") at index "
                + i
                + "; text must be valid Unicode.");
      }
    }
  }

  /** The number of bytes {@code text} takes in UTF-8, without encoding it. */
  static int utf8Length(String text) {
    Objects.requireNonNull(text);
    int bytes = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        bytes += 1;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        bytes += 4;
        i++;
      } else {
        bytes += 3; // the rest of the BMP; an unpaired surrogate counts 3 too (an upper bound)
      }
    }
    return bytes;
  }
}
