package io.kitesql.expr;

import io.kitesql.value.Text;

/**
 * The owned {@link Text} of recently bound {@code String} arguments, found by the identity of the
 * {@code String}. Applications bind the same instances again and again (constants, enum names,
 * interned keys), and an owned text is immutable, so one conversion serves every execution and
 * thread. Only short strings are kept, in a fixed table of 256 slots, so the cache holds on to
 * little. Slots are read and written racily: entries are immutable, and a lost update is only a
 * miss.
 */
final class StringArguments {
  static final int MAX_CACHED_LENGTH = 64;
  private static final int SLOTS = 256;

  private record Entry(String string, Text text) {}

  private static final Entry[] ENTRIES = new Entry[SLOTS];

  private StringArguments() {}

  /** {@code Text.of(s)}, shared with earlier calls for the same instance {@code s}. */
  static Text textOf(String s) {
    if (s.length() > MAX_CACHED_LENGTH) {
      return Text.of(s);
    }
    int slot = System.identityHashCode(s) & (SLOTS - 1);
    var entry = ENTRIES[slot];
    if (entry != null && entry.string() == s) {
      return entry.text();
    }
    var text = Text.of(s);
    ENTRIES[slot] = new Entry(s, text);
    return text;
  }
}
