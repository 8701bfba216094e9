package io.kitesql.value;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import org.jspecify.annotations.Nullable;

/**
 * Byte-range kernels shared by {@link Text} and {@link Binary}: hashing, comparing, copying out.
 *
 * <p>A range is (segment, offset, length); the segment spans the address space for borrowed values
 * (this package's or the storage's map view, offset = absolute address) or is a heap array segment
 * for owned ones, so one code path serves both. Every method that reads bytes takes the range's
 * {@link Scope} and follows the liveness protocol of borrowed values once for both classes: check
 * before reading, re-check after (the streaming methods after every chunk, so that no byte read
 * after the transaction ended is ever written out).
 */
final class Bytes {
  /** Chunk size for streaming borrowed bytes out: small enough to stay in L1/L2. */
  static final int CHUNK = 8192;

  private static final long MIX = 0x9E3779B97F4A7C15L;

  private Bytes() {}

  /**
   * Values up to this many bytes are hashed whole; longer ones by their ends and length. Hashing
   * reads every byte it hashes, cold from the map in a GROUP BY: at 4 KiB (first tried, one page)
   * Table 3's GROUP BY over 4 KiB notes went from 10.2 to 18.2 µs per execution in the full bench
   * run (64 cache lines per row instead of 4); at 1 KiB its 1 KiB tier did not slow down.
   */
  static final int HASHED_WHOLE = 1024;

  /** How many bytes of each end of a longer value are hashed. */
  static final int HASHED_END = 128;

  /**
   * A hash of the bytes, eight at a time. It depends only on the byte values, never on where they
   * live, so a borrowed and an owned value with equal bytes hash equal. Not persisted anywhere, so
   * native byte order is fine.
   *
   * <p>Values longer than {@value #HASHED_WHOLE} bytes hash their first and last {@value
   * #HASHED_END} bytes and their length: equal values still hash equal, and hashing stays O(1)
   * however long the text is (a GROUP BY or DISTINCT over 256 KiB notes must not read every byte of
   * every note; {@code equals} settles a collision, and hash-table keys that collide are kept in a
   * tree, see {@code RowKey}). When only the ends of values over 256 bytes were hashed, 4,000 GROUP
   * BY keys of 1,000 chars that differed in the middle took 13x as long as keys that differed at
   * the start (every lookup a walk down one tree bin); hashed whole, they cost the same.
   */
  static int hash(Scope scope, MemorySegment base, long offset, int len) {
    scope.check();
    long h = len * MIX;
    if (len <= HASHED_WHOLE) {
      h = mix(h, base, offset, offset + len);
    } else {
      h = mix(h, base, offset, offset + HASHED_END);
      h = mix(h, base, offset + len - HASHED_END, offset + len);
    }
    h ^= h >>> 33;
    h *= 0xFF51AFD7ED558CCDL;
    h ^= h >>> 33;
    scope.checkAfterRead();
    return (int) h;
  }

  /**
   * Mixes {@code [from, end)} into {@code h}: four independent lanes over 32-byte blocks (one
   * dependent chain would cost its multiply-rotate latency per 8 bytes, four overlap), then the
   * rest eight bytes at a time and the tail bytes.
   */
  private static long mix(long h, MemorySegment base, long from, long end) {
    long i = from;
    if (end - from >= 32) {
      long a = h;
      long b = h ^ 0x2545F4914F6CDD1DL;
      long c = h ^ 0x6A09E667F3BCC908L;
      long d = h ^ 0x3C6EF372FE94F82BL;
      for (; i + 32 <= end; i += 32) {
        a = step(a, base.get(Memory.LONG_NATIVE, i));
        b = step(b, base.get(Memory.LONG_NATIVE, i + 8));
        c = step(c, base.get(Memory.LONG_NATIVE, i + 16));
        d = step(d, base.get(Memory.LONG_NATIVE, i + 24));
      }
      h = step(step(step(a, b), c), d);
    }
    for (; i + 8 <= end; i += 8) {
      h = step(h, base.get(Memory.LONG_NATIVE, i));
    }
    if (i < end) {
      long tail = 0;
      for (; i < end; i++) {
        tail = (tail << 8) | (base.get(Memory.BYTE, i) & 0xFFL);
      }
      h = step(h, tail);
    }
    return h;
  }

  private static long step(long h, long word) {
    return Long.rotateLeft(h ^ (word * MIX), 29) * 5 + 0x52DCE729L;
  }

