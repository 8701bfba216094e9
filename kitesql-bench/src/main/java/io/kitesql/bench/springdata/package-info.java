/**
 * Table 7 through Spring Data repositories: the {@code items} entity, its repository, and the two
 * plain Spring contexts (KiteSQL's repositories and Spring Data JDBC's) that serve it. A package of
 * its own, so that the contexts of the bench's other repository table do not scan it.
 */
@NullMarked
package io.kitesql.bench.springdata;

import org.jspecify.annotations.NullMarked;
