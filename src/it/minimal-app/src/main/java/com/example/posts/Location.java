package com.example.posts;

/** Where a member lives: embedded in {@link Member} as columns of its table. */
public record Location(CharSequence city, String country) {}
