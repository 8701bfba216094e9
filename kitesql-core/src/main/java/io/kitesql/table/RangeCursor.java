package io.kitesql.table;

import io.kitesql.codec.KeyLimits;
import io.kitesql.codec.RowView;
import io.kitesql.options.EngineSwitches;
import io.kitesql.storage.KvCursor;
import io.kitesql.storage.KvTransaction;
import io.kitesql.value.Memory;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Walks the keys of a half-open interval [from, to) of one keyspace, forward or backward, and lets
 * a subclass turn each entry into a row. Positions itself lazily on the first {@link #next()}.
 * Everything that does not depend on the execution (key interval buffers, decoders, with {@code
 * reuseRows} the row array, the read-ahead arrays) is made once, so a cursor {@link #reopen
 * reopened} for each execution of a statement allocates next to nothing.
 *
 * <p>Read-ahead (read-only transactions, subclasses that look each row up: {@link #readsAhead}):
 * instead of one entry at a time, the walk finds the next few entries' stored rows first (their
 * addresses in the map, nothing read), then reads the first and last byte of each back to back,
 * then decodes them one per {@link #next()}. A long row's header sits on an LMDB overflow page of
 * its own, a cache and TLB miss per row; read one row at a time those misses wait for each other,
 * read back to back the CPU overlaps them (docs/storage.md, "Long rows: read-ahead"). Only long
 * rows are read ahead ({@link #LONG_ROW}; a short row is in the leaf its lookup has just read): a
 * walk starts row by row unless the cursor's last rows were long, switches to batches after a long
 * row, and back after a batch without one. Batches start at {@link #FIRST_BATCH} rows and double up
 * to the switch {@link EngineSwitches#READ_AHEAD}, so a caller that stops after a row or two
 * (LIMIT, EXISTS) has looked up at most a few rows it did not need. A read-only transaction's map
 * does not change while it lives, so the addresses stay valid; a write transaction's walk stays one
 * entry at a time (its cursor copies each entry, and the statement may change rows the walk has not
 * reached).
 */
abstract sealed class RangeCursor implements TableCursor permits TableScanCursor, IndexScanCursor {
  protected KvTransaction tx;

  /** Requested column positions, less those {@link #defer deferred}: the ones each row decodes. */
  protected int[] columns;

  /** The table's width. */
  protected final int width;

  /** The intervals of the current walk, and the one it is in. */
  private final KeyIntervals intervals;

  private KeyInterval interval;

  /** How many of {@link #intervals} the walk has left behind. */
  private int intervalsDone;

  private final boolean reverse;

  /** The one array every row is decoded into, or null when each row gets a new array. */
  private final Object[] reusedRow;

  private KvCursor cursor;

  /** Keeps {@link #cursor} for the next walk in the same read-only transaction. */
  private final CursorSlot slot = new CursorSlot();

  private boolean started;
  private boolean done;

  /** The most rows one read-ahead batch holds (0: rows are read one at a time). */
  private final int readAhead;

  /** Whether the current walk may read ahead (read-only, a cursor that looks rows up). */
  private boolean aheadAllowed;

  /** Whether the current walk reads ahead now. */
  private boolean batched;

  /**
   * Whether the rows this cursor looked up last were long ({@link #LONG_ROW}): then it reads ahead,
   * from the next row on, and from the first row of its next walk. Short rows lie in the B-tree
   * leaf the lookup has just read, so reading them ahead would only add the batch's bookkeeping.
   */
  private boolean longRows;

  /** Rows the next batch may hold (doubles after each batch, up to {@link #readAhead}). */
  private int batchLimit;

  /** Rows in the current batch, and the next of them to decode. */
  private int filled;

  private int at;

  /** Whether the walk has left its range (or the keyspace) while filling a batch. */
  private boolean exhausted;

  /** The memory the batch's keys lie in (the map of the read-only transaction). */
  protected MemorySegment aheadBase;

  /** The memory the batch's stored rows lie in ({@link #locate} sets it; the same map). */
  protected MemorySegment aheadValueBase;

  /**
   * Per slot of the batch: the entry key's offset and length, the stored row's offset and length;
   * made by the first walk that reads ahead.
   */
  protected long[] keyAt;

  protected int[] keyLengthAt;
  protected long[] valueAt;
  protected int[] valueLengthAt;

  /** The sum of the bytes the read-ahead touched: kept so that the reads are not optimized away. */
  private long touched;

  private boolean closed = true;
  private Object[] current;

  RangeCursor(KeyInterval interval, int[] columns, int width, boolean reverse, boolean reuseRows) {
    this.intervals = new KeyIntervals(interval);
    this.columns = columns.clone();
    this.width = width;
    for (int c : columns) {
      Objects.checkIndex(c, width);
    }
    this.reverse = reverse;
    this.reusedRow = reuseRows ? new Object[width] : null;
    this.readAhead = readAhead();
  }

  /** The rows of a walk's first batch. */
  static final int FIRST_BATCH = 4;

  /**
   * The stored length from which a row counts as long: LMDB keeps a value in the B-tree leaf up to
   * about 2,038 bytes with key (4 KiB pages) and puts longer ones on overflow pages of their own,
   * whose first touch is the miss that reading ahead overlaps.
   */
  static final int LONG_ROW = 2_000;

  /** Called by a subclass with the stored length of each row it looks up one at a time. */
  protected final void lookedUp(int valueLength) {
    longRows = valueLength >= LONG_ROW;
  }

  /** The most rows a batch holds (0: this cursor reads no batches). */
  protected final int readAheadLimit() {
    return readAhead;
  }

  /**
   * The most rows a read-only walk reads ahead ({@link EngineSwitches#READ_AHEAD}), read when a
   * cursor is made: a control for measuring read-ahead side by side in one JVM (kitesql-bench's
   * {@code ReadAheadAb}).
   */
  private static int readAhead() {
    return EngineSwitches.readAhead();
  }

  @Override
  public final void reopen(
      KvTransaction tx,
      List<?> lower,
      boolean lowerInclusive,
      List<?> upper,
      boolean upperInclusive) {
    intervals.set(lower, lowerInclusive, upper, upperInclusive);
    start(tx);
  }

  @Override
  public final void reopen(KvTransaction tx, KeyRanges ranges) {
    intervals.set(ranges);
    start(tx);
  }

  /** Starts a walk over {@link #intervals} in {@code tx}. */
  private void start(KvTransaction tx) {
    close();
    intervalsDone = 0;
    interval = intervals.count() == 0 ? null : intervals.get(reverse ? intervals.count() - 1 : 0);
    this.tx = tx;
    this.cursor = slot.open(tx);
    started = false;
    done = false;
    closed = false;
    aheadAllowed = readAhead > 0 && tx.isReadOnly() && readsAhead();
    batched = aheadAllowed && longRows;
    if (aheadAllowed && keyAt == null) {
      keyAt = new long[readAhead];
      keyLengthAt = new int[readAhead];
      valueAt = new long[readAhead];
      valueLengthAt = new int[readAhead];
    }
    batchLimit = Math.min(FIRST_BATCH, readAhead);
    filled = 0;
    at = 0;
    exhausted = false;
  }

  /** {@link #reopen} with {@code bounds}. */
  final RangeCursor open(KvTransaction tx, KeyBounds bounds) {
    reopen(tx, bounds.lower(), bounds.lowerInclusive(), bounds.upper(), bounds.upperInclusive());
    return this;
  }

  @Override
  public final boolean next() {
    if (closed) {
      throw new IllegalStateException("cursor already closed");
    }
    if (done) {
      return false;
    }
    if (batched) {
      return nextAhead();
    }
    if (!step()) {
      current = null;
      return false;
    }
    // The key's parts, not a Slice: one passed into methods too large to inline was allocated per
    // row.
    current = decode(cursor.keyBase(), cursor.keyOffset(), cursor.keyLength(), cursor);
    if (aheadAllowed && longRows) {
      batched = true; // the rows after this one are read ahead
    }
    return true;
  }

  /**
   * Moves the storage cursor to the walk's next entry in range, on into the next interval when it
   * leaves one; false (and done) when the walk is over.
   */
  private boolean step() {
    while (true) {
      boolean on = started ? (reverse ? cursor.prev() : cursor.next()) : position();
      started = true;
      int keyLength = on ? cursor.keyLength() : -1;
      if (keyLength < 0) {
        done = true;
        return false;
      }
      var keyBase = cursor.keyBase();
      long keyOffset = cursor.keyOffset();
      if (reverse
          ? interval.atOrAboveLower(keyBase, keyOffset, keyLength)
          : interval.belowUpper(keyBase, keyOffset, keyLength)) {
        return true;
      }
      if (!nextInterval()) {
        done = true;
        return false;
      }
    }
  }

  @Override
  public final long skip(long n) {
    if (closed) {
      throw new IllegalStateException("cursor already closed");
    }
    current = null;
    long skipped = 0;
    while (skipped < n && !done) {
      if (batched) {
        if (at < filled) { // entries the batch already located: nothing to read
          at++;
          skipped++;
        } else if (exhausted) {
          done = true;
        } else {
          batched = false; // on entry by entry from the one the storage cursor stands on
        }
      } else if (step()) {
        skipped++;
      }
    }
    return skipped;
  }

  /**
   * {@link #next()} of a walk that reads ahead: the next row of the batch, filling one first if
   * needed.
   */
  private boolean nextAhead() {
    if (at == filled) {
      if (!exhausted && !longRows) {
        batched = false; // the last batch had no long row: on row by row, from the entry the cursor
        // stands on
        return next();
      }
      if (exhausted || !fill()) {
        done = true;
        current = null;
        return false;
      }
    }
    // A batch's rows are read from the map without the storage cursor, which would check this.
    if (!tx.scope().isLive()) {
      throw new IllegalStateException("read transaction already closed");
    }
    current = decodeAhead(at++, cursor);
    return true;
  }

  /**
   * Fills a batch: steps the storage cursor over up to {@link #batchLimit} entries in range, {@link
   * #locate locating} each one's stored row, then {@link #touch touches} the rows. False if the
   * range had no entry left.
   */
  private boolean fill() {
    var c = cursor;
    int n = 0;
    int limit = batchLimit;
    boolean anyLong = false;
    while (n < limit) {
      boolean on = started ? (reverse ? c.prev() : c.next()) : position();
      started = true;
      int keyLength = on ? c.keyLength() : -1;
      if (keyLength < 0) {
        exhausted = true;
        break;
      }
      var keyBase = c.keyBase();
      long keyOffset = c.keyOffset();
      if (!(reverse
          ? interval.atOrAboveLower(keyBase, keyOffset, keyLength)
          : interval.belowUpper(keyBase, keyOffset, keyLength))) {
        if (nextInterval()) {
          continue;
        }
        exhausted = true;
        break;
      }
      aheadBase = keyBase;
      keyAt[n] = keyOffset;
      keyLengthAt[n] = keyLength;
      locate(n, keyBase, keyOffset, keyLength, c);
      anyLong |= valueLengthAt[n] >= LONG_ROW;
      n++;
    }
    longRows = anyLong;
    filled = n;
    at = 0;
    batchLimit = Math.min(2 * limit, readAhead);
    touch(n);
    return n > 0;
  }

  /**
   * Reads the first and the last byte of each of the batch's {@code n} stored rows, independent
   * loads one after the other, so that their cache and TLB misses overlap instead of each waiting
   * for the row before it to be decoded. The first byte is the row header every decode reads; the
   * last is where a long last value ends, which a caller reading that value's end (or a hash of its
   * last bytes, GROUP BY) touches next: for a long row another overflow page (measured in one JVM,
   * docs/storage.md: Table 1 at 256 KiB 1.64x of 64 B with the header alone, 1.17x with both). The
   * scope is checked first: these are reads of the map, too.
   */
  private void touch(int n) {
    if (n == 0) {
      return;
    }
    tx.scope().check();
    var base = aheadValueBase;
    long sum = 0;
    for (int i = 0; i < n; i++) {
      long at = valueAt[i];
      int length = valueLengthAt[i];
      sum += base.get(Memory.BYTE, at) + (length > 0 ? base.get(Memory.BYTE, at + length - 1) : 0);
    }
    touched += sum;
  }

  /**
   * Moves the walk into its next interval (the next higher, or lower if reverse), to be positioned
   * by the next step; false when it was in the last.
   */
  private boolean nextInterval() {
    if (++intervalsDone >= intervals.count()) {
      return false;
    }
    interval = intervals.get(reverse ? intervals.count() - 1 - intervalsDone : intervalsDone);
    started = false;
    return true;
  }

  /** Moves to the first entry of the interval: the first key >= from, or the last key < to. */
  private boolean position() {
    if (interval == null || interval.isEmpty()) {
      return false;
    }
    if (!reverse) {
      return seekAtLeast(interval.from(), interval.fromSegment(), interval.fromLength());
    }
    return seekAtLeast(interval.to(), interval.toSegment(), interval.toLength())
        ? cursor.prev()
        : cursor.last();
  }

  /**
   * Moves to the first key at least the first {@code length} of {@code bytes} ({@code bound} is a
   * segment over them). LMDB refuses to seek with a key longer than it can store; such a bound
   * seeks with its longest storable prefix (which sorts before it) and steps over the keys below
   * the bound, which share that prefix.
   */
  private boolean seekAtLeast(byte[] bytes, MemorySegment bound, int length) {
    if (length <= KeyLimits.MAX_KEY_SIZE) {
      return cursor.seek(bytes, length);
    }
    boolean on = cursor.seek(bytes, KeyLimits.MAX_KEY_SIZE);
    while (on && TableKeys.compare(cursor.key(), bound, length) < 0) {
      on = cursor.next();
    }
    return on;
  }

  /** The array to decode the next row into: the reused one, or a new one of the table's width. */
  protected final Object[] rowArray() {
    return reusedRow != null ? reusedRow : new Object[width];
  }

  /**
   * Turns the entry the cursor stands on, whose key is {@code keyLength} bytes of {@code keyBase}
   * at {@code keyOffset}, into a row of the table's width ({@link #rowArray}).
   */
  protected abstract Object[] decode(
      MemorySegment keyBase, long keyOffset, int keyLength, KvCursor cursor);

  /**
   * Whether this cursor's walks in read-only transactions read ahead: only where each row is looked
   * up by key (an index scan that is not covered), which costs a B-tree descent per row anyway. A
   * table scan reads each row where its cursor stands: read ahead there (measured in one JVM,
   * docs/storage.md) the batch's bookkeeping cost more per row than the overlapped misses saved, at
   * 64 B and at 256 KiB alike.
   */
  protected boolean readsAhead() {
    return false;
  }

  /**
   * Records in slot {@code slot} of the batch ({@link #aheadValueBase}, {@link #valueAt}, {@link
   * #valueLengthAt}) where the stored row of the entry the cursor stands on lies, reading none of
   * its bytes. The entry's key is already recorded in {@link #keyAt} and {@link #keyLengthAt}.
   */
  protected void locate(
      int slot, MemorySegment keyBase, long keyOffset, int keyLength, KvCursor cursor) {
    throw new IllegalStateException("this cursor does not read ahead");
  }

  /**
   * As {@link #decode} for the batch's row in {@code slot}; {@code cursor} is the walk's storage
   * cursor, which stands on the batch's last entry (or past the range), not on this row.
   */
  protected Object[] decodeAhead(int slot, KvCursor cursor) {
    throw new IllegalStateException("this cursor does not read ahead");
  }

  /** The row key of the current entry (subclasses know where it is). */
  protected abstract byte[] currentRowKey();

  /** Releases what a subclass opened for the current walk (its transaction may have ended). */
  protected void closeWalk() {}

  @Override
  public final Object[] row() {
    checkOnRow();
    return current;
  }

  @Override
  public final boolean defer(boolean[] deferred) {
    if (view() == null) {
      return false;
    }
    columns = Arrays.stream(columns).filter(c -> !deferred[c]).toArray();
    return true;
  }

  @Override
  public final RowView currentRow() {
    checkOnRow();
    return view();
  }

  /** The view the current row is read through, or null if rows are not read from a stored row. */
  protected abstract RowView view();

  @Override
  public final RowRef ref() {
    checkOnRow();
    return new RowRef(currentRowKey(), currentStoredRow());
  }

  /**
   * The current entry's stored row as an owned array if the walk has one at no cost (a table scan
   * in a write transaction, whose cursor hands out heap copies), else null.
   */
  protected byte[] currentStoredRow() {
    return null;
  }

  private void checkOnRow() {
    if (closed) {
      throw new IllegalStateException("cursor already closed");
    }
    if (current == null) {
      throw new IllegalStateException("cursor does not stand on a row");
    }
  }

  @Override
  public final void close() {
    if (!closed) {
      closed = true;
      current = null;
      slot.release(tx, cursor);
      closeWalk();
      cursor = null;
      tx = null;
    }
  }
}
