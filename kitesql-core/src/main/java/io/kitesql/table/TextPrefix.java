package io.kitesql.table;

/**
 * A bound value for a VARCHAR key column that stands for every text starting with {@code prefix}:
 * in a {@link KeyBounds} lower bound (inclusive) the range starts at the first such text, in an
 * upper bound (inclusive) it ends after the last. Only as the last value of a bound; built by the
 * executor from the literal prefix of a LIKE pattern.
 *
 * @param prefix the text every key in range starts with
 */
public record TextPrefix(CharSequence prefix) {}
