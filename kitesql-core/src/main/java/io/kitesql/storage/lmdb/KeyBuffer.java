package io.kitesql.storage.lmdb;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The native memory of LMDB calls made by one caller at a time: a scratch buffer for one key and
 * the two {@code MDB_val} structs (key, data) a call passes, allocated once and reused by every
 * call, so a call allocates nothing. Keys are copied here (LMDB reads them only during the call),
 * so callers may reuse their arrays. After a call, {@link #keyPtr}/{@link #dataPtr} (or the plain
 * accessors) read what LMDB wrote into the structs; the next call overwrites it, so a caller copies
 * address and size out at once.
 *
 * <p>One per read context, per pooled read cursor, and one for the writer thread (shared by every
 * write transaction's calls and cursors there, which run one at a time).
 */
public final class KeyBuffer {
  /** Two {@code MDB_val}s, then the key bytes. */
  private static final long KEY_VAL = 0;

  private static final long DATA_VAL = Lmdb.MDB_VAL.byteSize();
  private static final long KEY_BYTES = 2 * Lmdb.MDB_VAL.byteSize();

  /** The native bytes of one buffer. */
  public static final long BYTES = KEY_BYTES + Lmdb.MAX_KEY_SIZE;

  /** The address of the key's {@code MDB_val}. */
  public final long key;

  /** The address of the data's {@code MDB_val}. */
  public final long data;

  private final long keyBytes;
  private final Ptr keyOut = new Ptr();
  private final Ptr dataOut = new Ptr();

  public KeyBuffer(Arena arena) {
    MemorySegment memory = arena.allocate(BYTES, 8);
    key = memory.address() + KEY_VAL;
    data = memory.address() + DATA_VAL;
    keyBytes = memory.address() + KEY_BYTES;
  }

  /** Copies the first {@code length} bytes of {@code key} in and points the key struct at them. */
  public KeyBuffer load(byte[] bytes, int length) {
    checkKey(length);
    MemorySegment.copy(bytes, 0, NativeMemory.ALL, NativeMemory.BYTE, keyBytes, length);
    set(key, keyBytes, length);
    return this;
  }

  /**
   * Points the key struct at {@code length} bytes at {@code address} (a key in the map, which LMDB
   * only reads during the call), without copying them.
   */
  public KeyBuffer point(long address, int length) {
    checkKey(length);
    set(key, address, length);
    return this;
  }

  /**
   * Points the data struct at {@code size} bytes at {@code address} (a put's value, or a reserve's
   * size).
   */
  KeyBuffer value(long address, long size) {
    set(data, address, size);
    return this;
  }

  long keyAddress() {
    return NativeMemory.ALL.get(NativeMemory.LONG, key + Lmdb.VAL_DATA);
  }

  long keySize() {
    return NativeMemory.ALL.get(NativeMemory.LONG, key + Lmdb.VAL_SIZE);
  }

  long dataAddress() {
    return NativeMemory.ALL.get(NativeMemory.LONG, data + Lmdb.VAL_DATA);
  }

  long dataSize() {
    return NativeMemory.ALL.get(NativeMemory.LONG, data + Lmdb.VAL_SIZE);
  }

  /** What the key struct holds now, in this buffer's one key holder. */
  Ptr keyPtr() {
    return keyOut.set(keyAddress(), keySize());
  }

  /** What the data struct holds now, in this buffer's one data holder. */
  Ptr dataPtr() {
    return dataOut.set(dataAddress(), dataSize());
  }

  private static void checkKey(int length) {
    if (length > Lmdb.MAX_KEY_SIZE) {
      throw new KiteSqlException(
          ErrorCode.KEY_TOO_LARGE,
          "key of " + length + " bytes exceeds LMDB's limit of " + Lmdb.MAX_KEY_SIZE + " bytes");
    }
    if (length == 0) {
      throw new KiteSqlException(ErrorCode.KEY_TOO_LARGE, "empty keys are not allowed by LMDB");
    }
  }

  private static void set(long val, long address, long size) {
    NativeMemory.ALL.set(NativeMemory.LONG, val + Lmdb.VAL_SIZE, size);
    NativeMemory.ALL.set(NativeMemory.LONG, val + Lmdb.VAL_DATA, address);
  }
}
