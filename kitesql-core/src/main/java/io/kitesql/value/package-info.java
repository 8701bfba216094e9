/**
 * Values: {@link io.kitesql.value.Text} and {@link io.kitesql.value.Binary}, borrowed from the LMDB
 * map or owned on the heap, their liveness {@link io.kitesql.value.Scope}, SWAR kernels ({@link
 * io.kitesql.value.Utf8}) and column types ({@link io.kitesql.value.DataType}).
 *
 * <p>Depends on nothing else of the engine but the root package (errors). Ordering of text and
 * binary values is by unsigned bytes (binary collation): for UTF-8 that is code point order, which
 * differs from {@code String.compareTo} for supplementary characters.
 *
 * <p>Threading: values are immutable; a borrowed value may be read by any thread while its
 * transaction lives, and throws {@link IllegalStateException} on every thread afterwards.
 */
@NullMarked
package io.kitesql.value;

import org.jspecify.annotations.NullMarked;
