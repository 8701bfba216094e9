package io.kitesql.bench.micro;

import io.kitesql.value.Text;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Whole-text access of a borrowed {@link Text}, each beside the same operation on a {@code String}
 * with the same chars: a {@code charAt} loop, copying every char out with {@code getChars}, {@code
 * StringBuilder.append} and {@link Text#appendTo}, {@code chars()}, {@code contentEquals}, {@code
 * indexOf} of a char and of a string, and {@code toString()} (the copy that each of them must not
 * lose to; {@code toStringThenIndexOf} is the copy plus the scan).
 *
 * <p>The text is borrowed the way the engine lends it: a view of a segment that spans the address
 * space and belongs to a shared arena (as the storage's map view does), at the bytes' absolute
 * address. Four contents of {@value #CHARS} chars each: ASCII (one byte per char), Cyrillic (two
 * bytes), CJK (three bytes), and emoji with ASCII spaces (four-byte characters, two UTF-16 units
 * each, so every other char is half of a surrogate pair).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
// Shorter than the other benchmarks: 16 methods x 4 contents; each settles within 2 s.
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class TextBulkBenchmark {
  /** UTF-16 chars of each content. */
  static final int CHARS = 4_096;

  /** What the text holds; see the class comment. */
  @Param({"ascii", "cyrillic", "cjk", "emoji"})
  public String content;

  private final io.kitesql.value.Scope scope = new io.kitesql.value.Scope("text-bulk");
  private Arena arena;
  private String string;

  /** Another {@code String} with the same chars, so {@code String.contentEquals} compares. */
  private String stringCopy;

  private Text text;
  private char[] chars;
  private String needle;
  private StringBuilder builder;

  /** {@code CHARS} chars of the named content. */
  static String content(String name) {
    String unit =
        switch (name) {
          case "ascii" -> "The quick brown fox jumps over the lazy dog; 0123456789. ";
          case "cyrillic" -> "Съешь же ещё этих мягких французских булок, да выпей чаю. ";
          case "cjk" -> "風箏在天空中飛翔，孩子們在草地上奔跑。";
          case "emoji" -> "\uD83E\uDE81 \uD83D\uDE00 \uD83C\uDF0D ";
          default -> throw new IllegalArgumentException("unknown content " + name);
        };
    var sb = new StringBuilder(CHARS + unit.length());
    while (sb.length() < CHARS) {
      sb.append(unit);
    }
    sb.setLength(CHARS);
    if (Character.isHighSurrogate(sb.charAt(CHARS - 1))) {
      sb.setCharAt(CHARS - 1, ' ');
    }
    return sb.toString();
  }

  /**
   * A text borrowed from native memory of {@code arena} holding {@code s}, read through a segment
   * spanning the address space, as the storage's map view lends its values.
   */
  @SuppressWarnings("restricted") // a segment over the address space, as the storage lends values
  static Text borrow(Arena arena, io.kitesql.value.Scope scope, String s) {
    byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
    MemorySegment bytes = arena.allocate(utf8.length);
    bytes.copyFrom(MemorySegment.ofArray(utf8));
    MemorySegment view = MemorySegment.NULL.reinterpret(Long.MAX_VALUE, arena, null);
    Text text = Text.view(scope, view, bytes.address(), utf8.length, s.length());
    if (!text.isBorrowed() || !text.contentEquals(s)) {
      throw new IllegalStateException("the borrowed text does not hold the string's chars");
    }
    return text;
  }

  @Setup
  public void setUp() {
    string = content(content);
    stringCopy = new String(string.toCharArray());
    // Shared: see RowDecodeBenchmark.
    arena = Arena.ofShared();
    text = borrow(arena, scope, string);
    chars = new char[CHARS];
    needle = string.substring(0, 3) + "|";
    builder = new StringBuilder(CHARS);
  }

  @TearDown
  public void tearDown() {
    arena.close();
  }

  /** {@code charAt} over every index, in order. */
  @Benchmark
  public int charAtText() {
    int sum = 0;
    for (int i = 0, n = text.length(); i < n; i++) {
      sum += text.charAt(i);
    }
    return sum;
  }

  @Benchmark
  public int charAtString() {
    int sum = 0;
    for (int i = 0, n = string.length(); i < n; i++) {
      sum += string.charAt(i);
    }
    return sum;
  }

  /** Every char copied into a {@code char[]}. */
  @Benchmark
  public char[] getCharsText() {
    text.getChars(0, CHARS, chars, 0);
    return chars;
  }

  @Benchmark
  public char[] getCharsString() {
    string.getChars(0, CHARS, chars, 0);
    return chars;
  }

  /** {@code StringBuilder.append(CharSequence)}, what most code does with a CharSequence. */
  @Benchmark
  public int appendText() {
    builder.setLength(0);
    builder.append(text);
    return builder.length();
  }

  /** {@link Text#appendTo}: the builder's room reserved once, then one pass over the bytes. */
  @Benchmark
  public int appendToText() {
    builder.setLength(0);
    return text.appendTo(builder).length();
  }

  @Benchmark
  public int appendString() {
    builder.setLength(0);
    builder.append(string);
    return builder.length();
  }

  /** The sum of {@code chars()}: the stream path. */
  @Benchmark
  public int charsSumText() {
    return text.chars().sum();
  }

  @Benchmark
  public int charsSumString() {
    return string.chars().sum();
  }

  /** Comparing with a {@code String} holding the same chars (so every char is compared). */
  @Benchmark
  public boolean contentEqualsText() {
    return text.contentEquals(string);
  }

  @Benchmark
  public boolean contentEqualsString() {
    return stringCopy.contentEquals(string);
  }

  /** Searching for a char the text does not hold (so every char is looked at). */
  @Benchmark
  public int indexOfString() {
    return string.indexOf('|');
  }

  @Benchmark
  public int indexOfText() {
    return text.indexOf('|');
  }

  /**
   * Searching for a string the text does not hold but whose first chars recur (the content's first
   * three chars then {@code |}): a byte search for the first char, a comparison per match.
   */
  @Benchmark
  public int indexOfSequenceText() {
    return text.indexOf(needle);
  }

  @Benchmark
  public int indexOfSequenceString() {
    return string.indexOf(needle);
  }

  /** The same search on a copy: what a caller without a bulk path on {@code Text} does. */
  @Benchmark
  public int toStringThenIndexOf() {
    return text.toString().indexOf('|');
  }

  /** The copy: what the bulk paths must not lose to. */
  @Benchmark
  public String toStringText() {
    return text.toString();
  }
}
