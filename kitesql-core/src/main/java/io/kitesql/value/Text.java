package io.kitesql.value;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.lang.foreign.MemorySegment;
import java.nio.channels.WritableByteChannel;
import java.util.Objects;
import java.util.stream.IntStream;
import java.util.stream.StreamSupport;

/**
 * UTF-8 text, either <em>borrowed</em> (bytes in native memory, typically the LMDB map, valid while
 * its read transaction lives) or <em>owned</em> (bytes on the heap). Both go through one code path:
 * a segment (the storage's map view, a read-only segment over the LMDB map, or another native or
 * heap segment), an offset and a length.
 *
 * <p><b>Liveness.</b> Every method that reads the bytes of a borrowed text first checks the {@link
 * Scope} of its transaction and re-checks it after reading; once the transaction has ended, it
 * throws {@link IllegalStateException} on every thread. Keep text beyond its transaction with
 * {@link #toString()} or {@link #copy()}. Only {@link #isBorrowed()}, {@link #isLive()} and {@link
 * #asReadOnlySegment()} work on dead text (they read no bytes).
 *
 * <p><b>Chars.</b> {@link #length()} and {@link #charAt} follow {@code String} semantics: UTF-16
 * units, supplementary characters as surrogate pairs. On ASCII text both are O(1). Otherwise the
 * UTF-16 length is counted once (SWAR, cached) and {@code charAt} walks from a cached cursor (or
 * from the start or the end, whichever is nearest), so sequential access in either direction is
 * amortized O(1): reading forwards, each code point is decoded once and the cursor steps past it
 * without walking; in the ASCII stretches of mostly-ASCII text it reads one byte per char by offset
 * from where it stands ({@link CharCursor}). The cursor lives in a small holder made the first time
 * {@code charAt} reads non-ASCII text, so ASCII text never pays for it.
 *
 * <p><b>Size.</b> The read path makes one text per text value per row, so its size is the read
 * path's allocation per value: 32 bytes. A borrowed text keeps no segment of its own: its one
 * reference is its {@link Scope}, which holds the segment its transaction lends through (the
 * storage's map view; see {@code Scope.lendsThrough}); an owned text's is its heap segment. The
 * charAt cursor takes that reference's place when first needed and keeps the old value.
 *
 * <p><b>Bulk access.</b> Whole-text work should not go char by char: {@link #getChars}, {@link
 * #chars()}, {@link #codePoints()}, {@link #contentEquals}, {@link #regionMatches}, {@link
 * #startsWith}, {@link #endsWith}, {@link #indexOf(int)}, {@link #lastIndexOf(int)}, {@link
 * #indexOf(CharSequence)}, {@link #contains}, {@link #codePointAt}, {@link #appendTo} and {@link
 * #writeTo(Writer)} decode or search the bytes in one pass, with one liveness check before and one
 * after the call (the copying ones also after every piece of at most 16 Ki chars), and allocate
 * nothing but the streams of {@code chars()} and {@code codePoints()}. The JDK's {@code
 * StringBuilder.append(text)} calls {@code charAt} per char and {@code Writer.append(text)} calls
 * {@code toString()}: prefer {@code text.appendTo(sb)} and {@code text.writeTo(writer)}.
 *
 * <p><b>What charAt still costs:</b> the check before and after each call, which is what makes a
 * text read after its transaction throw instead of returning reused bytes: its volatile reads keep
 * the JIT from keeping anything in registers across calls, so each call reloads the text's fields
 * and the segment's bounds and state (about 43 instructions per char in Table 1's loop against 5
 * for a {@code String}, by callgrind); on non-ASCII text also the cursor and, per non-ASCII char,
 * one decode. How the bulk paths work and what they measure: docs/storage.md ("Reads lend the map")
 * and kitesql-bench/README.md ({@code TextBulkBenchmark}).
 *
 * <p><b>Order.</b> {@link #compareTo} and {@link #equals} compare bytes: unsigned UTF-8 byte order
 * equals code point order (binary collation). This differs from {@link String#compareTo}, which
 * compares UTF-16 units: there, supplementary characters (surrogates U+D800..) sort before
 * U+E000..U+FFFF; here they sort after.
 *
 * <p><b>Threads.</b> A text may be read by many threads at once while it lives. Its two caches
 * (UTF-16 length, charAt cursor) are written racily, but both are derived from immutable bytes, so
 * a racing reader sees either "unknown" or a correct value (the cursor's holder says how). The hash
 * is not cached: it reads at most about 1 KiB, while a cache field would cost eight bytes in every
 * text (the object sizes are multiples of eight), and the read path makes one borrowed text per
 * value per row.
 *
 * <p><b>Malformed UTF-8</b> (possible only through {@link #ofUtf8} or {@link #owned} with bad
 * input) never causes a read out of bounds, and every method reads the same chars from it as {@code
 * charAt} (see {@code Utf8Chars}): undecodable sequences, overlong forms and encoded surrogates
 * read as U+FFFD. (Bytes whose UTF-16 count happens to equal their byte count are taken for ASCII
 * and read one char per byte.)
 */
