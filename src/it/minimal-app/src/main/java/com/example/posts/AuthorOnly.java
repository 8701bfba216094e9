package com.example.posts;

/** A DTO projection: a query returning it reads only the author column. */
public record AuthorOnly(CharSequence author) {}
