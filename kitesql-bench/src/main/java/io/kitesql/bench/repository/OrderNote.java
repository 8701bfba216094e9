package io.kitesql.bench.repository;

/**
 * The projection Table 5's query method returns: the id and the note of an order. A record, so both
 * Spring Data modules select only these two columns and never build the {@link Order}.
 */
public record OrderNote(Integer id, CharSequence note) {}
