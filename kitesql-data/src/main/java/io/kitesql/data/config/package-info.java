/**
 * Repository configuration: {@link io.kitesql.data.config.EnableKiteSqlRepositories} and its
 * registrar and Spring Data configuration extension, and {@link
 * io.kitesql.data.config.EnableKiteSqlAuditing}. Depends on {@code repository.support}, {@code
 * mapping} and {@code aot} (the repositories' AOT processor).
 */
@NullMarked
package io.kitesql.data.config;

import org.jspecify.annotations.NullMarked;
