package io.kitesql.data.repository.support;

import java.util.Arrays;
import java.util.Collections;

/**
 * A condition on a list of ids written with a power-of-two number of markers, so that the texts of
 * statements over any number of ids are few (and their prepared plans reused): {@code = ?} for one
 * id, else {@code in (?, ...)} with the ids padded by repeating the last one, which matches no
 * extra row.
 */
final class IdMarkers {
  private IdMarkers() {}

  /** The markers for {@code ids} ids: 1, else the next power of two. */
  static int of(int ids) {
    return ids <= 1 ? 1 : Integer.highestOneBit(ids - 1) << 1;
  }

  /** {@code = ?} for one marker, else {@code in (?, ...)}. */
  static String condition(int markers) {
    return markers == 1
        ? " = ?"
        : " in (" + String.join(", ", Collections.nCopies(markers, "?")) + ")";
  }

  /** The ids, the last repeated up to their number of markers ({@link #of}). */
  static Object[] padded(Object[] ids) {
    int markers = of(ids.length);
    if (markers == ids.length) {
      return ids;
    }
    var values = Arrays.copyOf(ids, markers);
    Arrays.fill(values, ids.length, markers, ids[ids.length - 1]);
    return values;
  }
}
