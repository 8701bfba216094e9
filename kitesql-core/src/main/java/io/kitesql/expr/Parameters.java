package io.kitesql.expr;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.value.Binary;
import io.kitesql.value.DataType;
import io.kitesql.value.Text;
import io.kitesql.value.TypeKind;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

/**
 * The parameters of one statement: collected while binding, then used to bind values for each
 * execution.
 *
 * <p>Styles (one per statement; mixing them is PARAMETER_MISMATCH): {@code ?} (positional, slots in
 * textual order, as JSqlParser numbers them), {@code ?N} and {@code $N} (explicit 1-based slot; the
 * count is the highest N), {@code :name} (named; one slot per distinct name, in order of first
 * appearance; names are case-sensitive).
 *
 * <p>Types: the binder records a slot's type where the context tells it ({@code col = ?}, {@code ?
 * + 1}, an INSERT target); the first recorded type wins. A slot nothing types is VARCHAR, and its
 * value is converted to text, except bytes: the statement is then bound again with that slot
 * VARBINARY ({@link #untypedBinarySlots}). Bytes given to a slot of another type are refused.
 * {@link #bind} converts user values with {@link Coercions#coerce}, except for a slot whose every
 * occurrence is an operand of a comparison ({@code amount > ?}, {@code a IN (?, ?)}, {@code
 * BETWEEN}): its value keeps its exact number ({@link Coercions#exact}), since rounding it to the
 * column's scale or refusing it outside the column's range would change the comparison.
 *
 * <p>Threads: mutable while one statement is being bound; afterwards only read, so a prepared
 * statement may share it between threads.
 */
public final class Parameters {
  /** Parameter styles. */
  public enum Style {
    NONE,
    POSITIONAL,
    NUMBERED,
    NAMED
  }

  private Style style = Style.NONE;
  private final List<String> names = new ArrayList<>();
  private final List<DataType> types = new ArrayList<>();

  /**
   * Slots typed VARBINARY from the start: bytes were bound to them where nothing else typed them.
   */
  private final BitSet binarySlots;

  /** Slots typed only by a context's preference ({@link #recordPreferredType}). */
  private final BitSet preferredOnly = new BitSet();

  /** Per slot, its occurrences in the statement and how many of them are comparison operands. */
  private int[] occurrences = new int[0];

  private int[] comparedOccurrences = new int[0];

  /** Parameters whose types the statement alone decides. */
  public Parameters() {
    this(new BitSet());
  }

  /**
   * Parameters whose slots in {@code binarySlots} are VARBINARY from the start, as if cast: the
   * statement is bound again for bytes given to slots it left untyped ({@link
   * #untypedBinarySlots}).
   */
  public Parameters(BitSet binarySlots) {
    this.binarySlots = (BitSet) binarySlots.clone();
  }

  /** The number of slots (values {@link #bind} expects). */
  public int count() {
    return types.size();
  }

  /** The style of this statement's parameters. */
  public Style style() {
    return style;
  }

  /** The names of named parameters in slot order (empty for other styles). */
  public List<String> names() {
    return List.copyOf(names);
  }

  /** The slot of named parameter {@code name}, or -1. */
  public int indexOf(String name) {
    return names.indexOf(name);
  }

  /** The type of slot {@code index} (VARCHAR if nothing typed it). */
  public DataType type(int index) {
    DataType t = types.get(index);
    return t == null ? DataType.VARCHAR : t;
  }

  /** Whether the binder has learned the type of slot {@code index}. */
  public boolean isTyped(int index) {
    return types.get(index) != null;
  }

  /**
   * Records {@code type} for slot {@code index} as a preference of a context that takes text or
   * bytes alike ({@code length(?)}): bytes given to the slot rebind it as VARBINARY like an untyped
   * one ({@link #untypedBinarySlots}).
   */
  public void recordPreferredType(int index, DataType type) {
    if (types.get(index) == null) {
      types.set(index, type);
      preferredOnly.set(index);
    }
  }

  /** Records the type of slot {@code index} unless one was recorded before. */
  public void recordType(int index, DataType type) {
    if (types.get(index) == null) {
      types.set(index, type);
    }
  }