public final class Text implements CharSequence, Comparable<Text> {
  /** The empty text (owned). */
  public static final Text EMPTY = owned(new byte[0], 0);

  // 32 bytes with compressed oops: header 12, ref 4, offset 8, byteLength 4, utf16Length 4.
  // TextTest.aBorrowedTextTakesAtMostThirtyTwoBytes holds it there.
  /**
   * Where the bytes are and who lends them, in one reference ({@link TextOrigin}); the first time
   * {@code charAt} walks non-ASCII text, a {@link CharCursor} holding that origin.
   *
   * <p>Not final, for that one replacement: a text must reach other threads through a
   * happens-before edge (a queue, a lock, a future: any handoff), as any object with mutable state;
   * the final fields below make HotSpot order the constructor's writes before the text is published
   * in any case. Racing walkers may each install a holder; all hold the same origin.
   */
  private Object ref;

  /**
   * The first byte's offset in the segment (for native memory: its absolute address). Never
   * changed.
   */
  final long offset;

  /** Never changed. */
  final int byteLength;

  /** UTF-16 length, or -1 until counted. Racy but idempotent. */
  private int utf16Length;

  private Text(Object ref, long offset, int byteLength, int utf16Length) {
    this.ref = ref;
    this.offset = offset;
    this.byteLength = byteLength;
    this.utf16Length = utf16Length;
  }

  private static Text make(Object ref, long offset, int byteLength, int utf16Length) {
    return new Text(ref, offset, byteLength, utf16Length);
  }

  /** {@link #ref} without the charAt cursor ({@link TextOrigin}). */
  private Object origin() {
    return TextOrigin.of(ref);
  }

  /** The liveness scope: the lending transaction's, or {@link Scope#OWNED}. */
  Scope scope() {
    return TextOrigin.scope(origin());
  }

  /** The segment the bytes are read through; {@link #offset} is relative to it. */
  MemorySegment base() {
    return TextOrigin.base(origin());
  }

  /**
   * A borrowed text over native memory; copies nothing and allocates only the returned object.
   *
   * @param scope the liveness scope of the lending transaction
   * @param address the absolute address of the first UTF-8 byte
   * @param byteLength the number of bytes
   * @param utf16Length the UTF-16 length if known ({@code == byteLength} means ASCII), else -1
   */
  static Text borrowed(Scope scope, long address, int byteLength, int utf16Length) {
    Objects.requireNonNull(scope, "scope");
    checkLengths(byteLength, utf16Length);
    if (address <= 0 && byteLength > 0) {
      throw new IllegalArgumentException("invalid address " + address);
    }
    return make(TextOrigin.of(scope, Memory.ALL), address, byteLength, utf16Length);
  }

  /**
   * A text viewing {@code byteLength} bytes of {@code segment} at {@code offset}, governed by
   * {@code scope} and read through {@code segment} itself, so that its bounds, liveness and thread
   * confinement apply to every read (a storage's map view fails once it is closed; a closed arena's
   * segment throws, never reads freed memory). A heap segment is viewed in place, so its array must
   * not change while the text is used. With {@link Scope#OWNED} the text counts as owned.
   */
  public static Text view(
      Scope scope, MemorySegment segment, long offset, int byteLength, int utf16Length) {
    Objects.requireNonNull(scope, "scope");
    checkLengths(byteLength, utf16Length);
    Objects.checkFromIndexSize(offset, byteLength, segment.byteSize());
    return make(TextOrigin.of(scope, segment), offset, byteLength, utf16Length);
  }

