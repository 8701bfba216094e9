/**
 * Table 5's query-style rows: a KiteSQL repository over the bench's {@code orders} table with query
 * by example, criteria and the derived queries equivalent to them, and the engine the bench
 * measures it through. A package of its own, so that Spring Data JDBC's context of Table 5 does not
 * scan a repository with KiteSQL's criteria fragment.
 */
@NullMarked
package io.kitesql.bench.styles;

import org.jspecify.annotations.NullMarked;