  /** Unsigned lexicographic comparison; a proper prefix sorts first. */
  static int compare(
      Scope aScope,
      MemorySegment a,
      long aOff,
      int aLen,
      Scope bScope,
      MemorySegment b,
      long bOff,
      int bLen) {
    aScope.check();
    bScope.check();
    long m = MemorySegment.mismatch(a, aOff, aOff + aLen, b, bOff, bOff + bLen);
    int c;
    if (m < 0) {
      c = 0;
    } else if (m == aLen || m == bLen) {
      c = Integer.compare(aLen, bLen);
    } else {
      c = Integer.compare(a.get(Memory.BYTE, aOff + m) & 0xFF, b.get(Memory.BYTE, bOff + m) & 0xFF);
    }
    aScope.checkAfterRead();
    bScope.checkAfterRead();
    return c;
  }

  /** Whether two ranges hold the same bytes. */
  static boolean equal(
      Scope aScope,
      MemorySegment a,
      long aOff,
      int aLen,
      Scope bScope,
      MemorySegment b,
      long bOff,
      int bLen) {
    aScope.check();
    bScope.check();
    boolean eq =
        aLen == bLen && MemorySegment.mismatch(a, aOff, aOff + aLen, b, bOff, bOff + bLen) < 0;
    aScope.checkAfterRead();
    bScope.checkAfterRead();
    return eq;
  }

  /** Bulk copies of borrowed bytes go in pieces of this size, with a liveness check after each. */
  static final int COPY_CHUNK = 64 * 1024;

  /** A heap copy of the range, checked as {@link #copyOut} says. */
  static byte[] toArray(Scope scope, MemorySegment base, long offset, int len) {
    var out = new byte[len];
    copyOut(scope, base, offset, out, 0, len);
    return out;
  }

  /**
   * Copies the range into {@code dst}. Borrowed bytes are copied {@link #COPY_CHUNK} bytes at a
   * time, the scope re-checked after each piece: a long copy racing the end of its transaction
   * stops at the next piece with {@link IllegalStateException} rather than copying on over pages
   * LMDB may already reuse, and no single access through the map view lasts longer than one piece
   * (the close of the view waits for the access in flight). Short ranges take one copy and one
   * check, as before.
   */
  static void copyOut(
      Scope scope, MemorySegment base, long offset, byte[] dst, int dstPos, int len) {
    scope.check();
    for (int done = 0; done < len; ) {
      int n = Math.min(COPY_CHUNK, len - done);
      MemorySegment.copy(base, Memory.BYTE, offset + done, dst, dstPos + done, n);
      scope.checkAfterRead();
      done += n;
    }
    scope.checkAfterRead(); // an empty range too: a dead value never answers
  }

  /**
   * The heap array behind a segment that spans all of it (so segment offsets are array indices), or
   * null for native memory and slices.
   */
  static byte @Nullable [] heapArray(MemorySegment base) {
    return base.heapBase().orElse(null) instanceof byte[] array && array.length == base.byteSize()
        ? array
        : null;
  }

  /**
   * Writes the range to {@code out}. Owned bytes are written straight from their array; borrowed
   * bytes go through one chunk buffer of at most {@link #CHUNK} bytes (see {@link #writeChunks}).
   */
  static void writeTo(MemorySegment base, long offset, int len, Scope scope, OutputStream out)
      throws IOException {
    writeChunks(base, offset, len, scope, out::write);
  }

  /**
   * Writes the range to {@code channel}, looping until the channel took every byte. Borrowed bytes
   * are copied through a heap chunk rather than handed over as a {@code ByteBuffer} view of the
   * map: a channel could keep the view, and bytes it read after the transaction ended would go out
   * unchecked.
   */
  static void writeTo(
      MemorySegment base, long offset, int len, Scope scope, WritableByteChannel channel)
      throws IOException {
    writeChunks(
        base,
        offset,
        len,
        scope,
        (bytes, from, n) -> writeFully(channel, ByteBuffer.wrap(bytes, from, n)));
  }

  /** Where {@link #writeChunks} puts bytes: {@code n} bytes of {@code bytes} from {@code from}. */
  @FunctionalInterface
  private interface Sink {
    void write(byte[] bytes, int from, int n) throws IOException;
  }

  /**
   * Hands the range to {@code sink}: owned bytes as their array, borrowed bytes copied into one
   * chunk buffer at a time, each chunk re-checked for liveness after it was copied and before it
   * goes out.
   */
  private static void writeChunks(MemorySegment base, long offset, int len, Scope scope, Sink sink)
      throws IOException {
    scope.check();
    byte[] array = heapArray(base);
    if (array != null) {
      sink.write(array, (int) offset, len);
      return;
    }
    var chunk = new byte[Math.min(len, CHUNK)];
    for (long done = 0; done < len; ) {
      int n = (int) Math.min(chunk.length, len - done);
      MemorySegment.copy(base, Memory.BYTE, offset + done, chunk, 0, n);
      scope.checkAfterRead();
      sink.write(chunk, 0, n);
      done += n;
    }
  }

  private static void writeFully(WritableByteChannel channel, ByteBuffer buffer)
      throws IOException {
    while (buffer.hasRemaining()) {
      channel.write(buffer);
    }
  }
}
