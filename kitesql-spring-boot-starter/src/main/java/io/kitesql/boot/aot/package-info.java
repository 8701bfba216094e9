/**
 * Spring AOT support of the starter: {@link io.kitesql.boot.aot.KiteSqlBootRuntimeHints}, the
 * resources the auto-configuration reads at run time. kitesql-data registers the engine's and the
 * repositories' hints.
 */
@NullMarked
package io.kitesql.boot.aot;

import org.jspecify.annotations.NullMarked;
