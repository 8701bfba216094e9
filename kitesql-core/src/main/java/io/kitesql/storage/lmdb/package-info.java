/**
 * The binding: LMDB's C library called through {@code java.lang.foreign}, with no JNI, no jnr-ffi
 * and no {@code sun.misc} memory access. {@link io.kitesql.storage.lmdb.NativeBinding} extracts and
 * loads the library of {@code org.lmdbjava:native}; {@link io.kitesql.storage.lmdb.Lmdb} holds one
 * downcall per C function; {@link io.kitesql.storage.lmdb.LmdbEnv}, {@link
 * io.kitesql.storage.lmdb.LmdbTxn} and {@link io.kitesql.storage.lmdb.LmdbCursor} are the calls on
 * an environment, a transaction handle and a cursor. A failed call throws {@link
 * io.kitesql.storage.lmdb.LmdbException}, which {@code io.kitesql.storage} translates: no type of
 * this package leaves the storage (checked by the engine's package-dependency test).
 *
 * <p>Lifetimes: an {@code LmdbEnv} lives until closed, which needs every transaction and read
 * cursor ended first; a transaction is a plain {@code long} handle that LMDB frees at commit or
 * abort; a write cursor dies with its transaction, a read cursor outlives it until closed. A {@link
 * io.kitesql.storage.lmdb.KeyBuffer} (the native structs of a call) belongs to one caller at a time
 * and lives in the arena it was allocated from; what a call found ({@link
 * io.kitesql.storage.lmdb.Ptr}) is valid until that buffer's next call.
 *
 * <p>Depends on the root package (errors) only.
 */
package io.kitesql.storage.lmdb;
