package io.kitesql.bench;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;

/**
 * The peers' side of Table 4 (Jackson into {@code String} fields) and the CSV parser of both sides.
 */
public final class Documents {

  /**
   * A JSON document as the peers parse it: one {@code String} per field.
   *
   * @param id "id"
   * @param user "user"
   * @param title "title"
   * @param tags "tags"
   * @param score "score"
   * @param body "body"
   */
  public record StringDoc(
      long id, String user, String title, List<String> tags, long score, String body) {}

  /**
   * A CSV line split into fields: views ({@code subSequence}) of the line, which means borrowed
   * text for KiteSQL and {@code String} copies ({@code substring}) for the peers.
   *
   * @param id first field
   * @param user second
   * @param title third
   * @param tags fourth, split on ';'
   * @param score fifth
   * @param body sixth
   */
  public record CsvDoc(
      long id,
      CharSequence user,
      CharSequence title,
      List<CharSequence> tags,
      long score,
      CharSequence body) {}

  /** The peers' mapper, configured once. */
  public static final ObjectMapper MAPPER =
      new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

  private Documents() {}

  /** Jackson into a record of {@code String}s. */
  public static StringDoc jackson(CharSequence json) throws Exception {
    return MAPPER.readValue(json.toString(), StringDoc.class);
  }

  /** Splits {@code id,user,title,tag;tag,score,body} (no quoting in these documents). */
  public static CsvDoc csv(CharSequence line) {
    int n = line.length();
    var fields = new int[7];
    int f = 1;
    for (int i = 0; i < n && f < 6; i++) {
      if (line.charAt(i) == ',') {
        fields[f++] = i + 1;
      }
    }
    if (f != 6) {
      throw new IllegalArgumentException("expected 6 CSV fields, got " + f);
    }
    fields[6] = n + 1;
    var tagsField = line.subSequence(fields[3], fields[4] - 1);
    var tags = new ArrayList<CharSequence>(4);
    int start = 0;
    for (int i = 0; i <= tagsField.length(); i++) {
      if (i == tagsField.length() || tagsField.charAt(i) == ';') {
        tags.add(tagsField.subSequence(start, i));
        start = i + 1;
      }
    }
    return new CsvDoc(
        parseLong(line, fields[0], fields[1] - 1),
        line.subSequence(fields[1], fields[2] - 1),
        line.subSequence(fields[2], fields[3] - 1),
        tags,
        parseLong(line, fields[4], fields[5] - 1),
        line.subSequence(fields[5], n));
  }

  private static long parseLong(CharSequence s, int from, int to) {
    long v = 0;
    for (int i = from; i < to; i++) {
      v = v * 10 + (s.charAt(i) - '0');
    }
    return v;
  }
}
