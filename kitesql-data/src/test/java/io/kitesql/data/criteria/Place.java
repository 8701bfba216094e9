package io.kitesql.data.criteria;

/** A value embedded in {@link Member}. */
public record Place(CharSequence street, CharSequence city) {}
