package io.kitesql.data.embedded;

/** A DTO projection holding one embedded address of a {@link Customer}. */
public record CustomerHome(CharSequence name, Address home) {}
