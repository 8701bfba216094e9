package io.kitesql.options;

/**
 * A snapshot of an environment's sizes.
 *
 * @param mapSize bytes of address space reserved for the map
 * @param usedBytes bytes of the map in use (up to the last page written)
 * @param openReadTransactions read transactions open now
 * @param readPoolSize the most read transactions that may be open at once
 * @param writeTransactions write transactions committed since the database was opened
 * @param lmdbCommits LMDB commits that made them durable: fewer than {@code writeTransactions} when
 *     concurrent transactions shared a commit (group commit; with {@code SYNC}, one fsync)
 */
public record StorageStats(
    long mapSize,
    long usedBytes,
    int openReadTransactions,
    int readPoolSize,
    long writeTransactions,
    long lmdbCommits) {}
