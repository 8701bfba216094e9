package io.kitesql.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.function.BinaryOperator;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/** The targets of Tables 1 to 4 and of long rows, each decided from the measured numbers. */
final class Targets {
  private static final String KITE = Stores.Kind.KITE_BORROWED.label();
  private static final String SQLITE = Stores.Kind.SQLITE.label();
  private static final List<String> H2 =
      List.of(Stores.Kind.H2_DEFAULT.label(), Stores.Kind.H2_BIG.label());
  private static final String DOCS = "16 KiB docs";
  private static final List<String> PEERS = List.of(SQLITE, H2.get(0), H2.get(1));

  private final Results r;
  private final List<String> tiers;
  private final List<TargetSection> sections = new ArrayList<>();
  private List<TargetSection.Line> lines = new ArrayList<>();

  Targets(BenchConfig config, Results results) {
    this.r = results;
    this.tiers = config.tiers().stream().map(BenchRunner::tierLabel).toList();
  }

  /** A target's verdict: met, missed, or not measurable (a cell is n/a). */
  private record Verdict(Boolean met, String evidence) {
    static Verdict of(boolean met, String evidence) {
      return new Verdict(met, evidence);
    }
  }

  /** The targets of Tables 1 to 4, then those of long rows. */
  List<TargetSection> sections() {
    String first = tiers.getFirst();
    String last = tiers.getLast();
    line(
        "Table 1: KiteSQL read-only p50 flat across tiers ("
            + last
            + " within 1.3x of "
            + first
            + ")",
        ratio("1", "lookup", last, first, 1.3));
    line(
        "Table 1: KiteSQL read-only allocation constant (spread ≤ 64 B) and ≤ 1 KiB at every tier",
        allocation("1", "lookup", 1024, 64));
    line(
        "Table 1: KiteSQL read-only faster than SQLite at every tier",
        faster("1", "lookup", tiers, List.of(SQLITE), false));
    line(
        "Table 1: KiteSQL read-only not slower than H2 with its big cache at every tier",
        faster("1", "lookup", tiers, List.of(H2.get(1)), true));
    var small = tiers.stream().filter(t -> t.equals("64 B") || t.equals("1 KiB")).toList();
    line(
        "Table 1: KiteSQL read-only p50 ≤ 0.8x H2 with its big cache at "
            + String.join(" and ", small),
        atMost("1", "lookup", small, List.of(H2.get(1)), 0.8));
    line(
        "Table 1: KiteSQL read-only allocation ≤ 0.4 KiB per execution at every tier",
        allocation("1", "lookup", 0.4 * 1024, -1));
    line(
        "Table 1 (lookup + scan every char): KiteSQL read-only p50 ≤ 1.2x the fastest peer at every tier",
        atMostFastest("1", "lookup + scan every char", 1.2));
    line(
        "Table 2: octet_length constant-time on ASCII (" + last + " within 1.3x of " + first + ")",
        ratio("2", "octet_length", last, first, 1.3));
    line(
        "Table 2: char_length constant-time on ASCII (" + last + " within 1.3x of " + first + ")",
        ratio("2", "char_length", last, first, 1.3));
    line(
        "Table 3: KiteSQL read-only allocation ≤ 8 KiB at every tier",
        allocation("3", "group + window + sort", 8192, -1));
    line(
        "Table 3: KiteSQL read-only p50 not slower than H2 (both caches) at every tier",
        faster("3", "group + window + sort", tiers, H2, true));
    line(
        "Table 6: KiteSQL read-only p50 not slower than SQLite at every tier",
        faster("6", "filter on amount, every row", tiers, List.of(SQLITE), true));
    line(
        "Table 4: JSON fetch faster than H2 (both caches)",
        faster("4", "JSON fetch", List.of(DOCS), H2, false));
    var peers = new ArrayList<>(H2);
    peers.addFirst(SQLITE);
    line(
        "Table 4: JSON fetch + parse faster than both peers",
        faster("4", "JSON fetch + parse", List.of(DOCS), peers, false));
    line(
        "Table 4 (CSV variant): fetch faster than H2 (both caches)",
        faster("4", "CSV fetch", List.of(DOCS), H2, false));
    line(
        "Table 4 (CSV variant): fetch + parse faster than both peers",
        faster("4", "CSV fetch + parse", List.of(DOCS), peers, false));
    long violations = r.mapChecks.values().stream().mapToLong(Results.MapCheck::violations).sum();
    long checked = r.mapChecks.values().stream().mapToLong(Results.MapCheck::values).sum();
    var mapCheck = NoiseVerdict.noViolations(checked, violations);
    line(
        "Every KiteSQL read-only text value lies inside the LMDB map",
        new Verdict(
            mapCheck.outcome() == NoiseVerdict.Outcome.NOT_MEASURED
                ? null
                : mapCheck.outcome() == NoiseVerdict.Outcome.MET,
            mapCheck.evidence()));
    section("## Targets for Tables 1 to 4");
    line(
        "Table 2: caller length() (" + last + " within 1.1x of " + first + ")",
        ratio("2", "caller length()", last, first, 1.1));
    line(
        "Table 2: octet_length (" + last + " within 1.1x of " + first + ")",
        ratio("2", "octet_length", last, first, 1.1));
    line(
        "Table 2: char_length (" + last + " within 1.1x of " + first + ")",
        ratio("2", "char_length", last, first, 1.1));
    line(
        "Table 3: p50 (" + last + " within 1.1x of " + first + ")",
        ratio("3", "group + window + sort", last, first, 1.1));
    line(
        "Table 6: a filter on a small column as fast over "
            + last
            + " notes as over "
            + first
            + " notes (within 1.1x)",
        ratio("6", "filter on amount, every row", last, first, 1.1));
    section("## Targets for long rows");
    return List.copyOf(sections);
  }

