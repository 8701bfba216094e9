/**
 * Spring AOT support: the runtime hints a native image needs ({@link
 * io.kitesql.data.aot.KiteSqlDataRuntimeHints}, per-repository ones from {@link
 * io.kitesql.data.aot.KiteSqlRepositoryRegistrationAotProcessor}) and AOT repositories: query
 * methods generated as source at build time ({@link
 * io.kitesql.data.aot.KiteSqlRepositoryContributor}) on {@link
 * io.kitesql.data.aot.KiteSqlAotRepositoryFragmentSupport}. Depends on {@code core}, {@code
 * mapping}, {@code repository.query} and {@code repository.support}.
 */
@NullMarked
package io.kitesql.data.aot;

import org.jspecify.annotations.NullMarked;
