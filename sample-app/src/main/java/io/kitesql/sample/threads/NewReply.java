package io.kitesql.sample.threads;

import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /threads/{id}/posts}. Every field may be missing from the JSON; {@link
 * ReplyService#addReply} says which are required.
 *
 * @param user who writes
 * @param body the text, 1 to {@link ReplyService#MAX_BODY_BYTES} bytes of UTF-8
 * @param parentId the post replied to, in the same thread; absent for a reply to the thread
 */
public record NewReply(@Nullable String user, @Nullable String body, @Nullable Long parentId) {}