  /** Counts an occurrence of slot {@code index} in the statement (every one the binder reads). */
  public void recordOccurrence(int index) {
    occurrences = grown(occurrences, index);
    occurrences[index]++;
  }

  /** Counts an occurrence of slot {@code index} that is an operand of a comparison. */
  public void recordComparedOccurrence(int index) {
    comparedOccurrences = grown(comparedOccurrences, index);
    comparedOccurrences[index]++;
  }

  /**
   * Whether slot {@code index} occurs only as a comparison operand: its value is compared, never
   * stored or computed with.
   */
  boolean comparedOnly(int index) {
    return index < comparedOccurrences.length
        && comparedOccurrences[index] > 0
        && comparedOccurrences[index] >= occurrences[index];
  }

  private static int[] grown(int[] counts, int index) {
    return index < counts.length
        ? counts
        : Arrays.copyOf(counts, Math.max(index + 1, counts.length * 2));
  }

  /** The slot of a {@code ?} ({@code fixed == false}) or {@code ?N}/{@code $N} parameter. */
  public int positional(int oneBasedIndex, boolean fixed) {
    useStyle(fixed ? Style.NUMBERED : Style.POSITIONAL, fixed ? "?" + oneBasedIndex : "?");
    if (oneBasedIndex < 1) {
      throw new KiteSqlException(
          ErrorCode.PARAMETER_MISMATCH, "parameter index must be 1 or more: " + oneBasedIndex);
    }
    while (types.size() < oneBasedIndex) {
      types.add(binarySlots.get(types.size()) ? DataType.VARBINARY : null);
    }
    return oneBasedIndex - 1;
  }

  /** The slot of {@code :name}, allocating one at its first appearance. */
  public int named(String name) {
    useStyle(Style.NAMED, ":" + name);
    int i = names.indexOf(name);
    if (i >= 0) {
      return i;
    }
    names.add(name);
    types.add(binarySlots.get(types.size()) ? DataType.VARBINARY : null);
    return names.size() - 1;
  }

  private void useStyle(Style s, String shown) {
    if (style != Style.NONE && style != s) {
      throw new KiteSqlException(
          ErrorCode.PARAMETER_MISMATCH,
          "parameter " + shown + " mixes " + s + " with " + style + " parameters in one statement");
    }
    style = s;
  }

  /**
   * Runtime values for the slots, in slot order (for named parameters: the order of {@link
   * #names()}).
   *
   * @throws KiteSqlException PARAMETER_MISMATCH for a wrong count or an unsupported Java type
   */
  public Object[] bind(Object... userValues) {
    Object[] values = userValues == null ? new Object[] {null} : userValues;
    if (values.length != count()) {
      throw new KiteSqlException(
          ErrorCode.PARAMETER_MISMATCH,
          "expected " + count() + " parameter values, got " + values.length);
    }
    return bindInto(values, new Object[values.length]);
  }

  /**
   * {@link #bind} into {@code out} (of {@link #count()} slots), which a pooled execution reuses so
   * that binding allocates no array.
   */
  public Object[] bindInto(Object[] userValues, Object[] out) {
    Object[] values = userValues == null ? new Object[] {null} : userValues;
    if (values.length != count() || out.length != values.length) {
      throw new KiteSqlException(
          ErrorCode.PARAMETER_MISMATCH,
          "expected " + count() + " parameter values, got " + values.length);
    }
    for (int i = 0; i < values.length; i++) {
      out[i] = convert(values[i], i);
    }
    return out;
  }

  /**
   * Runtime values for named parameters.
   *
   * @throws KiteSqlException PARAMETER_MISMATCH for a missing or unknown name
   */
  public Object[] bindNamed(Map<String, ?> userValues) {
    if (style != Style.NAMED && count() > 0) {
      throw new KiteSqlException(
          ErrorCode.PARAMETER_MISMATCH,
          "the statement has " + style + " parameters, not named ones");
    }
    var unknown = new HashSet<>(userValues.keySet());
    unknown.removeAll(names);
    if (!unknown.isEmpty()) {
      throw new KiteSqlException(
          ErrorCode.PARAMETER_MISMATCH,
          "unknown parameter names " + unknown + "; the statement has " + names);
    }
    Object[] out = new Object[count()];
    for (int i = 0; i < out.length; i++) {
      String name = names.get(i);
      if (!userValues.containsKey(name)) {
        throw new KiteSqlException(ErrorCode.PARAMETER_MISMATCH, "no value for :" + name);
      }
      out[i] = convert(userValues.get(name), i);
    }
    return out;
  }

