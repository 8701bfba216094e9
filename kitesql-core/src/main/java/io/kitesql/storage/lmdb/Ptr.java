package io.kitesql.storage.lmdb;

/**
 * A mutable (address, size) pair: what an LMDB call found, read out of a {@link KeyBuffer}'s {@code
 * MDB_val}. Each buffer has one holder per struct, reused by every call, so a caller copies {@link
 * #address} and {@link #size} out at once and never keeps the holder.
 */
public final class Ptr {
  public long address;
  public long size;

  Ptr set(long address, long size) {
    this.address = address;
    this.size = size;
    return this;
  }
}
