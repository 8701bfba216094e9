/**
 * KiteSQL for Java: an embedded SQL database on LMDB whose read results borrow the memory map.
 *
 * <p>This root package holds what every stage shares: {@link io.kitesql.KiteSqlException} and its
 * {@link io.kitesql.ErrorCode}s. Stages depend downwards only, as each package's own package-info
 * states (and {@code PackageDependenciesTest} checks).
 *
 * <p>Depends on nothing else of the engine.
 */
package io.kitesql;
