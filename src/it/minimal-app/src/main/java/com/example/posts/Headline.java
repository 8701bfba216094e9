package com.example.posts;

/** An interface projection of a post: its id and author. */
public interface Headline {
  Long getId();

  CharSequence getAuthor();
}
