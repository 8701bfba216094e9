package io.kitesql.storage;

/**
 * A snapshot of an environment's sizes.
 *
 * @param mapSize bytes of address space reserved for the map
 * @param usedBytes bytes of the map in use (up to the last page written)
 * @param openReadTransactions read transactions open now
 * @param readPoolSize the most read transactions that may be open at once
 */
public record StorageStats(long mapSize, long usedBytes, int openReadTransactions, int readPoolSize) {}
