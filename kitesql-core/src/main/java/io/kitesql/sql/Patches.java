package io.kitesql.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * Edits to one statement's text, found by the rewrites on its token list and applied in one pass.
 * An edit inserts a parenthesis at a token boundary, replaces one character inside a quoted token
 * by a stand-in of the same length, or replaces a run of tokens (the identity options) by text with
 * as many line breaks. The applied text keeps the statement's lines, and {@link
 * Patched#originalColumn} maps a column JSqlParser reports back to the text the user wrote.
 */
final class Patches {
  /** Replaces {@code sql[start, end)} by {@code replacement}; {@code start == end} inserts. */
  private record Edit(int start, int end, String replacement) {}

  private final String sql;
  private final List<Edit> edits = new ArrayList<>();
  private boolean inserts;

  Patches(String sql) {
    this.sql = sql;
  }

  /**
   * Inserts {@code c} at {@code offset}; several at one offset keep the order they were added in.
   */
  void insert(int offset, char c) {
    edits.add(new Edit(offset, offset, String.valueOf(c)));
    inserts = true;
  }

  /** Replaces the character at {@code offset} by {@code c}. */
  void replace(int offset, char c) {
    edits.add(new Edit(offset, offset + 1, String.valueOf(c)));
  }

  /**
   * Replaces {@code sql[start, end)} by {@code replacement}, which must hold as many line breaks.
   */
  void replace(int start, int end, String replacement) {
    edits.add(new Edit(start, end, replacement));
  }

  /** Whether any edit inserts (a parenthesis: the only insertions there are). */
  boolean insertsParentheses() {
    return inserts;
  }

  /**
   * The inserted parentheses as {offset, '(' or ')'}, by offset (in the order added at one offset).
   */
  List<int[]> insertedParentheses() {
    return edits.stream()
        .filter(e -> e.start() == e.end())
        .map(e -> new int[] {e.start(), e.replacement().charAt(0)})
        .sorted((a, b) -> Integer.compare(a[0], b[0]))
        .toList();
  }

  /** The statement as JSqlParser reads it ({@code sql} itself if there are no edits). */
  Patched apply() {
    if (edits.isEmpty()) {
      return new Patched(sql, new int[0][][]);
    }
    edits.sort(
        (a, b) -> Integer.compare(a.start(), b.start())); // stable: insertions keep their order
    var out = new StringBuilder(sql.length() + edits.size());
    var shiftsByLine = new ArrayList<List<int[]>>(); // per output line: {column after which, shift}
    shiftsByLine.add(new ArrayList<>());
    int lineStart = 0; // offset in out
    int copied = 0;
    for (var edit : edits) {
      if (edit.start() < copied) {
        continue; // inside a range an earlier edit replaced
      }
      lineStart = copy(out, copied, edit.start(), lineStart, shiftsByLine);
      out.append(edit.replacement());
      int shift = edit.replacement().length() - (edit.end() - edit.start());
      int lastBreak = edit.replacement().lastIndexOf('\n');
      if (lastBreak >= 0) { // a new line: what follows moved from its column on the original line
        edit.replacement()
            .chars()
            .filter(c -> c == '\n')
            .forEach(c -> shiftsByLine.add(new ArrayList<>()));
        lineStart = out.length() - edit.replacement().length() + lastBreak + 1;
        int originalColumn = edit.end() - (sql.lastIndexOf('\n', edit.end() - 1) + 1);
        shift = (out.length() - lineStart) - originalColumn;
      }
      if (shift != 0) {
        shiftsByLine.getLast().add(new int[] {out.length() - lineStart, shift});
      }
      copied = edit.end();
    }
    copy(out, copied, sql.length(), lineStart, shiftsByLine);
    var shifts =
        shiftsByLine.stream().map(line -> line.toArray(int[][]::new)).toArray(int[][][]::new);
    return new Patched(out.toString(), shifts);
  }

  /**
   * Copies {@code sql[from, to)} to {@code out}; the offset in {@code out} where the last line
   * starts.
   */
  private int copy(
      StringBuilder out, int from, int to, int lineStart, List<List<int[]>> shiftsByLine) {
    for (int i = from; i < to; i++) {
      char c = sql.charAt(i);
      out.append(c);
      if (c == '\n') {
        shiftsByLine.add(new ArrayList<>());
        lineStart = out.length();
      }
    }
    return lineStart;
  }

  /**
   * The text JSqlParser reads and, per line of it, where the edits moved the columns: {column,
   * shift} pairs, each moving every later column of that line by {@code shift}.
   */
  record Patched(String sql, int[][][] shiftsByLine) {
    /**
     * The column in the original text of {@code column} (1-based) on {@code line} of {@link #sql}.
     */
    int originalColumn(int line, int column) {
      if (line < 1 || line > shiftsByLine.length) {
        return column;
      }
      int original = column;
      for (int[] shift : shiftsByLine[line - 1]) {
        if (shift[0] < column) {
          original -= shift[1];
        }
      }
      return original;
    }
  }
}
