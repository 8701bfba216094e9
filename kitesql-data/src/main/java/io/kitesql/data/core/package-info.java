/**
 * Direct SQL for Spring applications: {@link io.kitesql.data.core.KiteSqlTemplate} runs statements
 * in the current Spring transaction (or a short one of its own), maps rows with {@link
 * io.kitesql.data.core.RowMapper}s and translates engine errors into Spring's {@code
 * DataAccessException}s. Depends on kitesql-core's api and value packages and on {@code
 * io.kitesql.data.transaction}; the repository layer is built on it.
 */
@NullMarked
package io.kitesql.data.core;

import org.jspecify.annotations.NullMarked;
