/** The demo data set loaded into an empty database at start-up. */
@NullMarked
package io.kitesql.sample.demo;

import org.jspecify.annotations.NullMarked;