  /**
   * An owned text holding the UTF-8 encoding of {@code s}.
   *
   * @throws io.kitesql.KiteSqlException INVALID_VALUE if {@code s} holds an unpaired surrogate (see
   *     {@link Utf8#encode})
   */
  public static Text of(String s) {
    byte[] utf8 = Utf8.encode(s);
    return make(MemorySegment.ofArray(utf8), 0, utf8.length, s.length());
  }

  /**
   * An owned text taking ownership of {@code utf8} (not copied: the caller must not change it).
   * Nothing is validated, as validation would cost a full pass; malformed input reads as U+FFFD but
   * never out of bounds. The UTF-16 length is counted lazily.
   */
  public static Text ofUtf8(byte[] utf8) {
    return make(MemorySegment.ofArray(utf8), 0, utf8.length, -1);
  }

  /**
   * An owned text taking ownership of {@code utf8} with a known UTF-16 length ({@code -1} if
   * unknown). The length is trusted, not verified.
   */
  public static Text owned(byte[] utf8, int utf16Length) {
    checkLengths(utf8.length, utf16Length);
    return make(MemorySegment.ofArray(utf8), 0, utf8.length, utf16Length);
  }

  private static void checkLengths(int byteLength, int utf16Length) {
    if (byteLength < 0 || utf16Length < -1 || utf16Length > byteLength) {
      throw new IllegalArgumentException(
          "invalid lengths: " + byteLength + " bytes, " + utf16Length + " UTF-16 chars");
    }
  }

  void check() {
    scope().check();
  }

  void checkAfterRead() {
    scope().checkAfterRead();
  }

  /** The UTF-16 length, counting and caching it on first use; the caller has checked liveness. */
  int utf16() {
    int u = utf16Length;
    if (u < 0) {
      u = Utf8Chars.unitsBetween(base(), offset, 0, byteLength);
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
    // The reference is resolved once: after the scope's volatile read every field would be
    // loaded again.
    Object origin = TextOrigin.of(ref);
    Scope scope = TextOrigin.scope(origin);
    scope.check();
    int u = utf16();
    Objects.checkIndex(index, u);
    MemorySegment base = TextOrigin.base(origin);
    char c =
        u == byteLength
            ? (char) (base.get(Memory.BYTE, offset + index) & 0xFF)
            : cursor(origin).charAt(this, base, index);
    scope.checkAfterRead();
    return c;
  }

  /**
   * The charAt cursor, made and published the first time {@code charAt} reads non-ASCII text
   * (racing threads may each make one; see {@link CharCursor}).
   */
  private CharCursor cursor(Object origin) {
    if (ref instanceof CharCursor held) {
      return held;
    }
    CharCursor made = new CharCursor(origin);
    ref = made;
    return made;
  }

  /** The cursor's position (the start if there is none). */
  long cursorPosition() {
    return ref instanceof CharCursor c ? c.get() : 0;
  }

  byte byteAtRaw(long i) {
    return base().get(Memory.BYTE, offset + i);
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
      return make(origin(), offset + start, end - start, end - start);
    }
    long range = TextUtf8.byteRange(this, start, end, u);
    int from = (int) (range >>> 32);
    return make(origin(), offset + from, (int) range - from, end - start);
  }

  /** Copies the text into a new {@code String}. */
  @Override
  public String toString() {
    return TextUtf8.toString(this);
  }

  /** An owned copy of this text (heap bytes), valid forever. */
  public Text copy() {
    byte[] bytes = Bytes.toArray(scope(), base(), offset, byteLength);
    return make(MemorySegment.ofArray(bytes), 0, byteLength, utf16Length);
  }

  /** Whether the bytes are lent by a transaction (rather than owned); works on dead text too. */
  public boolean isBorrowed() {
    return scope() != Scope.OWNED;
  }

  /** Whether the bytes may still be read (always true for owned text). */
  public boolean isLive() {
    return scope().isLive();
  }

