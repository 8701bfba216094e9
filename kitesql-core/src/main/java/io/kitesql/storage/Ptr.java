package io.kitesql.storage;

/**
 * A mutable (address, size) pair: the buffer type lmdbjava moves through our {@link AddressProxy}.
 *
 * <p>lmdbjava reuses one holder per transaction (and per cursor) for every value it returns, so a
 * caller copies {@link #address} and {@link #size} out at once and never keeps the holder.
 */
final class Ptr {
  long address;
  long size;

  Ptr set(long address, long size) {
    this.address = address;
    this.size = size;
    return this;
  }
}
