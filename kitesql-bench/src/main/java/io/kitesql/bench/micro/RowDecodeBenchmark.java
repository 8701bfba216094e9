package io.kitesql.bench.micro;

import io.kitesql.bench.DataSets;
import io.kitesql.codec.RowEncoder;
import io.kitesql.codec.RowLayout;
import io.kitesql.codec.RowView;
import io.kitesql.value.DataType;
import io.kitesql.value.Text;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * Decoding one stored {@code orders} row: wrapping a {@link RowView} over the row's bytes and
 * reading the INT column {@code amount} and the VARCHAR column {@code note} (its view and its
 * {@code length()}).
 *
 * <p>Hot because every row a scan or lookup returns passes through exactly these calls: the cursor
 * re-wraps its one view over the bytes LMDB lends and reads the requested columns. The row lies in
 * native memory and is addressed the way mapped rows are (a read-only segment spanning the address
 * space plus the absolute address, as the storage's map view), so the note comes back as a borrowed
 * view. {@code getText} reads only the column's offset-table entry (start, byte length with the
 * ASCII flag, UTF-16 length), so the cost should be the same for a 64 B and a 64 KiB note; the two
 * {@code noteBytes} values check that.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(1)
@State(Scope.Thread)
public class RowDecodeBenchmark {
  /** Column positions in {@code orders(id, customer_id, status, amount, note)}. */
  private static final int AMOUNT = 3;

  private static final int NOTE = 4;

  /** The note's length in bytes (ASCII, so also in chars). */
  @Param({"64", "65536"})
  public int noteBytes;

  private final io.kitesql.value.Scope scope = new io.kitesql.value.Scope("row-decode");
  private Arena arena;
  private RowView view;
  private long address;

  /** A read-only segment spanning the address space, through which {@link #address} is read. */
  private MemorySegment addressSpace;

  private int length;

  @Setup
  @SuppressWarnings("restricted") // a segment over the address space, as the storage lends values
  public void setUp() {
    var layout =
        new RowLayout(
            List.of(DataType.INT, DataType.INT, DataType.VARCHAR, DataType.INT, DataType.VARCHAR));
    byte[] row = new RowEncoder(layout).encode(DataSets.orderRow(7, 2_000, noteBytes));
    // Shared, not confined: JMH does not promise that setup, iterations and teardown run on one
    // thread, and a confined arena may only be closed by its owner.
    arena = Arena.ofShared();
    MemorySegment segment = arena.allocate(row.length);
    segment.copyFrom(MemorySegment.ofArray(row));
    address = segment.address();
    length = row.length;
    view = new RowView(layout);
    addressSpace = MemorySegment.NULL.reinterpret(Long.MAX_VALUE, arena, null).asReadOnly();

    Text note = view.wrap(addressSpace, address, length, scope).getText(NOTE);
    if (!note.isBorrowed() || note.length() != noteBytes) {
      throw new IllegalStateException("expected a borrowed note of " + noteBytes + " chars");
    }
  }

  @TearDown
  public void tearDown() {
    arena.close();
  }

  /** Wrap, {@code getInt(amount)}, {@code getText(note)} and the note's {@code length()}. */
  @Benchmark
  public void amountAndNote(Blackhole bh) {
    RowView row = view.wrap(addressSpace, address, length, scope);
    bh.consume(row.getInt(AMOUNT));
    Text note = row.getText(NOTE);
    bh.consume(note.length());
    // The caller receives the view itself, so it must exist: no escape analysis shortcut.
    bh.consume(note);
  }
}
