/**
 * The KiteSQL sample application: a Spring Boot 4 web application on the KiteSQL starter. {@link
 * io.kitesql.sample.SampleApplication} starts it; {@code threads} serves the article's threaded
 * comments, {@code orders} its Table 1 query, {@code demo} fills an empty database.
 */
@NullMarked
package io.kitesql.sample;

import org.jspecify.annotations.NullMarked;
