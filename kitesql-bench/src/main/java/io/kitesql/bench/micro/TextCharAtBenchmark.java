package io.kitesql.bench.micro;

import io.kitesql.bench.DataSets;
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
 * {@link Text#charAt} and {@link Text#length} of a text borrowed from native memory, beside the
 * same loop over a {@code java.lang.String} with the same chars.
 *
 * <p>Hot because {@code Text} is what callers get instead of a {@code String}: every parser, {@code
 * contentEquals} or {@code CharSequence} consumer walks it char by char. ASCII text (the row format
 * flags it) reads one byte per char. Other text decodes UTF-8 on the fly from a cached cursor, so a
 * sequential walk should stay amortized O(1) per char; the non-ASCII content mixes one-byte,
 * two-byte ({@code è û é}) and four-byte characters (an emoji, two UTF-16 units), so every decoding
 * branch and the surrogate pairs are exercised.
 *
 * <p>{@code length()} costs nothing when the UTF-16 length is known, as for values decoded from a
 * row; text decoded from an index key is borrowed with an unknown length and counts it (SWAR over
 * the bytes) on first use. The two length benchmarks make a fresh text for each call to show both.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(1)
@State(Scope.Thread)
public class TextCharAtBenchmark {
  /** Chars of each content. */
  static final int CHARS = 1_024;

  /** {@code ascii}: the benchmark's filler text; {@code non-ascii}: see the class comment. */
  @Param({"ascii", "non-ascii"})
  public String content;

  private final io.kitesql.value.Scope scope = new io.kitesql.value.Scope("text-charat");
  private Arena arena;
  private String string;
  private Text text;
  private long address;

  /** A read-only segment spanning the address space, through which {@link #address} is read. */
  private MemorySegment addressSpace;

  private int bytes;

  @Setup
  @SuppressWarnings("restricted") // a segment over the address space, as the storage lends values
  public void setUp() {
    string =
        switch (content) {
          case "ascii" -> DataSets.text(1, CHARS);
          // 16 chars (15 code points) in 21 bytes.
          case "non-ascii" -> "crème brûlée \uD83E\uDE81 ".repeat(CHARS / 16);
          default -> throw new IllegalArgumentException("unknown content " + content);
        };
    byte[] utf8 = string.getBytes(StandardCharsets.UTF_8);
    // Shared: see RowDecodeBenchmark.
    arena = Arena.ofShared();
    MemorySegment segment = arena.allocate(utf8.length);
    segment.copyFrom(MemorySegment.ofArray(utf8));
    address = segment.address();
    bytes = utf8.length;
    // read through a segment spanning the address space, as the storage's map view lends values
    addressSpace = MemorySegment.NULL.reinterpret(Long.MAX_VALUE, arena, null).asReadOnly();
    text = Text.view(scope, addressSpace, address, bytes, string.length());
    if (string.length() != CHARS || !text.contentEquals(string)) {
      throw new IllegalStateException(
          "the text does not hold the " + CHARS + " chars of the string");
    }
  }

  @TearDown
  public void tearDown() {
    arena.close();
  }

  /** {@code charAt} over every index, in order, of the borrowed text. */
  @Benchmark
  public int textCharAt() {
    int sum = 0;
    for (int i = 0, n = text.length(); i < n; i++) {
      sum += text.charAt(i);
    }
    return sum;
  }

  /** The same loop over the {@code String}: the baseline. */
  @Benchmark
  public int stringCharAt() {
    int sum = 0;
    for (int i = 0, n = string.length(); i < n; i++) {
      sum += string.charAt(i);
    }
    return sum;
  }

  /** {@code length()} of a fresh borrowed text whose UTF-16 length is known (as from a row). */
  @Benchmark
  public int textLengthKnown() {
    return Text.view(scope, addressSpace, address, bytes, CHARS).length();
  }

  /**
   * {@code length()} of a fresh borrowed text whose UTF-16 length must be counted (as from a key).
   */
  @Benchmark
  public int textLengthCounted() {
    return Text.view(scope, addressSpace, address, bytes, -1).length();
  }
}
