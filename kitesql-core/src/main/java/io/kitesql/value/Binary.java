package io.kitesql.value;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.nio.channels.WritableByteChannel;
import java.util.Objects;

/**
 * A VARBINARY/BLOB value: bytes either <em>borrowed</em> from native memory (the LMDB map, valid
 * while its read transaction lives) or <em>owned</em> on the heap, through one code path, like
 * {@link Text}.
 *
 * <p>Every method that reads bytes checks the {@link Scope} before and after reading, and throws
 * {@link IllegalStateException} once the lending transaction has ended, on any thread. There is
 * deliberately no {@code ByteBuffer} view: it could outlive the transaction unchecked. Equality,
 * hashing and order are over unsigned bytes (a proper prefix sorts first). Immutable, so
 * thread-safe for reading; the hash is not cached, for the reason given in {@link Text}.
 */
public final class Binary implements Comparable<Binary> {
  /** The empty value (owned). */
  public static final Binary EMPTY = ofOwned(new byte[0]);

  // 32 bytes with compressed oops: header 12, base 4, offset 8, length 4, scope 4; see
  // BinaryTest.aBorrowedBinaryTakesAtMostThirtyTwoBytes.
  private final MemorySegment base;
  private final long offset;
  private final int length;
  private final Scope scope;

  private Binary(MemorySegment base, long offset, int length, Scope scope) {
    this.base = base;
    this.offset = offset;
    this.length = length;
    this.scope = scope;
  }

  /**
   * A borrowed value over {@code length} bytes at absolute {@code address}; copies nothing. Not
   * public: nothing outside the engine may read arbitrary addresses.
   */
  static Binary borrowed(Scope scope, long address, int length) {
    Objects.requireNonNull(scope, "scope");
    if (length < 0 || (address <= 0 && length > 0)) {
      throw new IllegalArgumentException("invalid range: " + length + " bytes at " + address);
    }
    return new Binary(Memory.ALL, address, length, scope);
  }

  /**
   * A value viewing {@code length} bytes of {@code segment} at {@code offset} under {@code scope},
   * read through {@code segment} itself, so that its bounds, liveness and thread confinement apply
   * to every read (a closed arena's segment throws, never reads freed memory).
   */
  public static Binary view(Scope scope, MemorySegment segment, long offset, int length) {
    Objects.requireNonNull(scope, "scope");
    Objects.checkFromIndexSize(offset, length, segment.byteSize());
    return new Binary(segment, offset, length, scope);
  }

  /** An owned value taking ownership of {@code bytes} (not copied; do not change them). */
  public static Binary ofOwned(byte[] bytes) {
    return new Binary(MemorySegment.ofArray(bytes), 0, bytes.length, Scope.OWNED);
  }

  /** An owned value holding a copy of {@code bytes}. */
  public static Binary of(byte[] bytes) {
    return ofOwned(bytes.clone());
  }

  private void check() {
    scope.check();
  }

  private void checkAfterRead() {
    scope.checkAfterRead();
  }

  /** The number of bytes. */
  public int length() {
    check();
    return length;
  }

  /** Byte {@code index}. */
  public byte byteAt(long index) {
    check();
    Objects.checkIndex(index, length);
    byte b = base.get(Memory.BYTE, offset + index);
    checkAfterRead();
    return b;
  }

  /** A heap copy of the bytes. */
  public byte[] toByteArray() {
    return Bytes.toArray(scope, base, offset, length);
  }

  /** Copies the bytes into {@code dst} at {@code dstPos}, for encoders; returns the count. */
  public int copyTo(byte[] dst, int dstPos) {
    check();
    Objects.checkFromIndexSize(dstPos, length, dst.length);
    Bytes.copyOut(scope, base, offset, dst, dstPos, length);
    return length;
  }

  /** An owned copy, valid forever. */
  public Binary copy() {
    return ofOwned(toByteArray());
  }

  /** Whether the bytes are lent by a transaction; works on dead values too. */
  public boolean isBorrowed() {
    return scope != Scope.OWNED;
  }

  /** Whether the bytes may still be read (always true for owned values). */
  public boolean isLive() {
    return scope.isLive();
  }

  /**
   * The bytes as a read-only segment, without copying: a slice of the LMDB map for a borrowed value
   * (reads through it fail once the map is unmapped; while the map stays, a read after the value's
   * transaction ended sees whatever the map then holds, so read while {@link #isLive()}), of the
   * heap array for an owned one. Its {@code address()} tells where a borrowed value lies.
   */
  public MemorySegment asReadOnlySegment() {
    return base.asSlice(offset, length).asReadOnly();
  }

  /** Writes the bytes to {@code out}; borrowed bytes via an 8 KiB chunk checked per chunk. */
  public void writeTo(OutputStream out) throws IOException {
    Bytes.writeTo(base, offset, length, scope, out);
  }

  /** Writes all bytes to {@code channel}; borrowed bytes via an 8 KiB heap chunk. */
  public void writeTo(WritableByteChannel channel) throws IOException {
    Bytes.writeTo(base, offset, length, scope, channel);
  }

  @Override
  public boolean equals(Object o) {
    check();
    return this == o
        || o instanceof Binary b
            && Bytes.equal(scope, base, offset, length, b.scope, b.base, b.offset, b.length);
  }

  /**
   * A hash of the bytes, O(1) like {@link Text#hashCode}; equal for equal borrowed and owned
   * values.
   */
  @Override
  public int hashCode() {
    return Bytes.hash(scope, base, offset, length);
  }

  /** Unsigned lexicographic byte order. */
  @Override
  public int compareTo(Binary o) {
    return Bytes.compare(scope, base, offset, length, o.scope, o.base, o.offset, o.length);
  }

  /** A short description (length and kind), never the bytes: safe on dead values. */
  @Override
  public String toString() {
    return (isBorrowed() ? "Binary[borrowed, " : "Binary[owned, ") + length + " bytes]";
  }
}
