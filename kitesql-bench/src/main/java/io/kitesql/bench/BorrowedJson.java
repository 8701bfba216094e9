package io.kitesql.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * A small JSON parser that reads a {@link CharSequence} in place and keeps string fields as views
 * ({@link CharSequence#subSequence}) where the JSON string has no escapes: on a borrowed KiteSQL
 * {@code Text} the fields borrow the map too. Strings with escapes are decoded into a new
 * {@code String}. Maps the documents of Table 4 onto {@link Doc}; unknown fields are skipped.
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
  public record Doc(long id, CharSequence user, CharSequence title, List<CharSequence> tags, long score,
      CharSequence body) {}

  private final CharSequence in;
  private int pos;

  private BorrowedJson(CharSequence in) {
    this.in = in;
  }

  /** Parses one document object. */
  public static Doc parse(CharSequence json) {
    return new BorrowedJson(json).document();
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
    int n = in.length();
    for (int i = start; i < n; i++) {
      char c = in.charAt(i);
      if (c == '"') {
        pos = i + 1;
        return in.subSequence(start, i);
      }
      if (c == '\\') {
        return escaped(start);
      }
    }
    throw error("unterminated string");
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
