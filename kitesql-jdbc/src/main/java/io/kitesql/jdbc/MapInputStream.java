package io.kitesql.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.function.BooleanSupplier;

/**
 * The bytes of a value read straight from its segment (for a borrowed value, the LMDB map) into the
 * caller's buffer: no {@code byte[]} of the whole value is made. Each read checks first that the
 * value's transaction still lives, and fails with an {@link IOException} once it ended.
 */
final class MapInputStream extends InputStream {
  private final MemorySegment bytes;
  private final BooleanSupplier live;
  private long position;

  MapInputStream(MemorySegment bytes, BooleanSupplier live) {
    this.bytes = bytes;
    this.live = live;
  }

  @Override
  public int read() throws IOException {
    checkLive();
    return position < bytes.byteSize()
        ? Byte.toUnsignedInt(bytes.get(ValueLayout.JAVA_BYTE, position++))
        : -1;
  }

  @Override
  public int read(byte[] into, int offset, int length) throws IOException {
    java.util.Objects.checkFromIndexSize(offset, length, into.length);
    checkLive();
    long left = bytes.byteSize() - position;
    if (length == 0) {
      return 0;
    }
    if (left <= 0) {
      return -1;
    }
    int n = (int) Math.min(length, left);
    MemorySegment.copy(bytes, ValueLayout.JAVA_BYTE, position, into, offset, n);
    position += n;
    return n;
  }

  @Override
  public long skip(long n) throws IOException {
    long skipped = Math.max(0, Math.min(n, bytes.byteSize() - position));
    position += skipped;
    return skipped;
  }

  @Override
  public int available() {
    return (int) Math.min(Integer.MAX_VALUE, bytes.byteSize() - position);
  }

  private void checkLive() throws IOException {
    if (!live.getAsBoolean()) {
      throw new IOException(
          "the transaction this value was read in has ended: read the stream before it ends");
    }
  }
}
