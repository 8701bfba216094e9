package io.kitesql.bench;

import java.util.List;
import java.util.Optional;

/**
 * The report section and the target of {@link GroupKeysBench}.
 *
 * <p>The target: KiteSQL's GROUP BY over the largest adversarial data set takes at most {@link
 * #MAX_GROWTH} times as long as over the smallest (4× the keys), and at most {@link
 * #MAX_VS_ORDINARY} times as long as over ordinary keys of the same count. Why these bounds: with
 * 4× the keys, linear work grows 4×, O(n log n) about 4.8× (4 × log 4000 / log 1000), quadratic
 * work 16× (the issue measured 27 → 539 ms, 20×); 6× keeps a margin for a noisy machine and still
 * tells the two apart. Against ordinary keys, a lookup among colliding keys makes about log2(n)
 * comparisons (12 at 4k), each reading the shared 496 bytes up to the differing digit, where an
 * ordinary key is found by its hash and one comparison; 10× allows for that and stays far below the
 * ~250× the quadratic version took at 4k.
 */
final class GroupKeysReport {
  static final double MAX_GROWTH = 6.0;
  static final double MAX_VS_ORDINARY = 10.0;

  private final Results r;

  GroupKeysReport(Results results) {
    this.r = results;
  }

  /** The cells, engines side by side; empty if nothing ran. */
  String section() {
    if (r.groupKeys.isEmpty()) {
      return "";
    }
    var engines = GroupKeysBench.ENGINES.stream().map(Stores.Kind::label).toList();
    var out =
        new StringBuilder(
            """

        ## GROUP BY over long text keys

        `%s` over a table of 2 rows per distinct key, keys of %,d ASCII chars. *Adversarial*: the keys share \
        their first and last 496 chars and differ in 8 digits in the middle, so a hash of the length and the \
        first and last 128 bytes alone is the same for all of them; KiteSQL hashes values \
        of up to 1 KiB whole, and only longer ones by their ends (those still collide, at O(log n) comparisons \
        per lookup: exec.RowKeyTest counts them); *ordinary*: they differ in their first 8 chars. \
        KiteSQL in one read-only transaction per cell. Median of %d executions (2 in the smoke run) after at least 300 ms of unmeasured ones, ms, \
        and µs per distinct key.

        """
                .formatted(
                    GroupKeysBench.QUERY, GroupKeysBench.KEY_CHARS, GroupKeysBench.EXECUTIONS));
    out.append("| keys | distinct keys | ")
        .append(String.join(" | ", engines))
        .append(" |\n|---|---|");
    out.append("---|".repeat(engines.size())).append('\n');
    for (var shape : List.of(GroupKeysBench.ORDINARY, GroupKeysBench.ADVERSARIAL)) {
      for (int n : sizes()) {
        out.append("| ").append(shape).append(" | ").append(String.format("%,d", n));
        for (var engine : engines) {
          out.append(" | ")
              .append(
                  find(shape, n, engine)
                      .map(
                          g ->
                              String.format(
                                  "%,.2f ms (%.2f µs)", g.millis(), g.millis() * 1000 / n))
                      .orElse("–"));
        }
        out.append(" |\n");
      }
    }
    return out.toString();
  }

  /** The target line, computed from KiteSQL's cells. */
  TargetSection.Line target() {
    String target =
        String.format(
            "KiteSQL, GROUP BY over adversarial long text keys: O(n log n) (≤ %.0fx from the "
                + "smallest to the largest key count, ≤ %.0fx ordinary keys of the largest count)",
            MAX_GROWTH, MAX_VS_ORDINARY);
    var sizes = sizes();
    if (sizes.isEmpty()) {
      return TargetSection.Line.of(target, null, "not run");
    }
    String kite = Stores.Kind.KITE_BORROWED.label();
    int small = sizes.getFirst();
    int large = sizes.getLast();
    var first = find(GroupKeysBench.ADVERSARIAL, small, kite);
    var last = find(GroupKeysBench.ADVERSARIAL, large, kite);
    var ordinary = find(GroupKeysBench.ORDINARY, large, kite);
    if (first.isEmpty() || last.isEmpty() || ordinary.isEmpty()) {
      return TargetSection.Line.of(target, null, "not run");
    }
    double growth = last.get().millis() / first.get().millis();
    double vsOrdinary = last.get().millis() / ordinary.get().millis();
    return TargetSection.Line.of(
        target,
        growth <= MAX_GROWTH && vsOrdinary <= MAX_VS_ORDINARY,
        String.format(
            "%,d → %,d keys: %.2f → %.2f ms = %.1fx; %,d adversarial vs ordinary keys: %.2f vs %.2f ms = %.1fx",
            small,
            large,
            first.get().millis(),
            last.get().millis(),
            growth,
            large,
            last.get().millis(),
            ordinary.get().millis(),
            vsOrdinary));
  }

  private List<Integer> sizes() {
    return r.groupKeys.stream().map(Results.GroupKeys::distinct).distinct().sorted().toList();
  }

  private Optional<Results.GroupKeys> find(String shape, int n, String engine) {
    return r.groupKeys.stream()
        .filter(g -> g.keys().equals(shape) && g.distinct() == n && g.engine().equals(engine))
        .findFirst();
  }
}
