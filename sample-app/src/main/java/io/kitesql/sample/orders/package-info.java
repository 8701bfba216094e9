/** The article's Table 1: orders looked up by customer and status through the index on both. */
@NullMarked
package io.kitesql.sample.orders;

import org.jspecify.annotations.NullMarked;