  /**
   * The UTF-8 bytes as a read-only segment, without copying: a slice of the LMDB map for a borrowed
   * text (reads through it fail once the map is unmapped; while the map stays, a read after the
   * text's transaction ended sees whatever the map then holds, so read while {@link #isLive()}), of
   * the heap array for an owned one. Its {@code address()} tells where a borrowed text lies; works
   * on dead text too.
   */
  public MemorySegment asReadOnlySegment() {
    return base().asSlice(offset, byteLength).asReadOnly();
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
    return TextUtf8.codePointCount(this, utf16Length == byteLength);
  }

  /** UTF-8 byte {@code index}. */
  public byte byteAt(long index) {
    return TextUtf8.byteAt(this, index);
  }

  /**
   * Copies the UTF-8 bytes into {@code dst} at {@code dstPos}, for encoders.
   *
   * @return the number of bytes copied ({@link #utf8Length()})
   */
  public int copyUtf8To(byte[] dst, int dstPos) {
    return TextUtf8.copyUtf8To(this, dst, dstPos);
  }

  /**
   * Writes the UTF-8 bytes to {@code out} without making a {@code String}: owned bytes straight
   * from their array, borrowed ones through an 8 KiB chunk buffer checked for liveness per chunk.
   */
  public void writeUtf8To(OutputStream out) throws IOException {
    Bytes.writeTo(base(), offset, byteLength, scope(), out);
  }

  /**
   * Writes the UTF-8 bytes to {@code channel}, looping until all are written; borrowed bytes go
   * through an 8 KiB heap chunk (never a view of the map that the channel could keep).
   */
  public void writeUtf8To(WritableByteChannel channel) throws IOException {
    Bytes.writeTo(base(), offset, byteLength, scope(), channel);
  }

  /** Equal to another {@code Text} with the same bytes, borrowed or owned. */
  @Override
  public boolean equals(Object o) {
    check();
    return this == o
        || o instanceof Text t
            && Bytes.equal(
                scope(), base(), offset, byteLength, t.scope(), t.base(), t.offset, t.byteLength);
  }

  /**
   * A hash of the bytes, computed eight bytes at a time on every call (O(1): at most 256 bytes are
   * read, see the class comment); equal for equal borrowed and owned texts.
   */
  @Override
  public int hashCode() {
    return Bytes.hash(scope(), base(), offset, byteLength);
  }

  /** Unsigned UTF-8 byte order, i.e. code point order (see the class comment). */
  @Override
  public int compareTo(Text o) {
    return Bytes.compare(
        scope(), base(), offset, byteLength, o.scope(), o.base(), o.offset, o.byteLength);
  }

  /** {@code a.compareTo(b)}, for method references. */
  public static int compare(Text a, Text b) {
    return a.compareTo(b);
  }

  // ---- bulk char access: one liveness check before and one after each call ----

  /**
   * Copies chars {@code [srcBegin, srcEnd)} into {@code dst} at {@code dstBegin}, decoding the
   * bytes in one pass (ASCII: a widening copy). A bound inside a surrogate pair copies its half, as
   * {@code String.getChars} does. Allocates nothing.
   *
   * <p>Long ranges re-check liveness every 16 Ki chars (see {@link #copyUtf8To}); if the
   * transaction ends meanwhile this throws {@link IllegalStateException} and what {@code dst} holds
   * in the range is unspecified.
   */
  @Override
  public void getChars(int srcBegin, int srcEnd, char[] dst, int dstBegin) {
    TextCopy.getChars(this, srcBegin, srcEnd, dst, dstBegin);
  }

  /**
   * The chars as a stream of UTF-16 units, decoded from the bytes as the stream is consumed, never
   * through a {@code String}. The stream reads the text when it runs: after the transaction ended
   * it throws {@link IllegalStateException}. A terminal operation over the whole stream checks
   * liveness once per 256 chars.
   */
  @Override
  public IntStream chars() {
    check();
    utf16(); // counted now, while live: the spliterator reads the cached count
    return StreamSupport.intStream(new TextChars(this, false), false);
  }

  /**
   * The code points as a stream, decoded from the bytes as the stream is consumed; see {@link
   * #chars()}. A malformed sequence gives U+FFFD (two for a four-byte lead, as {@link #charAt}).
   */
  @Override
  public IntStream codePoints() {
    check();
    utf16();
    return StreamSupport.intStream(new TextChars(this, true), false);
  }

