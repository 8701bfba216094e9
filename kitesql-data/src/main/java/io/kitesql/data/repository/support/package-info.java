/**
 * How KiteSQL repositories are made: the factory bean and factory Spring Data's configuration uses,
 * the CRUD base implementation, and the SQL of entity operations. Depends on {@code
 * io.kitesql.data.core}, {@code mapping} and {@code repository.query}.
 */
@NullMarked
package io.kitesql.data.repository.support;

import org.jspecify.annotations.NullMarked;
