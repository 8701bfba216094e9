package io.kitesql.data.embedded;

/** A value embedded in {@link Customer} twice, under two column prefixes. */
public record Address(CharSequence street, CharSequence city, String zip) {}
