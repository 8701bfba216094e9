package io.kitesql.storage;

import java.lang.foreign.MemorySegment;

/**
 * An ordered walk over one keyspace. Positioning methods return whether the cursor now stands on an
 * entry; {@link #key()} and {@link #value()} read it (same lending rules as {@link
 * KvTransaction#get}). Keys are ordered by unsigned bytes, a proper prefix first.
 */
public sealed interface KvCursor extends AutoCloseable permits ReadCursor, WriteCursor {

  /**
   * Moves to the first entry whose key is at least the first {@code length} bytes of {@code key}.
   */
  boolean seek(byte[] key, int length);

  default boolean seek(byte[] key) {
    return seek(key, key.length);
  }

  /**
   * Moves to the entry whose key is exactly the first {@code length} bytes of {@code key}; false
   * (the cursor then stands on no entry) if there is none. A point lookup that, unlike {@link
   * KvTransaction#get}, allocates nothing when repeated on one cursor.
   */
  boolean seekExact(byte[] key, int length);

  boolean first();

  boolean last();

  boolean next();

  boolean prev();

  /**
   * The current key.
   *
   * @throws IllegalStateException if the cursor does not stand on an entry
   */
  Slice key();

  /**
   * The current key's length, lending it like {@link #key()} does, without allocating a {@link
   * Slice}: a walk reads the key through {@link #keyBase()} and {@link #keyOffset()} (a Slice per
   * row escaped from methods too large to inline).
   *
   * @throws IllegalStateException if the cursor does not stand on an entry
   */
  int keyLength();

  /**
   * The memory the current key lies in (the map in a read-only transaction); call after {@link
   * #keyLength()}.
   */
  MemorySegment keyBase();

  /** The current key's offset in {@link #keyBase()}; call after {@link #keyLength()}. */
  long keyOffset();

  /** As {@link #keyLength()} for the current value. */
  int valueLength();

  /** The memory the current value lies in; call after {@link #valueLength()}. */
  MemorySegment valueBase();

  /** The current value's offset in {@link #valueBase()}; call after {@link #valueLength()}. */
  long valueOffset();

  /**
   * The current value.
   *
   * @throws IllegalStateException if the cursor does not stand on an entry
   */
  Slice value();

  @Override
  void close();
}