  /**
   * The slots the statement left untyped (a bare {@code select ?}, say) that are given bytes
   * ({@code byte[]} or {@link Binary}): a value keeps its Java type's SQL type, so these are bound
   * again as VARBINARY (like PostgreSQL's JDBC driver, which sends the type of what it is given)
   * rather than read as VARCHAR.
   */
  public BitSet untypedBinarySlots(Object[] positional, Map<String, ?> named) {
    var slots = new BitSet();
    for (int i = 0; i < count(); i++) {
      if (bytesInUntypedSlot(i, positional, named)) {
        slots.set(i);
      }
    }
    return slots;
  }

  /** Whether {@link #untypedBinarySlots} is not empty; allocates nothing (every execution asks). */
  public boolean bytesInUntypedSlots(Object[] positional, Map<String, ?> named) {
    for (int i = 0; i < count(); i++) {
      if (bytesInUntypedSlot(i, positional, named)) {
        return true;
      }
    }
    return false;
  }

  private boolean bytesInUntypedSlot(int i, Object[] positional, Map<String, ?> named) {
    if (isTyped(i) && !preferredOnly.get(i)) {
      return false;
    }
    Object v =
        named != null
            ? (style == Style.NAMED ? named.get(names.get(i)) : null)
            : positional != null && i < positional.length ? positional[i] : null;
    return v instanceof byte[] || v instanceof Binary;
  }

  private Object convert(Object v, int slot) {
    if ((v instanceof byte[] || v instanceof Binary) && type(slot).kind() != TypeKind.VARBINARY) {
      // PostgreSQL refuses bytea where text is expected; text made of the bytes would compare
      // and store as something else (hex digits) without a word
      throw new KiteSqlException(
          ErrorCode.TYPE_MISMATCH,
          "parameter "
              + slotName(slot)
              + " is "
              + type(slot)
              + " in this statement but was given bytes ("
              + v.getClass().getSimpleName()
              + "); bytes are stored in and"
              + " compared with VARBINARY only: pass a value of the parameter's type, or CAST the other side AS VARBINARY");
    }
    try {
      Object value = toRuntime(v);
      return comparedOnly(slot)
          ? Coercions.exact(value, type(slot))
          : Coercions.coerce(value, type(slot));
    } catch (KiteSqlException e) {
      throw new KiteSqlException(
          e.errorCode(), "parameter " + slotName(slot) + ": " + e.reason(), e);
    }
  }

  private String slotName(int slot) {
    return style == Style.NAMED ? ":" + names.get(slot) : "?" + (slot + 1);
  }

  /** A user's Java value as a runtime value (see {@link io.kitesql.value.DataType}). */
  private static Object toRuntime(Object v) {
    return switch (v) {
      case null -> null;
      case Text t -> t;
      case Binary b -> b;
      case String s -> StringArguments.textOf(s);
      case CharSequence cs -> Text.of(cs.toString());
      case byte[] bytes -> Binary.of(bytes);
      case Integer i -> i;
      case Long l -> l;
      case Short s -> (int) s;
      case Byte b -> (int) b;
      case Double d -> d;
      case Float f -> (double) f;
      case BigDecimal d -> d;
      case BigInteger bi -> new BigDecimal(bi);
      case Boolean b -> b;
      case LocalDate d -> d;
      case LocalDateTime ts -> ts;
      case java.sql.Date d -> d.toLocalDate();
      case java.sql.Timestamp ts -> ts.toLocalDateTime();
      // convert() names the parameter.
      default ->
          throw new KiteSqlException(
              ErrorCode.PARAMETER_MISMATCH, "unsupported Java type " + v.getClass().getName());
    };
  }
}
