/**
 * Table 5's aggregate rows: a discussion thread and its posts as one Spring Data aggregate
 * ({@code @MappedCollection}), its repository, and the two plain Spring contexts (KiteSQL's
 * repositories and Spring Data JDBC's) that serve it. A package of its own, so that the contexts of
 * the bench's other repository tables do not scan it.
 */
@NullMarked
package io.kitesql.bench.aggregate;

import org.jspecify.annotations.NullMarked;
