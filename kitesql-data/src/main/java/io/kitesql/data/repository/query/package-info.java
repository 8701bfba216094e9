/**
 * Repository query methods: derived from method names ({@link
 * io.kitesql.data.repository.query.PartTreeKiteSqlQuery}) or declared with {@code @Query} ({@link
 * io.kitesql.data.repository.query.DeclaredKiteSqlQuery}), checked at start-up and run through
 * {@code io.kitesql.data.core.KiteSqlTemplate}.
 */
@NullMarked
package io.kitesql.data.repository.query;

import org.jspecify.annotations.NullMarked;
