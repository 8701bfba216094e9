/**
 * Storage: LMDB environments, transactions and cursors, behind types of our own.
 *
 * <p>LMDB's native library (shipped by {@code org.lmdbjava:native}) is called directly through
 * {@code java.lang.foreign} by the binding in {@code io.kitesql.storage.lmdb}; no LMDB type leaves
 * the storage (its packages). Read transactions lend the memory map ({@link
 * io.kitesql.storage.Slice} over absolute addresses, liveness through a {@link
 * io.kitesql.value.Scope}); write transactions copy.
 *
 * <p>Depends on {@code io.kitesql.storage.lmdb} (the binding), {@code io.kitesql.storage.files}
 * (the checks before an open), {@code io.kitesql.options} (what it is opened with and reports),
 * {@code io.kitesql.value} (scopes, memory) and the root package (errors) only.
 *
 * <p>Threading: {@link io.kitesql.storage.Storage} is thread-safe. A transaction is used by one
 * thread at a time (a write transaction only by the thread that began it); values it lent may be
 * read by any thread while it lives. All LMDB write calls run on the storage's writer thread.
 */
package io.kitesql.storage;
