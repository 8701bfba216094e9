package io.kitesql.value;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Where {@link Text#charAt} last stopped in one non-ASCII text: (char index {@code << 32}) | byte
 * offset of a code point start, packed into one {@code long} so that it is read and written whole.
 * After a forward step it points past the code point just read, so the next char of a sequential
 * walk is decoded without any walking; (UTF-16 length, byte length), the end, is a valid position.
 *
 * <p>Racy on purpose. The holder replaces the text's reference without ordering, so a thread may
 * see the holder before its constructor's write of the position; it then reads the default 0, which
 * is the start of the text, also a correct cursor ({@link #origin} is final, so it is always seen).
 * The packed value is read and written with opaque access (never torn, no fences). Threads racing
 * to move the cursor overwrite each other, and two threads may each make a holder where one wins;
 * every value any of them sees is a correct position computed from the same immutable bytes, so the
 * worst case is a longer walk.
 */
final class CharCursor {
  private static final VarHandle POSITION;

  static {
    try {
      POSITION = MethodHandles.lookup().findVarHandle(CharCursor.class, "position", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** What the text's reference held before this holder took its place (see {@code Text.ref}). */
  final Object origin;

  @SuppressWarnings("unused") // via POSITION only
  private long position;

  CharCursor(Object origin, long position) {
    this.origin = origin;
    POSITION.setOpaque(this, position);
  }

  long get() {
    return (long) POSITION.getOpaque(this);
  }

  void set(long position) {
    POSITION.setOpaque(this, position);
  }

  /**
   * Finds the code point holding UTF-16 unit {@code index} (below {@code utf16Length}) of the UTF-8
   * text at {@code offset} in {@code base}, walking from the start, the {@code cached} position or
   * the end, whichever is nearest.
   *
   * @return (char index of the code point << 32) | its byte offset; -1 if the bytes do not add up
   *     to the lengths (they changed under the caller: its transaction ended)
   */
  static long locate(
      MemorySegment base, long offset, int byteLength, int utf16Length, int index, long cached) {
    int ci = (int) (cached >>> 32);
    int bo = (int) cached;
    if (index < ci) {
      if (index < ci - index) {
        ci = 0;
        bo = 0;
      }
    } else if (utf16Length - index < index - ci) {
      ci = utf16Length;
      bo = byteLength;
    }
    while (index < ci) {
      bo = Utf8Chars.previousStart(base, offset, bo);
      ci -= Utf8Chars.units(base, offset, bo);
    }
    while (true) {
      if (bo >= byteLength || bo < 0 || ci < 0) {
        return -1;
      }
      int units = Utf8Chars.units(base, offset, bo);
      if (index < ci + units) {
        return ((long) ci << 32) | (bo & 0xFFFFFFFFL);
      }
      ci += units;
      bo = Utf8.nextStart(base, offset, byteLength, bo);
    }
  }
}
