package io.kitesql.sample.orders;

import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/**
 * What the Table 1 query selects: a record projection, so the repository reads only these columns
 * and never builds an {@link Order}.
 *
 * @param id the order's id
 * @param status its status
 * @param amount its amount
 * @param note its note (borrowed inside a read-only transaction)
 */
public record OrderLine(long id, String status, BigDecimal amount, @Nullable CharSequence note) {}