  private void section(String heading) {
    sections.add(new TargetSection(heading, List.copyOf(lines)));
    lines = new ArrayList<>();
  }

  private void line(String target, Verdict v) {
    lines.add(TargetSection.Line.of(target, v.met(), v.evidence()));
  }

  private Results.Measured measured(String table, String variant, String tier, String engine) {
    return r.get(table, variant, tier, engine) instanceof Results.Measured m ? m : null;
  }

  private Verdict missing(String table, String variant, String tier, String engine) {
    var o = r.get(table, variant, tier, engine);
    return new Verdict(null, engine + " at " + tier + " is " + Report.cell(o));
  }

  private Verdict ratio(String table, String variant, String high, String low, double limit) {
    var a = measured(table, variant, high, KITE);
    var b = measured(table, variant, low, KITE);
    if (a == null || b == null) {
      return missing(table, variant, a == null ? high : low, KITE);
    }
    double ratio = a.p50Micros() / b.p50Micros();
    return Verdict.of(
        ratio <= limit,
        String.format(
            "%s µs / %s µs = %.2fx",
            Report.micros(a.p50Micros()), Report.micros(b.p50Micros()), ratio));
  }

  private Verdict allocation(String table, String variant, double maxBytes, double maxSpread) {
    double min = Double.MAX_VALUE;
    double max = 0;
    for (var tier : tiers) {
      var m = measured(table, variant, tier, KITE);
      if (m == null) {
        return missing(table, variant, tier, KITE);
      }
      min = Math.min(min, m.bytesPerExecution());
      max = Math.max(max, m.bytesPerExecution());
    }
    boolean met = max <= maxBytes && (maxSpread < 0 || max - min <= maxSpread);
    return Verdict.of(met, String.format("%.0f to %.0f B per execution", min, max));
  }

  /** KiteSQL's cell beside a peer's at one tier. */
  private record Comparison(
      String tier, String peer, Results.Measured kite, Results.Measured other) {
    double ratio() {
      return kite.p50Micros() / other.p50Micros();
    }

    /** {@code kite / other µs}. */
    String micros() {
      return Report.micros(kite.p50Micros()) + " / " + Report.micros(other.p50Micros()) + " µs";
    }
  }

  /**
   * KiteSQL's cell beside each peer's at each of {@code at}, in that order; or, if a cell was not
   * measured, the verdict saying which ({@code missing}).
   */
  private record Comparisons(List<Comparison> all, @Nullable Verdict missing) {}

  private Comparisons compare(String table, String variant, List<String> at, List<String> peers) {
    var all = new ArrayList<Comparison>();
    for (var tier : at) {
      var k = measured(table, variant, tier, KITE);
      if (k == null) {
        return new Comparisons(List.of(), missing(table, variant, tier, KITE));
      }
      for (var peer : peers) {
        var p = measured(table, variant, tier, peer);
        if (p == null) {
          return new Comparisons(List.of(), missing(table, variant, tier, peer));
        }
        all.add(new Comparison(tier, peer, k, p));
      }
    }
    return new Comparisons(all, null);
  }

  /** KiteSQL read-only p50 at most {@code bound} times each peer's at each of {@code at}. */
  private Verdict atMost(
      String table, String variant, List<String> at, List<String> peers, double bound) {
    if (at.isEmpty()) {
      return new Verdict(null, "none of these tiers ran");
    }
    var c = compare(table, variant, at, peers);
    if (c.missing() != null) {
      return c.missing();
    }
    return Verdict.of(
        c.all().stream().allMatch(x -> x.ratio() <= bound),
        c.all().stream()
            .map(x -> String.format("%s: %s = %.2fx", x.tier(), x.micros(), x.ratio()))
            .collect(Collectors.joining("; ")));
  }

  /** KiteSQL read-only p50 at most {@code bound} times the fastest peer's, at every tier. */
  private Verdict atMostFastest(String table, String variant, double bound) {
    var c = compare(table, variant, tiers, PEERS);
    if (c.missing() != null) {
      return c.missing();
    }
    var fastest =
        c.all().stream()
            .collect(
                Collectors.toMap(
                    Comparison::tier,
                    x -> x,
                    BinaryOperator.minBy(Comparator.comparingDouble(x -> x.other().p50Micros())),
                    LinkedHashMap::new))
            .values();
    return Verdict.of(
        fastest.stream().allMatch(x -> x.ratio() <= bound),
        fastest.stream()
            .map(
                x ->
                    String.format("%s: %s (%s) = %.2fx", x.tier(), x.micros(), x.peer(), x.ratio()))
            .collect(Collectors.joining("; ")));
  }

  /** KiteSQL read-only p50 below (or, if {@code orEqual}, not above) each peer's, at every tier. */
  private Verdict faster(
      String table, String variant, List<String> at, List<String> peers, boolean orEqual) {
    var c = compare(table, variant, at, peers);
    if (c.missing() != null) {
      return c.missing();
    }
    var misses =
        c.all().stream()
            .filter(x -> orEqual ? x.ratio() > 1.0 : x.ratio() >= 1.0)
            .map(x -> x.tier() + " vs " + x.peer() + ": " + x.micros())
            .toList();
    double worst = c.all().stream().mapToDouble(Comparison::ratio).max().orElse(0);
    return Verdict.of(
        misses.isEmpty(),
        misses.isEmpty()
            ? String.format("worst ratio KiteSQL/peer %.2fx", worst)
            : "slower at " + String.join("; ", misses));
  }
}