  /**
   * Appends the chars to {@code sb}, decoding the bytes in one pass through a chunk of at most 256
   * chars (one 528-byte array per call), each appended in one bulk copy. Faster than {@code
   * sb.append(text)}, which the JDK implements with one {@code charAt} call per char. If the
   * transaction ends meanwhile, the builder is set back to its length before the call and {@link
   * IllegalStateException} is thrown.
   *
   * @return {@code sb}
   */
  public StringBuilder appendTo(StringBuilder sb) {
    return TextCopy.appendTo(this, sb);
  }

  /**
   * Writes the chars to {@code out} through a chunk of at most 4 Ki chars, decoded from the bytes
   * and checked for liveness before it is written (no {@code String}, unlike {@code
   * out.append(text)}, which {@code Writer} implements with {@code toString()}).
   */
  public void writeTo(Writer out) throws IOException {
    TextCopy.writeTo(this, out);
  }

  /** Whether this text has the same chars as {@code cs}, without converting either side. */
  public boolean contentEquals(CharSequence cs) {
    return TextSearch.contentEquals(this, cs);
  }

  /**
   * Whether chars {@code [toffset, toffset + len)} equal chars {@code [ooffset, ooffset + len)} of
   * {@code other}, as {@link String#regionMatches(int, String, int, int)}: false if either range is
   * out of bounds, true if {@code len <= 0}.
   */
  public boolean regionMatches(int toffset, CharSequence other, int ooffset, int len) {
    return TextSearch.regionMatches(this, toffset, other, ooffset, len);
  }

  /** Whether the text starts with {@code prefix}. */
  public boolean startsWith(CharSequence prefix) {
    return startsWith(prefix, 0);
  }

  /** Whether the chars from {@code toffset} start with {@code prefix} (false if out of bounds). */
  public boolean startsWith(CharSequence prefix, int toffset) {
    return regionMatches(toffset, prefix, 0, prefix.length());
  }

  /** Whether the text ends with {@code suffix}. */
  public boolean endsWith(CharSequence suffix) {
    return TextSearch.endsWith(this, suffix);
  }

  /** Whether the text contains {@code s}. */
  public boolean contains(CharSequence s) {
    return indexOf(s, 0) >= 0;
  }

  /**
   * The index of the first char (code point, for a supplementary {@code ch}) equal to {@code ch},
   * or -1, as {@link String#indexOf(int)}. An ASCII {@code ch} is found by a byte search eight
   * bytes at a time; others by decoding.
   */
  public int indexOf(int ch) {
    return indexOf(ch, 0);
  }

  /** As {@link #indexOf(int)}, from char index {@code fromIndex} (clamped as String does). */
  public int indexOf(int ch, int fromIndex) {
    return TextSearch.indexOf(this, ch, fromIndex);
  }

  /**
   * The index of the last char (code point) equal to {@code ch}, or -1, as {@link
   * String#lastIndexOf(int)}.
   */
  public int lastIndexOf(int ch) {
    return lastIndexOf(ch, Integer.MAX_VALUE);
  }

  /** As {@link #lastIndexOf(int)}, at or before char index {@code fromIndex}. */
  public int lastIndexOf(int ch, int fromIndex) {
    return TextSearch.lastIndexOf(this, ch, fromIndex);
  }

  /** The index of the first occurrence of {@code s}, or -1, as {@link String#indexOf(String)}. */
  public int indexOf(CharSequence s) {
    return indexOf(s, 0);
  }

  /**
   * As {@link #indexOf(CharSequence)}, from char index {@code fromIndex} (clamped as String does).
   */
  public int indexOf(CharSequence s, int fromIndex) {
    return TextSearch.indexOf(this, s, fromIndex);
  }

  /**
   * The code point at char index {@code index}, as {@link String#codePointAt}: a high surrogate
   * followed by a low one gives the pair's code point, any other char itself.
   */
  public int codePointAt(int index) {
    return TextSearch.codePointAt(this, index);
  }

  String describe() {
    return (isBorrowed() ? "borrowed" : "owned") + " text of " + byteLength + " bytes";
  }
}
