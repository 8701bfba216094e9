package io.kitesql.value;

import java.util.random.RandomGenerator;

/** Random strings mixing 1- to 4-byte UTF-8 characters, for property tests (fixed seeds). */
public final class RandomStrings {
  private RandomStrings() {}

  /** A random code point whose UTF-8 form has {@code bytes} bytes (1..4); never a surrogate. */
  public static int codePoint(RandomGenerator rnd, int bytes) {
    return switch (bytes) {
      case 1 -> rnd.nextInt(0x80);
      case 2 -> 0x80 + rnd.nextInt(0x800 - 0x80);
      case 3 -> {
        int cp;
        do {
          // Bias towards U+E000..U+FFFF: where UTF-16 order and code point order disagree.
          cp = rnd.nextBoolean() ? 0xE000 + rnd.nextInt(0x2000) : 0x800 + rnd.nextInt(0xF800);
        } while (Character.isSurrogate((char) cp));
        yield cp;
      }
      default -> 0x10000 + rnd.nextInt(0x10FFFF - 0x10000 + 1);
    };
  }

  /** A random string of up to {@code maxCodePoints} code points of mixed widths. */
  public static String mixed(RandomGenerator rnd, int maxCodePoints) {
    int n = rnd.nextInt(maxCodePoints + 1);
    // Pick per string which widths occur, so pure-ASCII and pure-supplementary strings appear.
    int widths = 1 + rnd.nextInt(15);
    var sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      int w;
      do {
        w = 1 + rnd.nextInt(4);
      } while ((widths & (1 << (w - 1))) == 0);
      sb.appendCodePoint(codePoint(rnd, w));
    }
    return sb.toString();
  }

  /** A random ASCII string of up to {@code maxLen} chars, sometimes including NUL. */
  public static String ascii(RandomGenerator rnd, int maxLen) {
    int n = rnd.nextInt(maxLen + 1);
    var sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      sb.append((char) (rnd.nextInt(8) == 0 ? rnd.nextInt(3) : 0x20 + rnd.nextInt(0x5F)));
    }
    return sb.toString();
  }
}
