package io.kitesql.bench;

import io.kitesql.value.Text;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * A small JSON parser that reads a {@link CharSequence} in place and keeps string fields as views
 * ({@link CharSequence#subSequence}) where the JSON string has no escapes: on a borrowed KiteSQL
 * {@code Text} the fields borrow the map too. Strings with escapes are decoded into a new {@code
 * String}. Maps the documents of Table 4 onto {@link Doc}; unknown fields are skipped.
 *
 * <p>On a live, borrowed, ASCII {@link Text} the scan for the end of a string reads the mapped
 * bytes directly, eight at a time (SWAR), instead of calling {@code charAt} per char; the text's
 * liveness is checked before and after, as {@code Text} itself does. Field values are still taken
 * with {@code subSequence}, so they stay checked views.
 */
public final class BorrowedJson {

  /**
   * A parsed document; the string fields may be views of the input.
   *
   * @param id the "id" number
   * @param user the "user" string
   * @param title the "title" string
   * @param tags the "tags" array of strings
   * @param score the "score" number
   * @param body the "body" string
   */
  public record Doc(
      long id,
      CharSequence user,
      CharSequence title,
      List<CharSequence> tags,
      long score,
      CharSequence body) {}

  private static final ValueLayout.OfLong WORD =
      ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
  private static final long QUOTES = 0x2222222222222222L;
  private static final long BACKSLASHES = 0x5C5C5C5C5C5C5C5CL;
  private static final long LOW = 0x0101010101010101L;
  private static final long HIGH = 0x8080808080808080L;

  private final CharSequence in;

  /** The borrowed bytes of {@code in}, or null to read through {@code charAt}. */
  private final MemorySegment bytes;

  private int pos;

  private BorrowedJson(CharSequence in, MemorySegment bytes) {
    this.in = in;
    this.bytes = bytes;
  }

  /** Parses one document object. */
  public static Doc parse(CharSequence json) {
    if (json instanceof Text text && text.isBorrowed() && text.isAscii()) {
      var bytes = text.asReadOnlySegment();
      var doc = new BorrowedJson(json, bytes).document();
      if (!text.isLive()) {
        throw new IllegalStateException(
            "the transaction of the document ended while it was parsed");
      }
      return doc;
    }
    return new BorrowedJson(json, null).document();
  }

  /** The index of the first '"' or '\\' at or after {@code from}, or -1. */
  private int findQuoteOrEscape(int from) {
    if (bytes == null) {
      for (int i = from, n = in.length(); i < n; i++) {
        char c = in.charAt(i);
        if (c == '"' || c == '\\') {
          return i;
        }
      }
      return -1;
    }
    long n = bytes.byteSize();
    long i = from;
    for (; i + 8 <= n; i += 8) {
      long w = bytes.get(WORD, i);
      long q = w ^ QUOTES;
      long b = w ^ BACKSLASHES;
      long hit = ((q - LOW) & ~q | (b - LOW) & ~b) & HIGH;
      if (hit != 0) {
        return (int) (i + (Long.numberOfTrailingZeros(hit) >>> 3));
      }
    }
    for (; i < n; i++) {
      byte c = bytes.get(ValueLayout.JAVA_BYTE, i);
      if (c == '"' || c == '\\') {
        return (int) i;
      }
    }
    return -1;
  }

  private Doc document() {
    long id = 0;
    long score = 0;
    CharSequence user = null;
    CharSequence title = null;
    CharSequence body = null;
    List<CharSequence> tags = List.of();
    expect('{');
    if (peek() == '}') {
      pos++;
    } else {
      do {
        var name = string();
        expect(':');
        switch (name.toString()) {
          case "id" -> id = number();
          case "score" -> score = number();
          case "user" -> user = string();
          case "title" -> title = string();
          case "body" -> body = string();
          case "tags" -> tags = stringArray();
          default -> skipValue();
        }
      } while (comma('}'));
    }
    return new Doc(id, user, title, tags, score, body);
  }

  private List<CharSequence> stringArray() {
    expect('[');
    var list = new ArrayList<CharSequence>(4);
    if (peek() == ']') {
      pos++;
      return list;
    }
    do {
      list.add(string());
    } while (comma(']'));
    return list;
  }

  /** After an element: true on ',', false on {@code close}. */
  private boolean comma(char close) {
    char c = peek();
    pos++;
    if (c == ',') {
      return true;
    }
    if (c != close) {
      throw error("expected ',' or '" + close + "'");
    }
    return false;
  }

  private CharSequence string() {
    expect('"');
    int start = pos;
    int i = findQuoteOrEscape(start);
    if (i < 0) {
      throw error("unterminated string");
    }
    if (in.charAt(i) == '\\') {
      return escaped(start);
    }
    pos = i + 1;
    return in.subSequence(start, i);
  }

  private String escaped(int start) {
    var sb = new StringBuilder();
    int i = start;
    while (true) {
      char c = in.charAt(i++);
      if (c == '"') {
        pos = i;
        return sb.toString();
      }
      if (c != '\\') {
        sb.append(c);
        continue;
      }
      char e = in.charAt(i++);
      switch (e) {
        case 'n' -> sb.append('\n');
        case 't' -> sb.append('\t');
        case 'r' -> sb.append('\r');
        case 'b' -> sb.append('\b');
        case 'f' -> sb.append('\f');
        case 'u' -> {
          sb.append((char) Integer.parseInt(in.subSequence(i, i + 4).toString(), 16));
          i += 4;
        }
        default -> sb.append(e); // '"', '\\', '/'
      }
    }
  }

  private long number() {
    skipWhitespace();
    boolean negative = in.charAt(pos) == '-';
    if (negative) {
      pos++;
    }
    long value = 0;
    int start = pos;
    while (pos < in.length() && in.charAt(pos) >= '0' && in.charAt(pos) <= '9') {
      value = value * 10 + (in.charAt(pos++) - '0');
    }
    if (pos == start) {
      throw error("expected a number");
    }
    return negative ? -value : value;
  }

  private void skipValue() {
    char c = peek();
    switch (c) {
      case '"' -> string();
      case '{' -> skipNested('{', '}');
      case '[' -> skipNested('[', ']');
      default -> {
        while (pos < in.length() && ",}] \n\r\t".indexOf(in.charAt(pos)) < 0) {
          pos++;
        }
      }
    }
  }

  private void skipNested(char open, char close) {
    expect(open);
    if (peek() == close) {
      pos++;
      return;
    }
    do {
      if (open == '{') {
        string();
        expect(':');
      }
      skipValue();
    } while (comma(close));
  }

  private void expect(char c) {
    if (peek() != c) {
      throw error("expected '" + c + "'");
    }
    pos++;
  }

  private char peek() {
    skipWhitespace();
    if (pos >= in.length()) {
      throw error("unexpected end");
    }
    return in.charAt(pos);
  }

  private void skipWhitespace() {
    while (pos < in.length()) {
      char c = in.charAt(pos);
      if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
        return;
      }
      pos++;
    }
  }

  private IllegalArgumentException error(String message) {
    return new IllegalArgumentException(message + " at " + pos);
  }
}
