package io.kitesql.value;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.jspecify.annotations.Nullable;

/**
 * Scratch arrays for the bulk char methods of {@link Text}, pooled so that a call allocates
 * nothing, and the one public way into the JDK's vectorized Latin-1 inflation.
 *
 * <p><b>Why a Latin-1 decoder.</b> A text whose UTF-16 length equals its byte length is read one
 * char per byte ({@code charAt} gives {@code byte & 0xFF}): exactly ISO-8859-1. The JDK's
 * ISO-8859-1 decoder, on heap buffers, widens with the same intrinsic as {@code String.getChars}
 * (AVX on x86), while a widening loop over a memory segment, or over a {@code byte[]}, is not
 * vectorized by C2: 4,096 chars took ~75 ns through the decoder against ~1,050 ns through the loop
 * on the measuring machine. The bytes are first copied out of the map into the scratch {@code
 * byte[]} (a {@code memcpy}), and the caller re-checks liveness after that copy: what is decoded
 * from then on are heap bytes that cannot change.
 *
 * <p><b>Why a pool, not a {@code ThreadLocal}.</b> Under virtual threads (one per request in a
 * Spring application) a thread-local would allocate a scratch per thread, i.e. per request. The
 * pool holds {@value #SLOTS} scratches; a caller takes the one of its slot (chosen by thread id)
 * with one atomic swap and puts it back with a release store; an empty slot (another thread of the
 * same slot holds it, or a nested call) makes a new scratch, which is then left in the slot. Each
 * scratch is about 20 KiB.
 *
 * <p>A scratch is confined to its taker until {@link #release()}; nothing in it outlives a call
 * except {@link #target}, the wrapper of the last caller array (see there).
 */
final class TextScratch {
  /** Bytes or chars per piece; a piece is one liveness check. */
  static final int CHUNK = 4096;

  /** Texts of fewer bytes are handled without a scratch: the pool's swap would cost more. */
  static final int MIN_BYTES = 64;

  /** Caller arrays up to this many chars are wrapped once and remembered (see {@link #target}). */
  static final int MAX_REMEMBERED = 64 * 1024;

  private static final int SLOTS = 16;
  private static final AtomicReferenceArray<TextScratch> POOL = new AtomicReferenceArray<>(SLOTS);

  /** Bytes copied out of the map, for the decoder. */
  final byte[] bytes = new byte[CHUNK];

  /** {@link #bytes} as a segment, for comparing with mapped bytes. */
  final MemorySegment byteSegment = MemorySegment.ofArray(bytes);

  /** Decoded chars. */
  final char[] chars = new char[CHUNK];

  /** The other side of a comparison, copied out with its own {@code getChars}. */
  final char[] other = new char[CHUNK];

  private final ByteBuffer byteBuffer = ByteBuffer.wrap(bytes);
  private final CharBuffer charBuffer = CharBuffer.wrap(chars);
  private final CharsetDecoder latin1 = StandardCharsets.ISO_8859_1.newDecoder();

  /**
   * A buffer over the caller array of the last {@link #inflate} into a caller array, so that
   * copying into the same array again (a serializer's scratch, a benchmark's) wraps nothing. Only
   * arrays up to {@value #MAX_REMEMBERED} chars are remembered, so the pool keeps at most 16 × 128
   * KiB of callers' arrays reachable.
   */
  private @Nullable CharBuffer target;

  private final int slot;

  private TextScratch(int slot) {
    this.slot = slot;
  }

  /** A scratch for the calling thread's exclusive use until {@link #release()}. */
  static TextScratch take() {
    int slot = (int) Thread.currentThread().threadId() & (SLOTS - 1);
    TextScratch s = POOL.getAndSet(slot, null);
    return s != null ? s : new TextScratch(slot);
  }

  /** Gives the scratch back; it must not be used afterwards. */
  void release() {
    POOL.setRelease(slot, this);
  }

  /**
   * Copies {@code n} (at most {@link #CHUNK}) bytes at {@code from} of {@code base} into {@link
   * #bytes}. The caller re-checks liveness after this and before using them.
   */
  void copyIn(MemorySegment base, long from, int n) {
    MemorySegment.copy(base, Memory.BYTE, from, bytes, 0, n);
  }

  /** Widens {@link #bytes}{@code [0, n)} into {@link #chars}{@code [0, n)}, one char per byte. */
  void inflate(int n) {
    decode(n, charBuffer.clear());
  }

  /**
   * Widens {@link #bytes}{@code [0, n)} into {@code dst[dstPos, dstPos + n)}, one char per byte.
   */
  void inflate(int n, char[] dst, int dstPos) {
    if (dst.length > MAX_REMEMBERED) {
      inflate(n);
      System.arraycopy(chars, 0, dst, dstPos, n);
      return;
    }
    CharBuffer out = target;
    if (out == null || out.array() != dst) {
      out = CharBuffer.wrap(dst);
      target = out;
    }
    decode(n, out.limit(dstPos + n).position(dstPos));
  }

  private void decode(int n, CharBuffer out) {
    latin1.reset();
    // Every byte maps to a char and the output has room: one call decodes them all.
    latin1.decode(byteBuffer.limit(n).position(0), out, true);
  }
}
