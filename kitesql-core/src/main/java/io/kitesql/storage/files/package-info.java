/**
 * The database's files before and around LMDB: what an open checks and prepares before anything is
 * mapped (the directory, {@code data.mdb}'s meta pages and free list, a preallocated {@code
 * lock.mdb}: a truncated or unallocated file crashes the JVM on first touch instead of failing a
 * call), this process's claim on the files, whether other processes have them open, block
 * allocation for a writable map, "disk full" told apart from other I/O failures, and the files of
 * in-memory databases.
 *
 * <p>Nothing here holds LMDB state: a claim ({@link io.kitesql.storage.files.OpenEnvironments}) and
 * the descriptor of {@link io.kitesql.storage.files.OtherProcesses} live as long as the storage
 * that took them and are released when it closes; everything else is a call.
 *
 * <p>Depends on {@code io.kitesql.storage.lmdb} (the native binding's access to the C library),
 * {@code io.kitesql.options} (what a database is opened with) and the root package (errors) only.
 */
package io.kitesql.storage.files;
