package io.kitesql.table;

import io.kitesql.codec.KeyEncoder;
import io.kitesql.storage.Slice;
import io.kitesql.value.DataType;
import io.kitesql.value.TypeKind;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/**
 * The half-open byte interval {@code [from, to)} of the keys below one scan prefix (a table's row
 * keys, or one index's entries) that a pair of bounds admits. Mutable and re-encoded in place by
 * {@link #set} at each execution of a scan, so repeated scans allocate no key buffers.
 */
final class KeyInterval {
  private final byte[] prefix;
  private final List<DataType> types;
  private final String what;
  /*
   * Bounds are compared with keys, never stored, so LMDB's key size limit does not apply to them:
   * a lookup by a value longer than any key is answered like any other (see
   * RangeCursor#seekAtLeast).
   */
  private final KeyEncoder from = new KeyEncoder(Integer.MAX_VALUE - 16);
  private final KeyEncoder to = new KeyEncoder(Integer.MAX_VALUE - 16);

  /** Segments over the encoders' arrays, re-wrapped only when an array grows. */
  private MemorySegment fromSegment = MemorySegment.ofArray(from.array());

  private MemorySegment toSegment = MemorySegment.ofArray(to.array());

  /**
   * @param prefix the bytes every key of the scan starts with
   * @param types the types of the key values after the prefix; bounds hold values for a prefix of
   *     them
   * @param what the key, for messages ("index x of table t")
   */
  KeyInterval(byte[] prefix, List<DataType> types, String what) {
    this.prefix = prefix.clone();
    this.types = List.copyOf(types);
    this.what = what;
  }

  /**
   * Encodes the interval of keys that the bounds admit: values (already of the key columns' types)
   * for a prefix of the key columns, an empty list meaning unbounded (see {@link KeyBounds}).
   */
  void set(List<?> lower, boolean lowerInclusive, List<?> upper, boolean upperInclusive) {
    encode(from, lower);
    if (!lower.isEmpty() && !lowerInclusive) {
      from.toSuccessor();
    }
    encode(to, upper);
    if (upper.isEmpty() || upperInclusive) {
      to.toSuccessor();
    }
    if (fromSegment.byteSize() != from.array().length) {
      fromSegment = MemorySegment.ofArray(from.array());
    }
    if (toSegment.byteSize() != to.array().length) {
      toSegment = MemorySegment.ofArray(to.array());
    }
  }

  private void encode(KeyEncoder key, List<?> values) {
    if (values.size() > types.size()) {
      throw new IllegalArgumentException(
          "a bound of "
              + values.size()
              + " values for the "
              + types.size()
              + " key columns of "
              + what);
    }
    key.reset().appendRawBytes(prefix);
    for (int i = 0; i < values.size(); i++) {
      if (values.get(i) instanceof TextPrefix p) {
        if (i != values.size() - 1 || types.get(i).kind() != TypeKind.VARCHAR) {
          throw new IllegalArgumentException(
              "a text prefix bound on key column " + i + " of " + what);
        }
        key.appendTextPrefix(p.prefix());
      } else {
        key.appendValue(types.get(i), values.get(i));
      }
    }
  }

  /** An interval of the same key, not yet set. */
  KeyInterval blank() {
    return new KeyInterval(prefix, types, what);
  }

  /** Compares the lower ends of two intervals. */
  int compareFrom(KeyInterval other) {
    return Arrays.compareUnsigned(
        from.array(), 0, from.length(), other.from.array(), 0, other.from.length());
  }

  /**
   * Compares this interval's lower end with {@code other}'s (exclusive) upper end: at most 0 means
   * they overlap or touch.
   */
  int compareFromWithTo(KeyInterval other) {
    return Arrays.compareUnsigned(
        from.array(), 0, from.length(), other.to.array(), 0, other.to.length());
  }

  /**
   * Extends this interval's upper end to {@code other}'s when that is higher (merging two
   * overlapping intervals).
   */
  void extendTo(KeyInterval other) {
    if (Arrays.compareUnsigned(other.to.array(), 0, other.to.length(), to.array(), 0, to.length())
        > 0) {
      to.reset().appendRawBytes(Arrays.copyOf(other.to.array(), other.to.length()));
      if (toSegment.byteSize() != to.array().length) {
        toSegment = MemorySegment.ofArray(to.array());
      }
    }
  }

  byte[] from() {
    return from.array();
  }

  int fromLength() {
    return from.length();
  }

  byte[] to() {
    return to.array();
  }

  int toLength() {
    return to.length();
  }

  /** A lower bound above the upper one (e.g. a > 5 AND a < 3) admits nothing. */
  boolean isEmpty() {
    return Arrays.compareUnsigned(from.array(), 0, from.length(), to.array(), 0, to.length()) >= 0;
  }

  /** Whether {@code key} lies below the upper end. */
  boolean belowUpper(Slice key) {
    return belowUpper(key.base(), key.offset(), key.length());
  }

  /**
   * {@link #belowUpper(Slice)} for the key of {@code length} bytes at {@code offset} of {@code
   * base}.
   */
  boolean belowUpper(MemorySegment base, long offset, int length) {
    return TableKeys.compare(base, offset, length, toSegment, to.length()) < 0;
  }

  MemorySegment fromSegment() {
    return fromSegment;
  }

  MemorySegment toSegment() {
    return toSegment;
  }

  /** Whether {@code key} lies at or above the lower end. */
  boolean atOrAboveLower(Slice key) {
    return atOrAboveLower(key.base(), key.offset(), key.length());
  }

  /**
   * {@link #atOrAboveLower(Slice)} for the key of {@code length} bytes at {@code offset} of {@code
   * base}.
   */
  boolean atOrAboveLower(MemorySegment base, long offset, int length) {
    return TableKeys.compare(base, offset, length, fromSegment, from.length()) >= 0;
  }
}
