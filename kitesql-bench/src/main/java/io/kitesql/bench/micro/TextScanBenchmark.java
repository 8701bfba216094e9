package io.kitesql.bench.micro;

import io.kitesql.value.Text;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
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
 * Code that reads a 64 Ki-char borrowed {@link Text} char by char through the JDK, beside the same
 * on a {@code String} with the same chars: {@code java.util.regex} ({@code
 * Pattern.matcher(text).find()}, which calls {@code charAt} per char it looks at) and Table 1's
 * "scan every char" loop ({@code charAt} over every index through a {@code CharSequence}).
 *
 * <p>Two patterns that match nowhere, so every search runs over the whole text: an ISO date ({@code
 * \d{4}-\d{2}-\d{2}}: about one {@code charAt} per char) and an e-mail address ({@code
 * [\w.+-]+@[\w-]+\.[a-z]{2,}}: each word is read again from each of its chars). Two contents: ASCII
 * prose, and mostly-ASCII prose with two- and three-byte characters ({@code è û é ñ ï}, {@code €
 * —}) in every sentence.
 *
 * <p>In an application the JDK's call sites see {@code String}, {@code StringBuilder} and {@code
 * Text} alike, and Table 1's caller runs over the peers' {@code String}s and KiteSQL's texts in one
 * JVM. So each fork first runs every benchmark body on a short {@code String} and a short {@code
 * Text}: every {@code charAt} call site on the way (in the regex engine and in {@link #scan}) is
 * compiled for both types, in the {@code String} benchmarks as in the {@code Text} ones.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class TextScanBenchmark {
  /** UTF-16 chars of each content. */
  static final int CHARS = 64 * 1024;

  private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
  private static final Pattern EMAIL = Pattern.compile("[\\w.+-]+@[\\w-]+\\.[a-z]{2,}");

  /** What the text holds; see the class comment. */
  @Param({"ascii", "mixed"})
  public String content;

  private final io.kitesql.value.Scope scope = new io.kitesql.value.Scope("text-scan");
  private Arena arena;

  /** The segment every text of this benchmark is read through, as a transaction's map view. */
  private MemorySegment view;

  private String string;
  private Text text;

  /** {@code chars} chars of the named content. */
  static String content(String name, int chars) {
    String unit =
        switch (name) {
          case "ascii" -> "The quick brown fox jumps over the lazy dog at 10:45, twice. ";
          case "mixed" -> "Crème brûlée costs 5 € at the café — a naïve señor pays twice. ";
          default -> throw new IllegalArgumentException("unknown content " + name);
        };
    var sb = new StringBuilder(chars + unit.length());
    while (sb.length() < chars) {
      sb.append(unit);
    }
    sb.setLength(chars);
    return sb.toString();
  }

  @Setup
  public void setUp() {
    string = content(content, CHARS);
    // Shared: see RowDecodeBenchmark.
    arena = Arena.ofShared();
    view = addressSpace(arena);
    text = borrow(string);
    if (DATE.matcher(text).find() || EMAIL.matcher(text).find() || scan(text) != scan(string)) {
      throw new IllegalStateException("the text and the string do not read alike");
    }
    String shortString = content(content, 256);
    Text shortText = borrow(shortString);
    for (int i = 0; i < 2_000; i++) {
      for (CharSequence s : new CharSequence[] {shortString, shortText}) {
        DATE.matcher(s).find();
        EMAIL.matcher(s).find();
        scan(s);
      }
    }
  }

  @SuppressWarnings("restricted") // a segment over the address space, as the storage lends values
  private static MemorySegment addressSpace(Arena arena) {
    return MemorySegment.NULL.reinterpret(Long.MAX_VALUE, arena, null).asReadOnly();
  }

  /** A text borrowed through {@link #view}, holding the chars of {@code s}. */
  private Text borrow(String s) {
    byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
    MemorySegment bytes = arena.allocate(utf8.length);
    bytes.copyFrom(MemorySegment.ofArray(utf8));
    Text borrowed = Text.view(scope, view, bytes.address(), utf8.length, s.length());
    if (!borrowed.isBorrowed() || !borrowed.contentEquals(s)) {
      throw new IllegalStateException("the borrowed text does not hold the string's chars");
    }
    return borrowed;
  }

  @TearDown
  public void tearDown() {
    arena.close();
  }

  /** Table 1's caller: {@code charAt} over every index (Workload.scan). */
  static long scan(CharSequence s) {
    long sum = 0;
    for (int i = 0, n = s.length(); i < n; i++) {
      sum += s.charAt(i);
    }
    return sum;
  }

  @Benchmark
  public boolean dateText() {
    return DATE.matcher(text).find();
  }

  @Benchmark
  public boolean dateString() {
    return DATE.matcher(string).find();
  }

  @Benchmark
  public boolean emailText() {
    return EMAIL.matcher(text).find();
  }

  @Benchmark
  public boolean emailString() {
    return EMAIL.matcher(string).find();
  }

  @Benchmark
  public long charAtText() {
    return scan(text);
  }

  @Benchmark
  public long charAtString() {
    return scan(string);
  }
}
