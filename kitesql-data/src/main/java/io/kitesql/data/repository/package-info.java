/**
 * The repository interface applications extend: {@link
 * io.kitesql.data.repository.KiteSqlRepository}. Implementations live in {@code repository.support}
 * and {@code repository.query}.
 */
@NullMarked
package io.kitesql.data.repository;

import org.jspecify.annotations.NullMarked;
