package io.kitesql.value;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * UTF-8 text, either <em>borrowed</em> (bytes in native memory, typically the LMDB map, valid
 * while its read transaction lives) or <em>owned</em> (bytes on the heap). Both go through one
 * code path: a segment (one spanning the address space, {@link Memory#ALL} or the storage's map
 * view, with the absolute address as offset, or a heap array segment), an offset and a length.
 *
 * <p><b>Liveness.</b> Every method that reads the bytes of a borrowed text first checks the
 * {@link Scope} of its transaction and re-checks it after reading; once the transaction has ended,
 * it throws {@link IllegalStateException} on every thread. Keep text beyond its transaction with
 * {@link #toString()} or {@link #copy()}. Only {@link #isBorrowed()}, {@link #isLive()} and
 * {@link #nativeAddress()} work on dead text (they read no bytes).
 *
 * <p><b>Chars.</b> {@link #length()} and {@link #charAt} follow {@code String} semantics: UTF-16
 * units, supplementary characters as surrogate pairs. On ASCII text both are O(1). Otherwise the
 * UTF-16 length is counted once (SWAR, cached) and {@code charAt} walks from a cached cursor, so
 * sequential access in either direction is amortized O(1). The cursor lives in a small holder made
 * the first time {@code charAt} walks non-ASCII text, so ASCII text never pays for it.
 *
 * <p><b>Order.</b> {@link #compareTo} and {@link #equals} compare bytes: unsigned UTF-8 byte order
 * equals code point order (binary collation). This differs from {@link String#compareTo}, which
 * compares UTF-16 units: there, supplementary characters (surrogates U+D800..) sort before
 * U+E000..U+FFFF; here they sort after.
 *
 * <p><b>Threads.</b> A text may be read by many threads at once while it lives. Its two caches
 * (UTF-16 length, charAt cursor) are written racily, but both are derived from immutable bytes, so
 * a racing reader sees either "unknown" or a correct value (the cursor's holder says how). The hash
 * is not cached: it reads at most 256 bytes, while a cache field would cost four bytes in every
 * text, and the read path makes one borrowed text per value per row.
 *
 * <p><b>Malformed UTF-8</b> (possible only through {@link #ofUtf8} or {@link #owned} with bad
 * input) never causes a read out of bounds; undecodable sequences read as U+FFFD.
 */
public final class Text implements CharSequence, Comparable<Text> {
  /** The empty text (owned). */
  public static final Text EMPTY = owned(new byte[0], 0);

  // 40 bytes with compressed oops: header 12, base 4, offset 8, byteLength 4, utf16Length 4,
  // scope 4, cursor 4. TextTest.aBorrowedTextTakesAtMostFortyBytes holds it there.
  private final MemorySegment base;
  private final long offset;
  private final int byteLength;
  private final Scope scope;
  /** UTF-16 length, or -1 until counted. Racy but idempotent. */
  private int utf16Length;
  /** Where charAt last stopped; null until it first walks. Racy, see {@link CharCursor}. */
  private CharCursor cursor;

  private Text(MemorySegment base, long offset, int byteLength, int utf16Length, Scope scope) {
    this.base = base;
    this.offset = offset;
    this.byteLength = byteLength;
    this.utf16Length = utf16Length;
    this.scope = scope;
  }

  /**
   * A borrowed text over native memory; copies nothing and allocates only the returned object.
   *
   * @param scope the liveness scope of the lending transaction
   * @param address the absolute address of the first UTF-8 byte
   * @param byteLength the number of bytes
   * @param utf16Length the UTF-16 length if known ({@code == byteLength} means ASCII), else -1
   */
  public static Text borrowed(Scope scope, long address, int byteLength, int utf16Length) {
    Objects.requireNonNull(scope, "scope");
    checkLengths(byteLength, utf16Length);
    if (address <= 0 && byteLength > 0) {
      throw new IllegalArgumentException("invalid address " + address);
    }
    return new Text(Memory.ALL, address, byteLength, utf16Length, scope);
  }

  /**
   * A text viewing {@code byteLength} bytes of {@code segment} at {@code offset}, governed by
   * {@code scope}: a segment spanning the address space (a storage's map view) is kept, so reads
   * go through it and fail once it is closed; another native segment gives a borrowed text at the
   * absolute address (the segment's own arena is then not consulted); a heap segment is viewed in place, so its array must not
   * change while the text is used. With {@link Scope#OWNED} the text counts as owned.
   */
  public static Text view(Scope scope, MemorySegment segment, long offset, int byteLength,
      int utf16Length) {
    Objects.requireNonNull(scope, "scope");
    checkLengths(byteLength, utf16Length);
    Objects.checkFromIndexSize(offset, byteLength, segment.byteSize());
    if (Memory.spansAddressSpace(segment)) {
      return new Text(segment, offset, byteLength, utf16Length, scope); // the map view stays in charge
    }
    if (segment.isNative()) {
      return new Text(Memory.ALL, segment.address() + offset, byteLength, utf16Length, scope);
    }
    return new Text(segment, offset, byteLength, utf16Length, scope);
  }

  /**
   * An owned text holding the UTF-8 encoding of {@code s}.
   *
   * @throws io.kitesql.KiteSqlException INVALID_VALUE if {@code s} holds an unpaired surrogate
   *     (see {@link Utf8#encode})
   */
  public static Text of(String s) {
    byte[] utf8 = Utf8.encode(s);
    return new Text(MemorySegment.ofArray(utf8), 0, utf8.length, s.length(), Scope.OWNED);
  }

  /**
   * An owned text taking ownership of {@code utf8} (not copied: the caller must not change it).
   * Nothing is validated, as validation would cost a full pass; malformed input reads as U+FFFD
   * but never out of bounds. The UTF-16 length is counted lazily.
   */
  public static Text ofUtf8(byte[] utf8) {
    return new Text(MemorySegment.ofArray(utf8), 0, utf8.length, -1, Scope.OWNED);
  }

  /**
   * An owned text taking ownership of {@code utf8} with a known UTF-16 length ({@code -1} if
   * unknown). The length is trusted, not verified.
   */
  public static Text owned(byte[] utf8, int utf16Length) {
    checkLengths(utf8.length, utf16Length);
    return new Text(MemorySegment.ofArray(utf8), 0, utf8.length, utf16Length, Scope.OWNED);
  }

  private static void checkLengths(int byteLength, int utf16Length) {
    if (byteLength < 0 || utf16Length < -1 || utf16Length > byteLength) {
      throw new IllegalArgumentException(
          "invalid lengths: " + byteLength + " bytes, " + utf16Length + " UTF-16 chars");
    }
  }

  private void check() {
    scope.check();
  }

  private void checkAfterRead() {
    scope.checkAfterRead();
  }

  /** The UTF-16 length, counting and caching it on first use; the caller has checked liveness. */
  private int utf16() {
    int u = utf16Length;
    if (u < 0) {
      u = Utf8.utf16Length(base, offset, byteLength);
      checkAfterRead(); // never cache a count of bytes read after the end
      utf16Length = u;
    }
    return u;
  }

  @Override
  public int length() {
    check();
    return utf16();
  }

  @Override
  public char charAt(int index) {
    check();
    int u = utf16();
    Objects.checkIndex(index, u);
    if (u == byteLength) {
      char c = (char) (base.get(Memory.BYTE, offset + index) & 0xFF);
      checkAfterRead();
      return c;
    }
    long pos = locate(index);
    char c = decodeUnit((int) pos, index - (int) (pos >>> 32));
    checkAfterRead();
    return c;
  }

  /**
   * Finds the code point holding UTF-16 unit {@code index} (which must be below the length),
   * walking from the cached cursor or from the start, whichever is nearer, and caches it.
   *
   * @return (char index of the code point << 32) | its byte offset
   */
  private long locate(int index) {
    CharCursor holder = cursor;
    long cached = holder == null ? 0 : holder.get();
    int ci = (int) (cached >>> 32);
    int bo = (int) cached;
    if (index < ci && index < ci - index) {
      ci = 0;
      bo = 0;
    }
    while (index < ci) {
      do {
        bo--;
      } while (bo > 0 && Utf8.isContinuation(byteAtRaw(bo)));
      ci -= Utf8.units(byteAtRaw(bo));
    }
    while (true) {
      if (bo >= byteLength || bo < 0) {
        checkAfterRead(); // bytes changed under us: the transaction ended
        throw new IllegalStateException("inconsistent UTF-8 length in " + describe());
      }
      int units = Utf8.units(byteAtRaw(bo));
      if (index < ci + units) {
        break;
      }
      ci += units;
      bo = nextStart(bo);
    }
    long found = ((long) ci << 32) | (bo & 0xFFFFFFFFL);
    if (holder != null) {
      holder.set(found);
    } else if (found != 0) {
      // First walk away from the start (a cursor at the start is no cursor): publish a holder.
      cursor = new CharCursor(found);
    }
    return found;
  }

  private byte byteAtRaw(long i) {
    return base.get(Memory.BYTE, offset + i);
  }

  private int nextStart(int bo) {
    return Utf8.nextStart(base, offset, byteLength, bo);
  }

  private char decodeUnit(int bo, int which) {
    return Utf8.decodeUnit(base, offset, byteLength, bo, which);
  }

  /**
   * A text over chars {@code [start, end)} of this one, sharing its bytes and liveness (no copy,
   * borrowed stays borrowed).
   *
   * @throws IllegalArgumentException if a bound splits a surrogate pair: UTF-8 cannot hold half a
   *     supplementary character
   */
  @Override
  public Text subSequence(int start, int end) {
    check();
    int u = utf16();
    Objects.checkFromToIndex(start, end, u);
    if (u == byteLength) {
      return new Text(base, offset + start, end - start, end - start, scope);
    }
    int from = byteOffsetOf(start, u);
    int to = byteOffsetOf(end, u);
    checkAfterRead();
    return new Text(base, offset + from, to - from, end - start, scope);
  }

  private int byteOffsetOf(int charIndex, int u) {
    if (charIndex == u) {
      return byteLength;
    }
    long pos = locate(charIndex);
    if ((int) (pos >>> 32) != charIndex) {
      throw new IllegalArgumentException("index " + charIndex + " splits a surrogate pair");
    }
    return (int) pos;
  }

  /** Copies the text into a new {@code String}. */
  @Override
  public String toString() {
    check();
    byte[] array = Bytes.heapArray(base);
    if (array != null && offset == 0 && byteLength == array.length) {
      return new String(array, StandardCharsets.UTF_8);
    }
    byte[] bytes = Bytes.toArray(scope, base, offset, byteLength);
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /** An owned copy of this text (heap bytes), valid forever. */
  public Text copy() {
    byte[] bytes = Bytes.toArray(scope, base, offset, byteLength);
    return new Text(MemorySegment.ofArray(bytes), 0, byteLength, utf16Length, Scope.OWNED);
  }

  /** Whether the bytes are lent by a transaction (rather than owned); works on dead text too. */
  public boolean isBorrowed() {
    return scope != Scope.OWNED;
  }

  /** Whether the bytes may still be read (always true for owned text). */
  public boolean isLive() {
    return scope.isLive();
  }

  /**
   * The absolute address of the first byte if the bytes are in native memory, else -1. For
   * diagnostics and tests (e.g. proving a value lies in the LMDB map); works on dead text too.
   */
  public long nativeAddress() {
    return base.isNative() ? offset : -1; // native bases span the address space
  }

  /** Whether every char is ASCII (then length and charAt are O(1)). */
  public boolean isAscii() {
    check();
    return utf16() == byteLength;
  }

  /** The number of UTF-8 bytes. */
  public int utf8Length() {
    check();
    return byteLength;
  }

  /** The number of code points (supplementary characters count once). */
  public int codePointCount() {
    check();
    if (utf16Length == byteLength) {
      return byteLength;
    }
    int n = Utf8.codePointCount(base, offset, byteLength);
    checkAfterRead();
    return n;
  }

  /** UTF-8 byte {@code index}. */
  public byte byteAt(long index) {
    check();
    Objects.checkIndex(index, byteLength);
    byte b = byteAtRaw(index);
    checkAfterRead();
    return b;
  }

  /**
   * Copies the UTF-8 bytes into {@code dst} at {@code dstPos}, for encoders.
   *
   * @return the number of bytes copied ({@link #utf8Length()})
   */
  public int copyUtf8To(byte[] dst, int dstPos) {
    check();
    Objects.checkFromIndexSize(dstPos, byteLength, dst.length);
    Bytes.copyOut(scope, base, offset, dst, dstPos, byteLength);
    return byteLength;
  }

  /**
   * Writes the UTF-8 bytes to {@code out} without making a {@code String}: owned bytes straight
   * from their array, borrowed ones through an 8 KiB chunk buffer checked for liveness per chunk.
   */
  public void writeUtf8To(OutputStream out) throws IOException {
    Bytes.writeTo(base, offset, byteLength, scope, out);
  }

  /**
   * Writes the UTF-8 bytes to {@code channel}, looping until all are written; borrowed bytes go
   * through an 8 KiB heap chunk (never a view of the map that the channel could keep).
   */
  public void writeUtf8To(WritableByteChannel channel) throws IOException {
    Bytes.writeTo(base, offset, byteLength, scope, channel);
  }

  /** Equal to another {@code Text} with the same bytes, borrowed or owned. */
  @Override
  public boolean equals(Object o) {
    check();
    return this == o || o instanceof Text t
        && Bytes.equal(scope, base, offset, byteLength, t.scope, t.base, t.offset, t.byteLength);
  }


  /**
   * A hash of the bytes, computed eight bytes at a time on every call (O(1): at most 256 bytes are
   * read, see the class comment); equal for equal borrowed and owned texts.
   */
  @Override
  public int hashCode() {
    return Bytes.hash(scope, base, offset, byteLength);
  }


  /** Unsigned UTF-8 byte order, i.e. code point order (see the class comment). */
  @Override
  public int compareTo(Text o) {
    return Bytes.compare(scope, base, offset, byteLength, o.scope, o.base, o.offset, o.byteLength);
  }


  /** {@code a.compareTo(b)}, for method references. */
  public static int compare(Text a, Text b) {
    return a.compareTo(b);
  }

  /** Whether this text has the same chars as {@code cs}, without converting either side. */
  public boolean contentEquals(CharSequence cs) {
    if (cs instanceof Text t) {
      return equals(t);
    }
    check();
    int u = utf16();
    if (cs.length() != u) {
      return false;
    }
    boolean eq = u == byteLength ? asciiEquals(cs) : unitsEqual(cs);
    checkAfterRead();
    return eq;
  }

  private boolean asciiEquals(CharSequence cs) {
    for (long i = 0; i < byteLength; i++) {
      if ((byteAtRaw(i) & 0xFF) != cs.charAt((int) i)) {
        return false;
      }
    }
    return true;
  }

  private boolean unitsEqual(CharSequence cs) {
    int ci = 0;
    for (int bo = 0; bo < byteLength; bo = nextStart(bo)) {
      int units = Utf8.units(byteAtRaw(bo));
      for (int k = 0; k < units; k++) {
        if (ci >= cs.length() || decodeUnit(bo, k) != cs.charAt(ci++)) {
          return false;
        }
      }
    }
    return ci == cs.length();
  }

  private String describe() {
    return (isBorrowed() ? "borrowed" : "owned") + " text of " + byteLength + " bytes";
  }

  /**
   * The charAt cursor of one non-ASCII text: (char index << 32) | byte offset of a code point
   * start, packed into one {@code long} so that it is read and written whole.
   *
   * <p>Racy on purpose. The {@code Text.cursor} reference is published without ordering, so a
   * thread may see the holder before its constructor's write; it then reads the default 0, which
   * is the start of the text, also a correct cursor. The packed value is read and written with
   * opaque access (never torn, no fences). Threads racing to move the cursor overwrite each
   * other, and two threads may each make a holder where one wins; every value any of them sees
   * is a correct position computed from the same immutable bytes, so the worst case is a longer
   * walk.
   */
  private static final class CharCursor {
    private static final VarHandle POSITION;

    static {
      try {
        POSITION =
            MethodHandles.lookup().findVarHandle(CharCursor.class, "position", long.class);
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }

    @SuppressWarnings("unused") // via POSITION only
    private long position;

    CharCursor(long position) {
      POSITION.setOpaque(this, position);
    }

    long get() {
      return (long) POSITION.getOpaque(this);
    }

    void set(long position) {
      POSITION.setOpaque(this, position);
    }
  }
}
