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
 * <p><b>ASCII runs.</b> Text that is mostly ASCII (prose with accents, markup, code) is read one
 * byte per char between its few longer sequences: when {@code charAt} reads an ASCII char, the
 * cursor stops on it and notes how far the ASCII bytes go from there (up to {@value #RUN_BYTES}
 * bytes, eight at a time), and every later call for a char of that run, in any order, reads its
 * byte at the run's start plus the distance, without decoding or moving the cursor. The run is
 * packed as (first byte {@code << 32}) | the byte after its last, and counts only for the position
 * whose byte offset is its first byte.
 *
 * <p>Racy on purpose. The holder replaces the text's reference without ordering, so a thread may
 * see the holder before its constructor's write of the position; it then reads the default 0, which
 * is the start of the text, also a correct cursor ({@link #origin} is final, so it is always seen),
 * and an empty run. Both values are read and written with opaque access (never torn, no fences).
 * Threads racing to move the cursor overwrite each other, and two threads may each make a holder
 * where one wins; every position any of them sees is a correct one computed from the same immutable
 * bytes, and a run is a fact about those bytes (these bytes from that offset are ASCII), so a run
 * read with another thread's position is either that position's own or ignored. The worst case is a
 * longer walk.
 */
final class CharCursor {
  /** The most bytes one ASCII run notes: bounds the look-ahead of a cursor that then jumps away. */
  static final int RUN_BYTES = 64;

  private static final VarHandle POSITION;
  private static final VarHandle RUN;

  static {
    try {
      POSITION = MethodHandles.lookup().findVarHandle(CharCursor.class, "position", long.class);
      RUN = MethodHandles.lookup().findVarHandle(CharCursor.class, "run", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** What the text's reference held before this holder took its place (see {@code Text.ref}). */
  final Object origin;

  @SuppressWarnings("unused") // via POSITION only
  private long position;

  @SuppressWarnings("unused") // via RUN only
  private long run;

  /** A cursor at the start of the text, with no run. */
  CharCursor(Object origin) {
    this.origin = origin;
  }

  long get() {
    return (long) POSITION.getOpaque(this);
  }

  void set(long position) {
    POSITION.setOpaque(this, position);
  }

  /**
   * {@link Text#charAt} of non-ASCII text ({@code t}, whose liveness the caller checks): from the
   * ASCII run at the cursor if it holds {@code index}, else one decode of the code point holding
   * {@code index}. After a forward step (or none) the cursor moves past that code point once its
   * last unit is read, so a sequential walk decodes each code point once and never walks; after a
   * backward walk it stays on the code point, so a reverse walk steps back one code point per call.
   * An ASCII char stops the cursor on itself and notes its run.
   */
  char charAt(Text t, MemorySegment base, int index) {
    long cached = get();
    int ci = (int) (cached >>> 32);
    int bo = (int) cached;
    long run = (long) RUN.getOpaque(this);
    if ((int) (run >>> 32) == bo) {
      int runLength = (int) run - bo;
      int d = index - ci;
      if (d >= 0 && d < runLength) {
        return (char) (Utf8Chars.at(base, t.offset, bo + d) & 0xFF);
      }
      if (d > 0 && runLength > 0) {
        // Past the run: walk on from its last char (a code point start: an ASCII byte).
        cached = cached + ((long) (runLength - 1) << 32) + (runLength - 1);
        ci += runLength - 1;
      }
    }
    long at = ci == index ? cached : locate(t, index, cached);
    ci = (int) (at >>> 32);
    bo = (int) at;
    long decoded = Utf8Chars.decode(base, t.offset, t.byteLength, bo);
    char first = Utf8Chars.first(decoded);
    char second = Utf8Chars.second(decoded);
    boolean forward = ci >= (int) (cached >>> 32);
    if (first < 0x80 && forward && index == ci) {
      // Not after a backward walk: a reverse reader would pay a look-ahead for every char.
      set(at);
      int limit = Math.min(t.byteLength, bo + RUN_BYTES);
      RUN.setOpaque(this, ((long) bo << 32) | Utf8Chars.asciiEnd(base, t.offset, bo, limit));
      return first;
    }
    if (forward && (second == 0 || index != ci)) {
      at = Utf8Chars.step(at, decoded);
    }
    set(at);
    return index == ci ? first : second;
  }

  /**
   * Finds the code point of {@code t} holding UTF-16 unit {@code index} (below the length) from the
   * cached cursor position; does not move the cursor.
   *
   * @return (char index of the code point << 32) | its byte offset
   * @throws IllegalStateException if the bytes do not add up to the lengths (they changed under the
   *     caller: its transaction ended)
   */
  static long locate(Text t, int index, long cached) {
    MemorySegment base = t.base();
    long at = locate(base, t.offset, t.byteLength, t.utf16(), index, cached);
    if (at < 0) {
      t.checkAfterRead(); // bytes changed under us: the transaction ended
      throw new IllegalStateException("inconsistent UTF-8 length in " + t.describe());
    }
    return at;
  }

  /** {@link #locate(Text, int, long)} from where the cursor of {@code t} stands. */
  static long locate(Text t, int index) {
    return locate(t, index, t.cursorPosition());
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
