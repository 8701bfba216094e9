package com.example.posts;

/** The composite id of a {@link Vote}: one vote per member and post. */
public record VoteId(long postId, long memberId) {}
